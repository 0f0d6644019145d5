/** carrier_c validate_address wire mapping against the recorded MyDHL address-validate payloads. */
import { describe, expect, it } from 'vitest';
import {
  buildAddressRequest,
  parseAddressNotFound,
  parseAddressResponse,
  POSTAL_ONLY,
} from '../../../src/carriers/carrier_c/address.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

const la = { street1: '123 Main Street', city: 'Los Angeles', state: 'CA', postal_code: '90001', country: 'US' };

describe.skipIf(fixturesMissing)('carrier_c address', () => {
  it('asks like fixtures/address_AddressValidationRequest.json', () => {
    const recorded = fixture<Record<string, unknown>>('fixtures/address_AddressValidationRequest.json');
    const { path, query } = buildAddressRequest(la);
    expect(path).toBe('/address-validate');
    expect(Object.fromEntries(query)).toEqual(
      Object.fromEntries(Object.entries(recorded).map(([k, v]) => [k, String(v)])),
    );
  });

  it('reads the recorded answer (postal code as a number) as valid, saying DHL checks the postal location only', () => {
    expect(parseAddressResponse(fixture('fixtures/address_AddressValidationResponse.json'), la)).toEqual({
      status: 'valid',
      address: { street1: '123 Main Street', city: 'LOS ANGELES', state: 'CA', postal_code: '90001', country: 'US' },
      candidates: [],
      residential: null,
      messages: [POSTAL_ONLY],
    });
  });

  it('reads the sample answer with its warning, and a city DHL names differently as corrected', () => {
    const ny = { street1: '5 Fifth Ave', city: 'New York', state: 'NY', postal_code: '10001', country: 'US' };
    const sample = fixture('samples/address_validation_response.json');
    expect(parseAddressResponse(sample, ny)).toMatchObject({
      status: 'valid',
      messages: ['Address has been corrected', POSTAL_ONLY],
    });
    expect(parseAddressResponse(sample, { ...ny, city: 'Manhattan' })).toMatchObject({
      status: 'corrected',
      address: { city: 'NEW YORK', postal_code: '10001' },
    });
  });

  it('reads several locations as ambiguous, none as invalid, and the recorded error as the carrier’s error', () => {
    const two = {
      warnings: [],
      address: [
        { countryCode: 'US', postalCode: '38117', cityName: 'MEMPHIS' },
        { countryCode: 'US', postalCode: '38118', cityName: 'MEMPHIS' },
      ],
    };
    const ambiguous = parseAddressResponse(two, { ...la, city: 'Memphis', postal_code: undefined });
    expect(ambiguous.status).toBe('ambiguous');
    expect(ambiguous.candidates.map((c) => c.postal_code)).toEqual(['38117', '38118']);
    expect(parseAddressResponse({ warnings: [], address: [] }, la)).toMatchObject({
      status: 'invalid',
      residential: null,
    });
    expect(parseAddressNotFound('No matching postal location', la)).toMatchObject({
      status: 'invalid',
      messages: ['No matching postal location', POSTAL_ONLY],
    });
    expect(apiErrorOf(() => parseAddressResponse(fixture('fixtures/address_ErrorResponse.json'), la)).code).toBe(
      'carrier_exception',
    );
    expect(apiErrorOf(() => parseAddressResponse({ warnings: [] }, la)).code).toBe('carrier_http_exception');
  });
});
