/** Returns through carrier_c's adapter: a carrier without cancel, whose pickups can be cancelled. */
import { describe, expect, it } from 'vitest';
import { address, recipientGB, useCarrier } from './support.js';

// A pickup return method needs its account's billing address, where returned parcels go.
const s = useCarrier(
  'carrier_c',
  'DE',
  {},
  {
    billing_address: address({
      name: 'Retouren',
      street1: 'Hafenstrasse 2',
      city: 'Hamburg',
      state: undefined,
      postal_code: '20457',
      country: 'DE',
      phone: '+49 40 1234567',
    }),
  },
);
const DAY = 86_400_000;

/** The next weekday at least two days ahead: couriers collect on working days. */
function weekday(): string {
  let t = Date.now() + 2 * DAY;
  while ([0, 6].includes(new Date(t).getUTCDay())) t += DAY;
  return new Date(t).toISOString().slice(0, 10);
}

describe('returns with carrier_c', () => {
  it('books a return with its pickup; voiding voids the label here (carrier_c has no cancel) and cancels the pickup there', async () => {
    const method = await s.t.call('POST', '/returns/methods', s.key, {
      return_method: {
        shipping_account: s.account,
        method_name: 'Courier collects',
        type: 'pickup',
        service: 'express_worldwide_p',
        packaging: 'your_packaging',
        cost: { carrier_charge: 30, customer_charge: 0 },
        return_charge: 0,
      },
    });
    expect(method.status, method.raw).toBe(200);
    const customer = address({
      name: 'Anna Kundin',
      street1: 'Unter den Linden 1',
      city: 'Berlin',
      state: undefined,
      postal_code: '10117',
      country: 'DE',
      phone: '+49 30 1234567',
    });
    const created = await s.t.call('POST', '/returns', s.key, {
      return: {
        return_method: method.body.return_method.id,
        customer_id: 'k1',
        customer,
        destination: recipientGB,
        return_lines: [
          {
            product_name: 'Wool scarf',
            quantity: 1,
            value: 40,
            weight: 0.3,
            hs_code: '611710',
            country_of_manufacture: 'DE',
          },
        ],
        packages: [{ weight: 1, length: 20, width: 15, height: 5 }],
        dim_units: 'CM',
        weight_units: 'KG',
        currency: 'EUR',
        pickup: { date: weekday(), ready_time: '10:00', close_time: '17:00' },
      },
    });
    expect(created.status, created.raw).toBe(200);
    const r = created.body;
    expect(r.pickup).toMatchObject({ status: 'SCHEDULED' });
    const voided = await s.t.call('PATCH', `/returns/${r.id}`, s.key, { shipment: { status: 'SHIPMENT_VOIDED' } });
    expect(voided.status, voided.raw).toBe(200);
    expect(voided.body).toMatchObject({ shipment: { status: 'SHIPMENT_VOIDED' }, pickup: { status: 'CANCELLED' } });
    const row = await s.t.db.database.db
      .selectFrom('shipments')
      .select('status')
      .where('id', '=', r.shipment.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('voided');
    // The pickup is gone at the carrier: cancelling it again is refused there.
    const again = await s.t.call('POST', '/pickup/cancel', s.key, {
      pickup_cancel: {
        shipping_account: s.account,
        confirmation_number: r.pickup.confirmation_number,
        date: r.pickup.date,
      },
    });
    expect(again.body.error.message).toMatch(/already cancelled/);
  });
});
