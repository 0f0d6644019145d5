/** The whole service → carrier_c adapter → emulator: tracking, pickups, service points, credentials, what carrier_c lacks. */
import { describe, expect, it } from 'vitest';
import { createAdapter } from '../../src/carriers/carrier_c/client.js';
import { createTransport } from '../../src/carriers/shared/transport.js';
import type { CarrierCall } from '../../src/carriers/carrier.js';
import type { TokenStore } from '../../src/carriers/shared/oauth.js';
import { validAuth } from '../support/accounts.js';
import { expectError } from '../support/app.js';
import { address, recipientGB, shipment, useCarrier } from './support.js';

const s = useCarrier('carrier_c', 'DE');
const DAY = 86_400_000;

const berlin = address({
  name: 'Anna Absender',
  company: 'Acme GmbH',
  street1: 'Unter den Linden 1',
  city: 'Berlin',
  state: undefined,
  postal_code: '10117',
  country: 'DE',
  phone: '+49 30 1234567',
});
const book = async (overrides: Record<string, unknown> = {}) => {
  const res = await s.t.call(
    'POST',
    '/ship',
    s.key,
    shipment(s.account, {
      sender: berlin,
      recipient: recipientGB,
      service: 'express_worldwide_p',
      dim_units: 'CM',
      weight_units: 'KG',
      ...overrides,
    }),
  );
  expect(res.status).toBe(200);
  return res.body.shipment.tracking_number as string;
};
const track = (tracking_number: string, extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/track', s.key, {
    track: { shipping_account: s.account, tracking_number, refresh: true, ...extra },
  });

