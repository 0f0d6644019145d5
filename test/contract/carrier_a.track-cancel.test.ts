/** The whole service → carrier_a adapter → emulator: tracking, cancelling, pickups, drop-off points. */
import { describe, expect, it } from 'vitest';
import { CARRIER_SLUGS } from '../../src/carriers/declarations.js';
import { expectError } from '../support/app.js';
import { address, shipment, useCarrierA } from './support.js';

const s = useCarrierA();
const DAY = 86_400_000;

const book = async () =>
  (await s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'carrier_a_ground' }))).body.shipment
    .tracking_number as string;
const track = (tracking_number: string, extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number, ...extra } });

describe('POST /track', () => {
  it('tracks a booked shipment with ISO 8601 checkpoint times carrying an offset', async () => {
    const res = await track(await book());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ carrier: 'carrier_a', tracking_stage: 'CREATED', delivered: false });
    expect(res.body.checkpoints.length).toBeGreaterThan(0);
    for (const c of res.body.checkpoints)
      expect(c.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect((await track(res.body.tracking_number, { checkpoints: false })).body.checkpoints).toBeUndefined();
  });

  it('serves a fresh cached result without calling the carrier, and refresh: true calls it', async () => {
    const number = await book();
    expect((await track(number)).status).toBe(200);
    await s.em.fault('carrier_a', 'track', 'http_500', 10);
    try {
      expect((await track(number)).status).toBe(200);
      expectError(await track(number, { refresh: true }), 502, 'carrier_http_exception');
    } finally {
      await s.em.clearFaults();
    }
  });

  it('answers the tracking result under an Idempotency-Key, looked up or from memory, and replays it', async () => {
    // A client that keys every POST sends one here too; the answer must still be the result.
    const number = await book();
    const keyed = (key: string) =>
      s.t.call(
        'POST',
        '/track',
        s.key,
        { track: { shipping_account: s.account, tracking_number: number } },
        { 'idempotency-key': key },
      );
    const looked = await keyed('track-lookup');
    expect(looked.status).toBe(200);
    expect(looked.body).toMatchObject({ tracking_number: number, tracking_stage: 'CREATED' });
    const cached = await keyed('track-memory');
    expect(cached.body).toMatchObject({ tracking_number: number, tracking_stage: 'CREATED' });
    const replayed = await keyed('track-lookup');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(looked.body);
  });

  it('advances with time since booking, up to delivery', async () => {
    const number = await book();
    await s.em.advance(10 * DAY);
    const res = await track(number, { refresh: true }).finally(() => s.em.resetClock());
    expect(res.body.tracking_stage).toBe('DELIVERED');
    expect(res.body.delivered).toBe(true);
    expect(res.body.delivery_date).toMatch(/[+-]\d{2}:\d{2}$/);
    const stages = res.body.checkpoints.map((c: { tracking_stage: string }) => c.tracking_stage);
    expect(stages[0]).toBe('DELIVERED');
    expect(stages).toContain('PICKED_UP');
    expect(stages.at(-1)).toBe('CREATED');
  });

  it('tracks several numbers in one carrier call, an unknown one failing alone in its slot', async () => {
    const [a, b] = [await book(), await book()];
    const res = await s.t.call(
      'POST',
      '/track',
      s.key,
      [a, '123456789012', b].map((tracking_number) => ({
        track: { shipping_account: s.account, tracking_number, refresh: true },
      })),
    );
    expect(
      res.body.map((r: { tracking_number?: string; error?: { code: string } }) => r.tracking_number ?? r.error?.code),
    ).toEqual([a, 'carrier_no_shipment_found', b]);
  });

  it('stores every result of a batch of several carrier calls before answering it', async () => {
    // 31 numbers: two calls of carrier_a's 30, the first call's results written while the second is out.
    const numbers: string[] = [];
    for (let i = 0; i < 31; i++) numbers.push(await book());
    const batch = (refresh: boolean) =>
      s.t.call(
        'POST',
        '/track',
        s.key,
        numbers.map((tracking_number) => ({ track: { shipping_account: s.account, tracking_number, refresh } })),
      );
    const fetched = await batch(true);
    expect(fetched.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(fetched.body.map((r: { tracking_number: string }) => r.tracking_number)).toEqual(numbers);
    // Each element is written as the same number's answer alone is.
    expect((await track(numbers[30]!)).body).toEqual(fetched.body[30]);
    // Every result is stored once the answer has come: with the carrier failing, each is answered from what was stored.
    await s.em.fault('carrier_a', 'track', 'http_500', 100);
    const stored = await batch(false);
    await s.em.clearFaults();
    expect(stored.body).toEqual(fetched.body);
  });

  it('answers unknown numbers with carrier_no_shipment_found and the carrier’s message', async () => {
    const err = expectError(await track('123456789012', { refresh: true }), 404, 'carrier_no_shipment_found');
    expect(err.message.length).toBeGreaterThan(5);
    expect(err.detail).toContain('TRACKING.TRACKINGNUMBER.NOTFOUND');
  });

  it.each(CARRIER_SLUGS)('answers TEST100000001–006 for %s without calling it', async (carrier) => {
    const acct = (
      await s.t.call('POST', '/shippingaccount', s.key, { shipping_account: { carrier, country: 'US', test: true } })
    ).body.shipping_account.id;
    const expected = ['CREATED', 'PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'EXCEPTION'];
    for (const [i, stage] of expected.entries()) {
      const res = await s.t.call('POST', '/track', s.key, {
        track: { shipping_account: acct, tracking_number: `TEST10000000${i + 1}` },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ carrier, tracking_stage: stage, delivered: stage === 'DELIVERED' });
      expect(res.body.checkpoints[0].tracking_stage).toBe(stage);
    }
  });

  it('tracks a batch: same order, per-element errors, duplicates fetched once', async () => {
    const number = await book();
    // Three failures: exactly what one fetch consumes (a read is tried three times). Fetched once,
    // both duplicates share the failure; fetched twice, the second fetch would succeed.
    await s.em.fault('carrier_a', 'track', 'http_500', 3);
    const res = await s.t.call('POST', '/track', s.key, [
      { track: { shipping_account: s.account, tracking_number: 'TEST100000003' } },
      { track: { shipping_account: s.account, tracking_number: number, refresh: true } },
      { track: { shipping_account: 'sa_nope', tracking_number: number } },
      { track: { shipping_account: s.account, tracking_number: number, refresh: true, checkpoints: false } },
      { track: { tracking_number: number } },
      'garbage',
    ]);
    await s.em.clearFaults();
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(6);
    expect(res.body[0].tracking_stage).toBe('IN_TRANSIT');
    expect(res.body[1].error.code).toBe('carrier_http_exception');
    expect(res.body[3].error.code).toBe('carrier_http_exception');
    expect(res.body[2].error.code).toBe('shipping_account_not_found');
    expect(res.body[4].error).toMatchObject({ code: 'schema_field_required', detail: '[4].track.shipping_account' });
    expect(res.body[5].error.code).toBe('schema_validation_error');
    expectError(await s.t.call('POST', '/track', s.key, []), 400, 'schema_validation_error');
    expectError(
      await s.t.call(
        'POST',
        '/track',
        s.key,
        Array.from({ length: 1001 }, () => ({})),
      ),
      400,
      'schema_validation_error',
    );
  });
});

describe('POST /cancel', () => {
  it('voids with the carrier; the shipment becomes SHIPMENT_VOIDED and a second cancel is refused', async () => {
    const number = await book();
    const res = await s.t.call('POST', '/cancel', s.key, {
      cancel: { shipping_account: s.account, tracking_number: number },
    });
    expect(res.status).toBe(200);
    expect(typeof res.body.success.message).toBe('string');
    const row = await s.t.db.database.db
      .selectFrom('shipments')
      .select(['status'])
      .where('tracking_number', '=', number)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('voided');
    expectError(
      await s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: s.account, tracking_number: number } }),
      409,
      'conflict',
    );
    expect((await track(number)).body.tracking_stage).toBe('SHIPMENT_VOIDED');
  });

  it('passes the carrier’s refusal for a number it does not know', async () => {
    const res = await s.t.call('POST', '/cancel', s.key, {
      cancel: { shipping_account: s.account, tracking_number: '000000000000' },
    });
    expect([400, 404]).toContain(res.status);
    expect(['carrier_exception', 'carrier_no_shipment_found']).toContain(res.body.error.code);
  });
});

