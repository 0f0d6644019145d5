/** The whole service → carrier_b adapter → emulator: tracking, voiding, pickups, drop-off points. */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { senderUS, useCarrierB } from './carrier_b.support.js';
import { address, shipment as baseShipment } from './support.js';

const s = useCarrierB();
const DAY = 86_400_000;
const HOUR = 3_600_000;
const shipment = (overrides: Record<string, unknown> = {}) =>
  baseShipment(s.account, { sender: senderUS, ...overrides });
const book = async () =>
  (await s.t.call('POST', '/ship', s.key, shipment({ service: 'carrier_b_ground' }))).body.shipment
    .tracking_number as string;
const track = (tracking_number: string, extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number, ...extra } });
/** A well-formed 1Z number (valid check digit) that nobody booked. */
const UNKNOWN_1Z = '1Z023E2X0214323462';

describe('POST /track', () => {
  it('tracks a booked shipment: label created, times in ISO 8601 with the scan’s offset', async () => {
    const res = await track(await book());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ carrier: 'carrier_b', tracking_stage: 'CREATED', delivered: false });
    expect(res.body.checkpoints[0].time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/);
    expect(res.body.estimated_delivery).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('advances with the emulator clock: picked up, in transit, delivered', async () => {
    const number = await book();
    try {
      await s.em.advance(2.5 * HOUR);
      const moving = await track(number, { refresh: true });
      expect(moving.body.tracking_stage).toBe('PICKED_UP');
      await s.em.advance(10 * DAY);
      const res = await track(number, { refresh: true });
      expect(res.body).toMatchObject({ tracking_stage: 'DELIVERED', delivered: true, signed_by: 'DRIVER RELEASE' });
      expect(res.body.delivery_date).toMatch(/[+-]\d{2}:\d{2}$/);
      const stages = res.body.checkpoints.map((c: { tracking_stage: string }) => c.tracking_stage);
      expect(stages[0]).toBe('DELIVERED');
      expect(stages).toEqual(expect.arrayContaining(['OUT_FOR_DELIVERY', 'IN_TRANSIT', 'PICKED_UP']));
      expect(stages.at(-1)).toBe('CREATED');
      expect(res.body.checkpoints[0].location).toMatchObject({ city: 'New York', country: 'US' });
    } finally {
      await s.em.resetClock();
    }
  });

  it('tracks a batch with one call per number, an unknown or malformed number failing alone', async () => {
    const [a, b] = [await book(), await book()];
    const res = await s.t.call(
      'POST',
      '/track',
      s.key,
      [a, UNKNOWN_1Z, 'NOT-A-1Z', b].map((tracking_number) => ({
        track: { shipping_account: s.account, tracking_number, refresh: true },
      })),
    );
    expect(
      res.body.map((r: { tracking_number?: string; error?: { code: string } }) => r.tracking_number ?? r.error?.code),
    ).toEqual([a, 'carrier_no_shipment_found', 'carrier_no_shipment_found', b]);
  });

  it('answers unknown numbers with carrier_no_shipment_found, UPS’s message and code', async () => {
    const err = expectError(await track(UNKNOWN_1Z, { refresh: true }), 404, 'carrier_no_shipment_found');
    expect(err.message).toBe('Tracking Information Not Found');
    expect(err.detail).toContain('TW0001');
    expect(expectError(await track('NOT-A-1Z', { refresh: true }), 404, 'carrier_no_shipment_found').detail).toContain(
      'TV1002',
    );
  });
});

describe('POST /cancel', () => {
  it('voids with UPS; tracking then shows SHIPMENT_VOIDED and a second void is refused', async () => {
    const number = await book();
    const res = await s.t.call('POST', '/cancel', s.key, {
      cancel: { shipping_account: s.account, tracking_number: number },
    });
    expect(res.status).toBe(200);
    expect(res.body.success.message).toBe('Voided');
    expect((await track(number, { refresh: true })).body.tracking_stage).toBe('SHIPMENT_VOIDED');
    expectError(
      await s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: s.account, tracking_number: number } }),
      409,
      'conflict',
    );
  });

  it('refuses a number not booked here without asking UPS (its refusal, 190117, is mapped in the adapter tests)', async () => {
    const err = expectError(
      await s.t.call('POST', '/cancel', s.key, {
        cancel: { shipping_account: s.account, tracking_number: UNKNOWN_1Z },
      }),
      404,
      'carrier_no_shipment_found',
    );
    expect(err.detail).toBe(UNKNOWN_1Z);
  });

  it('refuses to void a shipment UPS has picked up', async () => {
    const number = await book();
    try {
      await s.em.advance(3 * HOUR);
      expect(
        expectError(
          await s.t.call('POST', '/cancel', s.key, {
            cancel: { shipping_account: s.account, tracking_number: number },
          }),
          400,
          'carrier_exception',
        ).detail,
      ).toContain('190100');
    } finally {
      await s.em.resetClock();
    }
  });
});

