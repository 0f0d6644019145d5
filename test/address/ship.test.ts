/** POST /ship with validate_address: the recipient is checked by the booking account's carrier first. */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { shopBody, useShopping } from '../shopping/support.js';

const s = useShopping();

function ship(account: string, recipient: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const { shipping_accounts: _, ...base } = shopBody([], {
    recipient: { name: 'Bob Recipient', phone: '2125550100', country: 'US', ...recipient },
    validate_address: true,
    packaging: 'your_packaging',
    ...extra,
  }).shipment;
  return { shipment: { ...base, shipping_account: account } };
}
const count = async () =>
  (
    await s.t.db.database.db
      .selectFrom('shipments')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('POST /ship with validate_address', () => {
  it('books a corrected recipient as corrected, keeping the contact, and says so', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      ship(
        s.accounts.carrier_b,
        { street1: '5 Fifth Avenue', city: 'New York', state: 'NY', postal_code: '10003' },
        { service: 'carrier_b_ground' },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sh = res.body.shipment;
    expect(sh.recipient).toMatchObject({
      name: 'Bob Recipient',
      phone: '2125550100',
      street1: '5 FIFTH AVE',
      city: 'NEW YORK',
      state: 'NY',
      postal_code: '10001-7602',
    });
    expect(sh.recipient.residential).toBeUndefined();
    expect(sh.address_validation).toMatchObject({ status: 'corrected', residential: true });
  });

  it('books a valid recipient as given', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      ship(
        s.accounts.carrier_a,
        { street1: '5 Fifth Ave', city: 'New York', state: 'NY', postal_code: '10001' },
        { service: 'carrier_a_ground' },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.shipment.recipient.street1).toBe('5 Fifth Ave');
    expect(res.body.shipment.address_validation.status).toBe('valid');
  });

  it('refuses an invalid or ambiguous recipient with address_invalid, booking nothing', async () => {
    const before = await count();
    const invalid = expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        ship(
          s.accounts.carrier_d,
          { street1: '77 Nowhere Blvd', city: 'New York', state: 'NY', postal_code: '10001' },
          { service: 'carrier_d_ground_advantage' },
        ),
      ),
      400,
      'address_invalid',
    );
    expect(invalid.message).toContain('There is no match for the address requested.');
    const ambiguous = expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        ship(
          s.accounts.carrier_b,
          { street1: '1 Main St', city: 'Memphis', state: 'TN' },
          { service: 'carrier_b_ground' },
        ),
      ),
      400,
      'address_invalid',
    );
    expect(ambiguous.detail).toBe(
      'candidates: 1 MAIN ST, MEMPHIS TN 38117-4401, US | 1 MAIN ST, MEMPHIS TN 38118-2210, US',
    );
    expect(await count()).toBe(before);
  });

  it('checks through the selected account when booking with shipping_accounts', async () => {
    const body = shopBody([s.accounts.carrier_a, s.accounts.carrier_b], {
      select: 'cheapest',
      validate_address: true,
      recipient: {
        name: 'Bob',
        phone: '2125550100',
        street1: '5 Fifth Ave',
        city: 'New York',
        state: 'NY',
        postal_code: '10003',
        country: 'US',
      },
    });
    const res = await s.t.call('POST', '/ship', s.key, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.shipment.shipping_account).toBe(res.body.shipment.selected_rate.shipping_account);
    expect(res.body.shipment.address_validation.status).toBe('corrected');
    expect(res.body.shipment.recipient.postal_code).toBe('10001-7602');
  });

  it('with a carrier that has no address service, is that carrier’s unsupported method', async () => {
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        ship(
          s.accounts.carrier_d_reseller,
          { street1: '5 Fifth Ave', city: 'New York', state: 'NY', postal_code: '10001' },
          { service: 'priority' },
        ),
      ),
      400,
      'carrier_unsupported_method',
    );
  });
});
