/**
 * carrier_d validate_address wire mapping against vendor/addresses.yaml (USPS Addresses 3.0): the
 * query parameters of GET /address, the AddressResponse schema, and the 404 examples' messages.
 * The carriers folder has no recorded address reply; the replies here follow that description.
 */
import { describe, expect, it } from 'vitest';
import { buildAddressRequest, parseAddressResponse } from '../../../src/carriers/carrier_d/address.js';
import { fixturesMissing, readFixtureText } from '../../support/fixtures.js';
import { apiErrorOf } from './support.js';

const given = {
  company: 'Acme',
  street1: '5 Fifth Ave',
  street2: 'Apt 2',
  city: 'New York',
  state: 'ny',
  postal_code: '10001',
  country: 'US',
};
const ok = (body: unknown) => ({ status: 200, body: JSON.stringify(body) });
const response = {
  firm: 'ACME',
  address: {
    streetAddress: '5 FIFTH AVE',
    secondaryAddress: 'APT 2',
    city: 'NEW YORK',
    state: 'NY',
    ZIPCode: '10001',
    ZIPPlus4: '7602',
  },
  additionalInfo: {
    deliveryPoint: '01',
    carrierRoute: 'C001',
    DPVConfirmation: 'Y',
    DPVCMRA: 'N',
    business: 'N',
    centralDeliveryPoint: 'N',
    vacant: 'N',
  },
  corrections: [],
  matches: [{ code: '31', text: 'Single Response - exact match' }],
  warnings: [],
};

describe('carrier_d address', () => {
  it('asks GET /addresses/v3/address with the description’s query parameters', () => {
    const url = new URL(buildAddressRequest({ ...given, postal_code: '10001-7602' }), 'https://apis.usps.com');
    expect(url.pathname).toBe('/addresses/v3/address');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      firm: 'Acme',
      streetAddress: '5 Fifth Ave',
      secondaryAddress: 'Apt 2',
      city: 'New York',
      state: 'NY',
      ZIPCode: '10001',
      ZIPPlus4: '7602',
    });
    expect(apiErrorOf(() => buildAddressRequest({ ...given, state: undefined }))).toMatchObject({
      code: 'schema_field_required',
      detail: 'address.state',
    });
  });

  it.skipIf(fixturesMissing)('uses the parameters, members and messages vendor/addresses.yaml defines', () => {
    const yaml = readFixtureText('carrier_d', 'vendor/addresses.yaml');
    expect(yaml).toContain('  /address:');
    for (const p of ['firm', 'streetAddress', 'secondaryAddress', 'city', 'state', 'ZIPCode', 'ZIPPlus4'])
      expect(yaml).toContain(`- name: ${p}`);
    for (const m of ['DPVConfirmation:', 'business:', 'corrections:', 'matches:']) expect(yaml).toContain(m);
    expect(yaml).toContain('message: There is no match for the address requested.');
    expect(yaml).toContain('message: More than one address was found matching the requested address.');
  });

  it('reads a confirmed delivery point: valid, ZIP+4 added, business N as residential', () => {
    expect(parseAddressResponse(ok(response), given)).toEqual({
      status: 'valid',
      address: {
        street1: '5 FIFTH AVE',
        street2: 'APT 2',
        city: 'NEW YORK',
        state: 'NY',
        postal_code: '10001-7602',
        country: 'US',
      },
      candidates: [],
      residential: true,
      messages: [],
    });
  });

  it('reads a changed ZIP as corrected, DPV N as invalid, correction 22 as ambiguous', () => {
    expect(
      parseAddressResponse(ok({ ...response, additionalInfo: { business: 'Y', DPVConfirmation: 'Y' } }), {
        ...given,
        postal_code: '10003',
      }),
    ).toMatchObject({ status: 'corrected', residential: false });
    const n = parseAddressResponse(
      ok({
        ...response,
        additionalInfo: { DPVConfirmation: 'N' },
        corrections: [{ code: '32', text: 'Default address: more information is needed' }],
      }),
      given,
    );
    expect(n).toMatchObject({
      status: 'invalid',
      messages: ['Default address: more information is needed'],
      residential: null,
    });
    const many = parseAddressResponse(
      ok({
        ...response,
        corrections: [
          { code: '22', text: 'Multiple addresses were found for the information you entered, and no default exists.' },
        ],
      }),
      given,
    );
    expect(many.status).toBe('ambiguous');
    expect(many.candidates).toHaveLength(1);
  });

  it('reads the 404 examples as invalid or ambiguous with USPS’s message, and other errors as errors', () => {
    const none = {
      status: 404,
      body: JSON.stringify({
        apiVersion: 'v3',
        error: { code: '404', message: 'There is no match for the address requested.', errors: [] },
      }),
    };
    expect(parseAddressResponse(none, given)).toMatchObject({
      status: 'invalid',
      messages: ['There is no match for the address requested.'],
      address: given,
    });
    const many = {
      status: 404,
      body: JSON.stringify({
        apiVersion: 'v3',
        error: { code: '404', message: 'More than one address was found matching the requested address.', errors: [] },
      }),
    };
    expect(parseAddressResponse(many, given).status).toBe('ambiguous');
    expect(
      apiErrorOf(() =>
        parseAddressResponse(
          { status: 503, body: '{"error":{"code":"503","message":"Service is unavailable."}}' },
          given,
        ),
      ).code,
    ).toMatch(/^carrier_/);
    expect(apiErrorOf(() => parseAddressResponse(ok({ warnings: [] }), given)).code).toBe('carrier_http_exception');
  });
});
