/** POST /address/validate through each carrier's address service, against the emulator over loopback. */
import { afterEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { useShopping } from '../shopping/support.js';

const s = useShopping();
afterEach(() => s.em.clearFaults());

const check = (
  carrier: 'carrier_a' | 'carrier_b' | 'carrier_c' | 'carrier_d' | 'carrier_d_reseller',
  address: Record<string, unknown>,
) =>
  s.t.call('POST', '/address/validate', s.key, {
    address_validation: { shipping_account: s.accounts[carrier], address: { country: 'US', ...address } },
  });

const fifth = { name: 'Bob', street1: '5 Fifth Ave', city: 'New York', state: 'NY', postal_code: '10001' };
const memphis = { street1: '1 Main St', city: 'Memphis', state: 'TN' };

describe.each(['carrier_a', 'carrier_b', 'carrier_d'] as const)(
  'POST /address/validate with %s (street level)',
  (carrier) => {
    it('valid: deliverable as given, standardised with ZIP+4', async () => {
      const res = await check(carrier, fifth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.address_validation).toMatchObject({
        status: 'valid',
        address: { street1: '5 FIFTH AVE', city: 'NEW YORK', state: 'NY', postal_code: '10001-7602', country: 'US' },
        candidates: [],
        residential: true,
      });
      for (const zip of ['38117', '38118'])
        expect((await check(carrier, { ...memphis, postal_code: zip })).body.address_validation.status).toBe('valid');
      expect(
        (await check(carrier, { street1: '500 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105' }))
          .body.address_validation,
      ).toMatchObject({ status: 'valid', residential: false });
    });

    it('corrected: a ZIP of another city, or a long street suffix, comes back standardised', async () => {
      const zip = (await check(carrier, { ...fifth, postal_code: '10003' })).body.address_validation;
      expect(zip).toMatchObject({ status: 'corrected', address: { postal_code: '10001-7602' } });
      const street = (
        await check(carrier, { street1: '123 Main Street', city: 'Los Angeles', state: 'CA', postal_code: '90001' })
      ).body.address_validation;
      expect(street).toMatchObject({ status: 'corrected', address: { street1: '123 MAIN ST' } });
    });

    it('ambiguous: a street in two ZIP codes of the city, without one', async () => {
      const res = (await check(carrier, memphis)).body.address_validation;
      expect(res.status).toBe('ambiguous');
      expect(res.messages.length).toBeGreaterThan(0);
      if (carrier === 'carrier_b')
        expect(res.candidates.map((c: { postal_code: string }) => c.postal_code)).toEqual(['38117-4401', '38118-2210']);
    });

    it('invalid: a street that does not exist, with the carrier’s message', async () => {
      const res = (await check(carrier, { ...fifth, street1: '77 Nowhere Blvd' })).body.address_validation;
      expect(res).toMatchObject({ status: 'invalid', residential: null });
      expect(res.messages.length).toBeGreaterThan(0);
    });
  },
);

describe('POST /address/validate with carrier_c (postal location only)', () => {
  it('says it checks the postal location only, and gives every status it can', async () => {
    const valid = (await check('carrier_c', fifth)).body.address_validation;
    expect(valid).toMatchObject({
      status: 'valid',
      residential: null,
      address: { street1: '5 Fifth Ave', city: 'NEW YORK', postal_code: '10001' },
    });
    expect(valid.messages.join(' ')).toContain('postal location only');
    // A street that does not exist still passes: DHL does not look at streets.
    expect((await check('carrier_c', { ...fifth, street1: '77 Nowhere Blvd' })).body.address_validation.status).toBe(
      'valid',
    );
    expect((await check('carrier_c', { ...fifth, city: 'Memphis' })).body.address_validation).toMatchObject({
      status: 'corrected',
      address: { city: 'NEW YORK' },
    });
    expect((await check('carrier_c', { ...memphis })).body.address_validation.status).toBe('ambiguous');
    expect(
      (await check('carrier_c', { ...fifth, city: 'Atlantis', postal_code: '00000' })).body.address_validation.status,
    ).toBe('invalid');
  });
});

describe('GET /meta/carriers', () => {
  it('lists validate_address for the carriers with an address service', async () => {
    const res = await s.t.call('GET', '/meta/carriers', s.key);
    const withIt = res.body.carriers
      .filter((c: { operations: string[] }) => c.operations.includes('validate_address'))
      .map((c: { slug: string }) => c.slug);
    expect(withIt).toEqual(['carrier_a', 'carrier_b', 'carrier_c', 'carrier_d']);
  });
});

describe('POST /address/validate errors', () => {
  it('carrier_d_reseller has no address service', async () => {
    expectError(await check('carrier_d_reseller', fifth), 400, 'carrier_unsupported_method');
  });

  it('an unknown or foreign account is 404; a malformed body 400', async () => {
    expectError(
      await s.t.call('POST', '/address/validate', s.key, {
        address_validation: { shipping_account: '123456789012345', address: { country: 'US' } },
      }),
      404,
      'shipping_account_not_found',
    );
    expectError(
      await s.t.call('POST', '/address/validate', await s.t.key('other'), {
        address_validation: { shipping_account: s.accounts.carrier_a, address: { ...fifth, country: 'US' } },
      }),
      404,
      'shipping_account_not_found',
    );
    expectError(
      await s.t.call('POST', '/address/validate', s.key, {
        address_validation: { shipping_account: s.accounts.carrier_a },
      }),
      400,
      'schema_field_required',
    );
    expectError(
      await s.t.call('POST', '/address/validate', s.key, {
        address_validation: { shipping_account: s.accounts.carrier_a, address: { country: 'USA' } },
      }),
      400,
      'schema_validation_error',
    );
  });

  it('a carrier failing is the carrier’s error', async () => {
    await s.em.fault('carrier_a', 'address', 'http_500', 0);
    expectError(await check('carrier_a', fifth), 502, 'carrier_http_exception');
  });
});