describe('pickups and drop-off locations', () => {
  const location = address({ city: 'Atlanta', state: 'GA', postal_code: '30301', location_type: 'front desk' });
  const shipments = [{ packages: [{ weight: 5 }], service: 'carrier_b_ground' }];
  /** The next n business days from today (UTC), as the emulator counts them. */
  const businessDays = (n: number): string[] => {
    const out: string[] = [];
    for (let t = Date.now() + DAY; out.length < n; t += DAY)
      if (![0, 6].includes(new Date(t).getUTCDay())) out.push(new Date(t).toISOString().slice(0, 10));
    return out;
  };

  it('answers availability date by date through the Pickup rating call; weekends are not offered', async () => {
    const start = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10);
    const res = await s.t.call('POST', '/pickup/availability', s.key, {
      pickup_availability: {
        shipping_account: s.account,
        carrier: 'carrier_b',
        location,
        shipments,
        start_date: start,
        end_date: end,
        dim_units: 'IN',
        weight_units: 'LB',
        ready_time: '10:00',
        close_time: '16:00',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.dates.map((d: { date: string }) => d.date)).toEqual(businessDays(5));
    expect(res.body.dates[0]).toMatchObject({ earliest: '10:00', latest: '16:00' });
  });

  it('passes UPS’s refusal when no date of the range can be picked up (a weekend)', async () => {
    let saturday = Date.now() + DAY;
    while (new Date(saturday).getUTCDay() !== 6) saturday += DAY;
    const [sat, sun] = [saturday, saturday + DAY].map((t) => new Date(t).toISOString().slice(0, 10));
    const body = {
      pickup_availability: {
        shipping_account: s.account,
        carrier: 'carrier_b',
        location,
        shipments,
        start_date: sat,
        end_date: sun,
        dim_units: 'IN',
        weight_units: 'LB',
      },
    };
    const err = expectError(await s.t.call('POST', '/pickup/availability', s.key, body), 400, 'carrier_exception');
    expect(err).toMatchObject({ message: 'Invalid pickup date' });
    expect(err.detail).toContain('9560131');
  });

  it('schedules a pickup: PRN and currency', async () => {
    const [date] = businessDays(1);
    const res = await s.t.call('POST', '/pickup', s.key, {
      pickup: {
        shipping_account: s.account,
        carrier: 'carrier_b',
        location,
        shipments,
        time: { date, ready_time: '09:00', close_time: '17:00' },
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.pickup.confirmation_number).toMatch(/^\d{4}AONCALL02$/);
    expect(res.body.pickup.currency).toBe('USD');
    const tight = await s.t.call('POST', '/pickup', s.key, {
      pickup: {
        shipping_account: s.account,
        carrier: 'carrier_b',
        location,
        shipments,
        time: { date, ready_time: '16:30', close_time: '17:00' },
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expect(expectError(tight, 400, 'carrier_exception').detail).toContain('9510113');
  });

  it('finds drop-off locations through the service-center search', async () => {
    const res = await s.t.call('POST', '/dopu', s.key, {
      dopu: {
        shipping_account: s.account,
        location: { street1: '1 Main St', city: 'Atlanta', state: 'GA', postal_code: '30301', country: 'US' },
        radius: 10,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.locations).toHaveLength(3);
    expect(res.body.locations[0]).toMatchObject({
      country: 'US',
      city: 'ATLANTA',
      distance: 1.7,
      distance_units: 'MI',
    });
    expect(res.body.locations[0].operational_hours).toMatchObject({
      MON: { open: '08:00', close: '18:30' },
      SAT: { open: '09:00', close: '13:00' },
    });
  });

  it('answers carrier_unsupported_method for manifest and validate_credentials', async () => {
    expectError(
      await s.t.call('POST', '/manifest', s.key, { manifest: { shipping_account: s.account } }),
      400,
      'carrier_unsupported_method',
    );
    expectError(
      await s.t.call('POST', '/validate_credentials', s.key, { validate_credentials: { shipping_account: s.account } }),
      400,
      'carrier_unsupported_method',
    );
  });
});
