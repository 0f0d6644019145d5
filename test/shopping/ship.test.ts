/** POST /ship with shipping_accounts and select: rate, select and book in one call. */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { shopBody, useShopping } from './support.js';

const s = useShopping();
const three = () => [s.accounts.carrier_a, s.accounts.carrier_b, s.accounts.carrier_c];

describe('POST /ship with shipping_accounts', () => {
  it('books the selected rate and says what it chose', async () => {
    const rated = await s.t.call('POST', '/rate', s.key, shopBody(three(), { select: 'fastest' }));
    const res = await s.t.call('POST', '/ship', s.key, shopBody(three(), { select: 'fastest' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sh = res.body.shipment;
    expect(sh.selected_rate).toEqual(rated.body.selected);
    expect(sh).toMatchObject({
      carrier: sh.selected_rate.carrier,
      shipping_account: sh.selected_rate.shipping_account,
      service: sh.selected_rate.service_type,
      packaging: 'your_packaging',
    });
    expect(sh.tracking_number).toEqual(expect.any(String));
    expect(sh.packages[0].label).toMatch(/\/labels\/lbl_/);
  });

  it('with Idempotency-Key, a retry answers the same booking and books no second label', async () => {
    const body = shopBody(three(), { select: 'cheapest' });
    const headers = { 'idempotency-key': 'shop-and-book-1' };
    const first = await s.t.call('POST', '/ship', s.key, body, headers);
    expect(first.status).toBe(200);
    const again = await s.t.call('POST', '/ship', s.key, body, headers);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.shipment.id).toBe(first.body.shipment.id);
    expect(again.body.shipment.tracking_number).toBe(first.body.shipment.tracking_number);
    const rows = await s.t.db.database.db
      .selectFrom('shipments')
      .select('id')
      .where('tracking_number', '=', first.body.shipment.tracking_number)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('needs select, names no service, and books nothing when no rate qualifies', async () => {
    expect(
      expectError(await s.t.call('POST', '/ship', s.key, shopBody(three())), 400, 'schema_field_required').detail,
    ).toBe('shipment.select');
    expectError(
      await s.t.call('POST', '/ship', s.key, shopBody(three(), { select: 'cheapest', service: 'carrier_a_ground' })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/ship', s.key, shopBody(three(), { select: 'cheapest', deliver_by: '2000-01-01' })),
      400,
      'no_qualifying_rate',
    );
    expectError(
      await s.t.call('POST', '/ship', s.key, shopBody(['424242424242424'], { select: 'cheapest' })),
      404,
      'shipping_account_not_found',
    );
  });
});
