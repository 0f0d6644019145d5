/**
 * Finding: after the carrier cut the connection on a booking, the retry with the same key was told
 * "still being processed" until the claim went stale (twice the carrier timeout), so a client that
 * retried every second waited about half a minute for nothing. The call is over once its answer is
 * lost: the first answer says the outcome is unknown, and a retry asks the carrier at once, answering
 * the booking as soon as the carrier shows it, or saying plainly that it is still being checked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingReference } from '../../src/services/kernel/booking-lookup.js';
import type { TestApp } from '../support/app.js';
import { carrierTimes, movableClock, startBookingApp } from '../support/booking-app.js';
import type { TestEmulator } from '../support/emulator.js';
import { shipment } from '../contract/support.js';

/** Long enough that a loaded machine's slow first label is not a timeout: the answers here are cut, not late. */
const TIMEOUT_MS = 30_000;
const LOOKUP_DELAY_MS = 60_000;
const clock = movableClock();
let em: TestEmulator;
let t: TestApp;
let key: string;
let account: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ em, t, key, account, close } = await startBookingApp({ clock, env: carrierTimes(TIMEOUT_MS, LOOKUP_DELAY_MS) }));
  // The emulator's first label starts its drawing threads: done here, not inside a cut call.
  expect((await t.call('POST', '/ship', key, body('Warm Up'))).status).toBe(200);
}, 60_000);
afterAll(() => close?.());
beforeEach(() => em.clearFaults());

const body = (name: string) =>
  shipment(account, { service: 'carrier_a_ground', recipient: { ...shipment(account).shipment.recipient, name } });
const atCarrier = async (k: string) =>
  (await em.bookings('carrier_a')).filter((b) => b.references.includes(bookingReference('acme', k)));

describe('a retry after a lost answer', () => {
  it('the lost answer says the outcome is unknown; the retry at once answers the booking the carrier shows', async () => {
    await em.fault('carrier_a', 'ship', 'drop');
    const lost = await t.call('POST', '/ship', key, body('Quick Retry'), { 'idempotency-key': 'quick-retry' });
    expect(lost.status, lost.raw).toBeGreaterThanOrEqual(500);
    expect(lost.body.error.message).toMatch(
      /outcome is unknown: carrier_a may have booked the label.*same Idempotency-Key/,
    );
    // No clock moved: the claim is fresh, yet the call is over.
    const started = Date.now();
    const retry = await t.call('POST', '/ship', key, body('Quick Retry'), { 'idempotency-key': 'quick-retry' });
    expect(retry.status, retry.raw).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(retry.body.shipment.tracking_number).toBe((await atCarrier('quick-retry'))[0]!.tracking_number);
    const again = await t.call('POST', '/ship', key, body('Quick Retry'), { 'idempotency-key': 'quick-retry' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.shipment.id).toBe(retry.body.shipment.id);
    expect(await atCarrier('quick-retry')).toHaveLength(1);
  });

  it('while the carrier does not show it yet, each retry says at once that it is being checked; then answers it', async () => {
    await em.fault('carrier_a', 'ship', 'drop');
    await em.fault('carrier_a', 'track_reference', 'hidden:600000', 0);
    expect(
      (await t.call('POST', '/ship', key, body('Lagging'), { 'idempotency-key': 'lagging' })).status,
    ).toBeGreaterThanOrEqual(500);
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const retry = await t.call('POST', '/ship', key, body('Lagging'), { 'idempotency-key': 'lagging' });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(retry.status, retry.raw).toBe(409);
      expect(retry.body.error.code).toBe('idempotency_key_in_use');
      expect(retry.body.error.message).toMatch(
        /outcome of the request with Idempotency-Key lagging is unknown.*keeps checking/,
      );
      expect(retry.headers['retry-after']).toBe('5');
    }
    await em.clearFaults();
    const settled = await t.call('POST', '/ship', key, body('Lagging'), { 'idempotency-key': 'lagging' });
    expect(settled.status, settled.raw).toBe(200);
    expect(await atCarrier('lagging')).toHaveLength(1);
  });

  it('a request still running is not taken over: its concurrent retry is told it is in progress', async () => {
    await em.fault('carrier_a', 'ship', 'latency:1500');
    const first = t.call('POST', '/ship', key, body('Running'), { 'idempotency-key': 'running' });
    // Sent while the first is at the carrier.
    await new Promise<void>((resolve) => setImmediate(resolve));
    let second = await t.call('POST', '/ship', key, body('Running'), { 'idempotency-key': 'running' });
    while (second.status === 200 && second.headers['idempotent-replayed'] !== 'true')
      second = await t.call('POST', '/ship', key, body('Running'), { 'idempotency-key': 'running' });
    expect([409, 200]).toContain(second.status);
    if (second.status === 409) expect(second.body.error.message).toMatch(/still being processed/);
    expect((await first).status).toBe(200);
    expect(await atCarrier('running')).toHaveLength(1);
  });
});