describe('pickups and drop-off locations', () => {
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 6 * DAY).toISOString().slice(0, 10);
  const location = address({ location_type: 'front desk' });
  const shipments = [{ packages: [{ weight: 5 }], service: 'carrier_a_ground' }];

  it('answers availability with the request echoed and dates', async () => {
    const res = await s.t.call('POST', '/pickup/availability', s.key, {
      pickup_availability: {
        shipping_account: s.account,
        carrier: 'carrier_a',
        location,
        shipments,
        start_date: today,
        end_date: later,
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.shipping_account).toBe(s.account);
    expect(res.body.dates.length).toBeGreaterThan(0);
    for (const d of res.body.dates) {
      expect(d.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d.earliest).toMatch(/^\d{2}:\d{2}$/);
      expect(d.latest).toMatch(/^\d{2}:\d{2}$/);
    }
  });

  it('validates the phone number and required location members', async () => {
    const body = (loc: Record<string, unknown>) => ({
      pickup_availability: {
        shipping_account: s.account,
        carrier: 'carrier_a',
        location: loc,
        shipments,
        start_date: today,
        end_date: later,
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expectError(
      await s.t.call('POST', '/pickup/availability', s.key, body({ ...location, phone: 'call me' })),
      400,
      'invalid_phone_number',
    );
    expectError(
      await s.t.call('POST', '/pickup/availability', s.key, body({ ...location, phone: '12' })),
      400,
      'invalid_phone_number',
    );
    const { location_type: _lt, ...noType } = location;
    expect(
      expectError(await s.t.call('POST', '/pickup/availability', s.key, body(noType)), 400, 'schema_field_required')
        .detail,
    ).toBe('pickup_availability.location.location_type');
  });

  it('schedules a pickup and answers its confirmation number', async () => {
    const date = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const res = await s.t.call('POST', '/pickup', s.key, {
      pickup: {
        shipping_account: s.account,
        carrier: 'carrier_a',
        location,
        shipments,
        time: { date, ready_time: '10:00', close_time: '17:00' },
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.pickup.confirmation_number).toMatch(/\S+/);
    expect(res.body.pickup.currency).toBe('USD');
    expect(res.body.pickup.time).toEqual({ date, ready_time: '10:00', close_time: '17:00' });
    const bad = await s.t.call('POST', '/pickup', s.key, {
      pickup: {
        shipping_account: s.account,
        carrier: 'carrier_a',
        location,
        shipments,
        time: { date, ready_time: '17:00', close_time: '10:00' },
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expectError(bad, 400, 'schema_validation_error');
  });

  it('finds drop-off locations with opening hours', async () => {
    const res = await s.t.call('POST', '/dopu', s.key, {
      dopu: {
        shipping_account: s.account,
        location: { street1: '1 Main St', city: 'Memphis', state: 'TN', postal_code: '38117', country: 'US' },
        radius: 10,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.locations.length).toBeGreaterThan(0);
    const loc = res.body.locations[0];
    expect(loc).toMatchObject({ country: 'US' });
    expect(typeof loc.location_id).toBe('string');
    expect(Object.keys(loc.operational_hours).length).toBeGreaterThan(0);
    for (const h of Object.values(loc.operational_hours) as { open: string; close: string }[])
      expect(h.open).toMatch(/^\d{2}:\d{2}$/);
  });

  it('answers carrier_unsupported_method for what carrier_a lacks', async () => {
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
