/**
 * carrier_a validate_address wire mapping. The carriers folder holds no recorded payload of FedEx's
 * Address Validation API; the bodies here follow its public reference (Validate Address request and
 * the resolvedAddresses reply with attributes and classification).
 */
import { describe, expect, it } from 'vitest';
import { buildAddressRequest, parseAddressResponse } from '../../../src/carriers/carrier_a/address.js';
import { ApiError } from '../../../src/domain/errors.js';

const given = {
  street1: '7372 Parkridge Blvd',
  street2: 'Apt 286',
  city: 'Irving',
  state: 'TX',
  postal_code: '75063',
  country: 'US',
};

const reply = (resolved: Record<string, unknown>) => ({
  transactionId: 'a6b3d1c7',
  output: { resolvedAddresses: [resolved], alerts: [] },
});
const documented = {
  streetLinesToken: ['7372 PARKRIDGE BLVD', 'APT 286'],
  city: 'IRVING',
  stateOrProvinceCode: 'TX',
  postalCode: '75063-8659',
  parsedPostalCode: { base: '75063', addOn: '8659', deliveryPoint: '86' },
  countryCode: 'US',
  classification: 'RESIDENTIAL',
  customerMessages: [],
  attributes: {
    Resolved: 'true',
    DPV: 'true',
    MultipleMatches: 'false',
    StreetValidated: 'true',
    ZIP4Match: 'true',
    CountrySupported: 'true',
  },
};

describe('carrier_a address', () => {
  it('sends the address as addressesToValidate[0].address with streetLines', () => {
    expect(buildAddressRequest(given, new Date('2026-11-24T10:00:00Z'))).toEqual({
      inEffectAsOfTimestamp: '2026-11-24',
      validateAddressControlParameters: { includeResolutionTokens: true },
      addressesToValidate: [
        {
          address: {
            streetLines: ['7372 Parkridge Blvd', 'Apt 286'],
            city: 'Irving',
            stateOrProvinceCode: 'TX',
            postalCode: '75063',
            countryCode: 'US',
          },
        },
      ],
    });
  });

  it('reads a resolved delivery point as valid, with ZIP+4 and the classification', () => {
    expect(parseAddressResponse(reply(documented), given)).toEqual({
      status: 'valid',
      address: {
        street1: '7372 PARKRIDGE BLVD',
        street2: 'APT 286',
        city: 'IRVING',
        state: 'TX',
        postal_code: '75063-8659',
        country: 'US',
      },
      candidates: [],
      residential: true,
      messages: [],
    });
  });

  it('reads a changed city or ZIP as corrected, BUSINESS as not residential, MIXED as unknown', () => {
    const moved = parseAddressResponse(reply({ ...documented, classification: 'BUSINESS' }), {
      ...given,
      postal_code: '75038',
    });
    expect(moved).toMatchObject({ status: 'corrected', residential: false, address: { postal_code: '75063-8659' } });
    expect(parseAddressResponse(reply({ ...documented, classification: 'MIXED' }), given).residential).toBeNull();
  });

  it('reads MultipleMatches as ambiguous and an unresolved address as invalid, with FedEx’s messages', () => {
    const unresolved = {
      ...documented,
      attributes: { Resolved: 'false', DPV: 'false', MultipleMatches: 'false' },
      customerMessages: [{ code: 'STANDARDIZED.ADDRESS.NOTFOUND', message: 'Address not found' }],
    };
    expect(parseAddressResponse(reply(unresolved), given)).toMatchObject({
      status: 'invalid',
      messages: ['Address not found'],
      address: given,
      residential: null,
    });
    expect(parseAddressResponse(reply({ ...unresolved, attributes: { MultipleMatches: 'true' } }), given).status).toBe(
      'ambiguous',
    );
  });

  it('refuses an answer without resolvedAddresses as the carrier’s unexpected body', () => {
    expect(() => parseAddressResponse({ output: {} }, given)).toThrow(ApiError);
  });
});
