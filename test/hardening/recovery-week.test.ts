/**
 * Finding: on Saturday 2026-11-28 a lost booking's recovery booked carrier_c twice and answered
 * stale claims 409: the carrier dates a booking made on a weekend (or past its day's cut-off) for its
 * next working day, and the lookup searched only to the day after the call. The recovery of every
 * carrier that can be asked is run here on each day of a week around a month's end, early and late
 * in the day, on the service's and the emulator's clock set to that day: whatever the date CI runs
 * on, the suite sees the same seven days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '../../src/services/kernel/booking-lookup.js';
import { accountBody } from '../support/accounts.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { shipment } from '../contract/support.js';

const TIMEOUT_MS = 5000;
const DAY_MS = 86_400_000;
/** Wednesday 2026-11-25 to Tuesday 2026-12-01: a weekend and a month's end. */
const DAYS = Array.from({ length: 7 }, (_, i) =>
  new Date(Date.parse('2026-11-25T00:00:00Z') + i * DAY_MS).toISOString().slice(0, 10),
);
/** Morning everywhere tested, and past every carrier's cut-off (23:30 in Berlin, 17:30 in New York). */
const TIMES = ['09:00', '22:30'];

const berlin = {
  name: 'Anna Absender',
  street1: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
  phone: '+49 30 1234567',
};
const munich = {
  name: 'Max Empfänger',
  street1: 'Marienplatz 8',
  city: 'München',
  postal_code: '80331',
  country: 'DE',
  phone: '+49 89 7654321',
};
const CARRIERS = [
  ['carrier_a', { service: 'carrier_a_ground' }],
  ['carrier_b', { service: 'carrier_b_ground' }],
  [
    'carrier_c',
    { service: 'domestic_express', sender: berlin, recipient: munich, dim_units: 'CM', weight_units: 'KG' },
  ],
  ['carrier_d_reseller', { service: 'ground_advantage', packaging: 'parcel' }],
] as const;

/** One clock for the service and the carrier: the day under test plus the time that has passed in it. */
let base = Date.parse(`${DAYS[0]}T${TIMES[0]}:00Z`);
let startedAt = Date.now();
const clock = { now: () => new Date(base + (Date.now() - startedAt)) };
const setDay = (day: string, time: string) => {
  base = Date.parse(`${day}T${time}:00Z`);
  startedAt = Date.now();
};

let em: TestEmulator;
let t: TestApp;
let key: string;
const accounts = new Map<string, string>();

beforeAll(async () => {
  em = await startTestEmulator({ clock });
  t = await createTestApp({
    emulatorUrl: em.url,
    clock,
    env: { WAYBILL_CARRIER_TIMEOUT_MS: String(TIMEOUT_MS), WAYBILL_CARRIER_LOOKUP_DELAY_MS: '60000' },
  });
  key = await t.key('acme');
  for (const [carrier] of CARRIERS)
    accounts.set(
      carrier,
      (await t.call('POST', '/shippingaccount', key, accountBody(carrier, { test: true }))).body.shipping_account.id,
    );
});
afterAll(async () => {
  await t?.close();
  await em?.close();
});

async function carrierBookingsOf(carrier: string, idempotencyKey: string): Promise<string[]> {
  const reference = bookingReference('acme', idempotencyKey);
  return (await em.bookings(carrier)).filter((b) => b.references.includes(reference)).map((b) => b.tracking_number);
}

describe.each(DAYS.flatMap((day) => TIMES.map((time) => [day, time] as const)))(
  'a booking whose answer was lost on %s at %s UTC',
  (day, time) => {
    it.each(CARRIERS)('%s: the retry answers the one booking the carrier made', async (carrier, overrides) => {
      setDay(day, time);
      const body = shipment(accounts.get(carrier)!, { ...overrides });
      const idempotencyKey = `week-${carrier}-${day}-${time}`;
      await em.fault(carrier, 'ship', 'drop');
      const lost = await t.call('POST', '/ship', key, body, { 'idempotency-key': idempotencyKey });
      expect(lost.status, lost.raw).toBeGreaterThanOrEqual(500);
      const made = await carrierBookingsOf(carrier, idempotencyKey);
      expect(made).toHaveLength(1);
      // Stale (twice the carrier timeout) but well inside the indexing delay: only a found booking answers 200.
      base += 2 * TIMEOUT_MS + 1000;
      const retry = await t.call('POST', '/ship', key, body, { 'idempotency-key': idempotencyKey });
      expect(retry.status, retry.raw).toBe(200);
      expect(retry.body.shipment.tracking_number).toBe(made[0]);
      expect(retry.body.shipment.recovered).toMatch(new RegExp(`found at ${carrier}`));
      expect(await carrierBookingsOf(carrier, idempotencyKey)).toEqual(made);
    });
  },
);
