/**
 * Finding: test accounts without `auth` share the operator's test credentials, so tenant B could
 * void A's label, cancel A's pickup and put A's label on its own SCAN form by number. Waybill now
 * acts only on numbers stored for the tenant: anything else is a 404 without a carrier call.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { address, shipmentD as shipment, useCarrierD } from '../contract/carrier_d.support.js';

const s = useCarrierD();
const DAY = 86_400_000;

async function tenantB(): Promise<{ key: string; account: string }> {
  const key = await s.t.key('globex');
  const res = await s.t.call('POST', '/shippingaccount', key, {
    shipping_account: { carrier: 'carrier_d', country: 'US', test: true, billing_address: address() },
  });
  expect(res.status).toBe(200);
  return { key, account: res.body.shipping_account.id };
}

/** Runs `attack` while every carrier_d call would fail with a 500: a 404 then proves no call was made. */
async function withoutCarrier(attack: () => Promise<void>): Promise<void> {
  await s.em.fault('carrier_d', '*', 'http_500', 0);
  try {
    await attack();
  } finally {
    await s.em.clearFaults();
  }
}

describe('another tenant’s carrier objects', () => {
  it('cannot be cancelled, refunded or manifested by number', async () => {
    const a = (await s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'priority_mail' }))).body.shipment
      .tracking_number as string;
    const date = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const pickup = (
      await s.t.call('POST', '/pickup', s.key, {
        pickup: {
          shipping_account: s.account,
          carrier: 'carrier_d',
          location: address({ location_type: 'front desk' }),
          shipments: [{ packages: [{ weight: 5 }], service: 'priority_mail' }],
          time: { date, ready_time: '10:00', close_time: '17:00' },
          dim_units: 'IN',
          weight_units: 'LB',
        },
      })
    ).body.pickup.confirmation_number as string;
    const b = await tenantB();
    await withoutCarrier(async () => {
      expectError(
        await s.t.call('POST', '/cancel', b.key, { cancel: { shipping_account: b.account, tracking_number: a } }),
        404,
        'carrier_no_shipment_found',
      );
      expect(s.em.emulator.state.carrier_d.labels.get(a)?.refunded).toBeUndefined();
      expectError(
        await s.t.call('POST', '/pickup/cancel', b.key, {
          pickup_cancel: { shipping_account: b.account, confirmation_number: pickup, date },
        }),
        404,
        'not_found',
      );
      expectError(
        await s.t.call('POST', '/manifest', b.key, {
          manifest: { shipping_account: b.account, tracking_numbers: [a] },
        }),
        404,
        'carrier_no_shipment_found',
      );
      // Without numbers the carrier would close out every label of the shared credentials.
      expectError(
        await s.t.call('POST', '/manifest', b.key, { manifest: { shipping_account: b.account } }),
        400,
        'schema_field_required',
      );
    });
    // B got nothing recorded; A's objects are intact and A can still act on them.
    expect((await s.t.call('GET', '/events', b.key)).body.events).toEqual([]);
    expect(
      (
        await s.t.call('POST', '/pickup/cancel', s.key, {
          pickup_cancel: { shipping_account: s.account, confirmation_number: pickup, date },
        })
      ).status,
    ).toBe(200);
    expect(
      (await s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: s.account, tracking_number: a } }))
        .status,
    ).toBe(200);
  });

  it('a number never booked here is unknown, without a carrier call; tracking any number stays allowed', async () => {
    await withoutCarrier(async () => {
      expectError(
        await s.t.call('POST', '/cancel', s.key, {
          cancel: { shipping_account: s.account, tracking_number: '9400100000000000999999' },
        }),
        404,
        'carrier_no_shipment_found',
      );
      expectError(
        await s.t.call('POST', '/pickup/cancel', s.key, {
          pickup_cancel: { shipping_account: s.account, confirmation_number: 'WTC123456789' },
        }),
        404,
        'not_found',
      );
    });
    const tracked = await s.t.call('POST', '/track', s.key, {
      track: { shipping_account: s.account, tracking_number: '9200000000000000000000', refresh: true },
    });
    expectError(tracked, 404, 'carrier_no_shipment_found');
    expect(tracked.body.error.detail).toContain('carrier_d error code');
  });
});