describe('POST /track', () => {
  it('answers a fresh booking as CREATED without checkpoints, then advances to delivery with the emulator clock', async () => {
    const number = await book();
    const fresh = await track(number);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({
      carrier: 'carrier_c',
      tracking_number: number,
      tracking_stage: 'CREATED',
      delivered: false,
    });
    expect(fresh.body.estimated_delivery).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await s.em.advance(10 * DAY);
    const done = await track(number).finally(() => s.em.resetClock());
    expect(done.body).toMatchObject({ tracking_stage: 'DELIVERED', delivered: true, signed_by: 'Clara Recipient' });
    expect(done.body.delivery_date).toMatch(/\+00:00$/);
    const codes = done.body.checkpoints.map((c: { status: string }) => c.status);
    expect(codes[0]).toBe('OK');
    expect(codes).toEqual(expect.arrayContaining(['PU', 'PL', 'DF', 'CR', 'AR', 'WC']));
    for (const c of done.body.checkpoints)
      expect(c.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(done.body.checkpoints.find((c: { status: string }) => c.status === 'PU').tracking_stage).toBe('PICKED_UP');
  });

  it('tracks several numbers in one GET /tracking call, an unknown one failing alone in its slot', async () => {
    const [a, b] = [await book(), await book()];
    const res = await s.t.call(
      'POST',
      '/track',
      s.key,
      [a, '1234567890', b].map((tracking_number) => ({
        track: { shipping_account: s.account, tracking_number, refresh: true },
      })),
    );
    expect(
      res.body.map((r: { tracking_number?: string; error?: { code: string } }) => r.tracking_number ?? r.error?.code),
    ).toEqual([a, 'carrier_no_shipment_found', b]);
  });

  it("answers an unknown number with carrier_no_shipment_found and DHL's message", async () => {
    const err = expectError(await track('1234567890'), 404, 'carrier_no_shipment_found');
    expect(err.message).toContain('No Shipments Found');
    expect(err.detail).toContain('/expressapi/shipments/1234567890/tracking');
  });
});

describe('pickups', () => {
  const location = address({
    name: 'Anna Absender',
    company: 'Acme GmbH',
    street1: 'Unter den Linden 1',
    city: 'Berlin',
    state: undefined,
    postal_code: '10117',
    country: 'DE',
    phone: '+49 30 1234567',
    location_type: 'reception',
  });
  const shipments = [{ packages: [{ weight: 5 }], service: 'express_worldwide_p', recipient: recipientGB }];
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it('answers availability from the pickup capabilities of a rating call per date, weekends left out', async () => {
    const start = iso(Date.now() + DAY);
    const end = iso(Date.now() + 8 * DAY);
    const res = await s.t.call('POST', '/pickup/availability', s.key, {
      pickup_availability: {
        shipping_account: s.account,
        carrier: 'carrier_c',
        location,
        shipments,
        start_date: start,
        end_date: end,
        dim_units: 'CM',
        weight_units: 'KG',
      },
    });
    expect(res.status).toBe(200);
    const dates = res.body.dates as { date: string; earliest: string; latest: string }[];
    expect(dates.length).toBeGreaterThanOrEqual(5);
    for (const d of dates) {
      expect([0, 6]).not.toContain(new Date(`${d.date}T00:00:00Z`).getUTCDay());
      expect(d).toMatchObject({ earliest: '09:00', latest: '18:00' });
    }
  });

  it('schedules a pickup and cancels it through DELETE /pickups/{dispatchConfirmationNumber}', async () => {
    let date = iso(Date.now() + 2 * DAY);
    while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = iso(Date.parse(date) + DAY);
    const res = await s.t.call('POST', '/pickup', s.key, {
      pickup: {
        shipping_account: s.account,
        carrier: 'carrier_c',
        location,
        shipments,
        time: { date, ready_time: '10:00', close_time: '17:00' },
        dim_units: 'CM',
        weight_units: 'KG',
      },
    });
    expect(res.status).toBe(200);
    const number = res.body.pickup.confirmation_number as string;
    expect(number).toMatch(/^CVG\d{12}$/);
    expect(res.body.pickup.pickup_date).toBe(date);

    // The adapter's cancelPickup, on the account's credentials, against the same emulator.
    const transport = createTransport({ timeoutMs: 5000 });
    try {
      const adapter = createAdapter({
        transport,
        labels: {} as never,
        tokens: {} as TokenStore,
        clock: { now: () => new Date() },
        baseUrl: () => `${s.em.url}/carrier_c`,
      });
      const call: CarrierCall = {
        auth: validAuth.carrier_c,
        test: true,
        debug: false,
        country: 'DE',
        log: s.t.app.log,
      };
      await expect(adapter.cancelPickup!(call, { confirmation_number: number })).resolves.toEqual({
        message: `Pickup ${number} cancelled`,
      });
      const again = await adapter.cancelPickup!(call, { confirmation_number: number }).catch((e: unknown) => e);
      expect(again).toMatchObject({
        code: 'carrier_exception',
        message: 'Cancellation of booking was not successful. Pickup already cancelled or completed',
      });
    } finally {
      await transport.close();
    }
  });
});

describe('POST /dopu', () => {
  it('finds service points with opening hours and distances in the asked unit', async () => {
    const res = await s.t.call('POST', '/dopu', s.key, {
      dopu: {
        shipping_account: s.account,
        location: { street1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' },
        radius: 5,
        radius_units: 'KM',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.locations).toHaveLength(3);
    const first = res.body.locations[0];
    expect(first).toMatchObject({
      country: 'DE',
      city: 'BERLIN',
      distance_units: 'KM',
      location_id: expect.stringMatching(/^BER\d{3}$/),
    });
    expect(first.operational_hours.MON).toEqual({ open: '09:00', close: '19:00' });
    expect(first.operational_hours.SAT).toEqual({ open: '10:00', close: '13:00' });
  });
});

describe('POST /validate_credentials', () => {
  it('answers valid: true when DHL accepts the credentials, valid: false (never an error) when it refuses them', async () => {
    const body = {
      validate_credentials: { carrier: 'carrier_c', country: 'DE', auth: validAuth.carrier_c, test: true },
    };
    const ok = await s.t.call('POST', '/validate_credentials', s.key, body);
    expect(ok.status).toBe(200);
    expect(ok.body.valid).toBe(true);
    await s.em.fault('carrier_c', 'address_validate', 'auth', 1);
    const refused = await s.t.call('POST', '/validate_credentials', s.key, body);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ valid: false, message: 'Invalid Credentials' });
    const stored = await s.t.call('POST', '/validate_credentials', s.key, {
      validate_credentials: { shipping_account: s.account },
    });
    expect(stored.body.valid).toBe(true);
  });
});

describe('what carrier_c lacks', () => {
  it('answers carrier_unsupported_method for cancel (pointing to the pickup) and manifest', async () => {
    const number = await book();
    const cancel = expectError(
      await s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: s.account, tracking_number: number } }),
      400,
      'carrier_unsupported_method',
    );
    expect(cancel.message).toBe(
      'carrier_c does not support cancel: its API cannot void a booked shipment; cancel the pickup scheduled for it instead',
    );
    expectError(
      await s.t.call('POST', '/manifest', s.key, { manifest: { shipping_account: s.account } }),
      400,
      'carrier_unsupported_method',
    );
  });
});
