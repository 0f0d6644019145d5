/**
 * Finding: with the carrier cutting the connection after booking (the emulator's `drop` fault), a
 * /ship answered an error and nobody retried with the same key: the label stayed at the carrier and
 * nowhere in Waybill, and a second purchase made a second label. Every booking call whose outcome was
 * lost is now looked up at the carrier once its timeout and the indexing delay have passed, retried
 * or not: what the carrier booked is stored as a shipment marked recovered (listed, voidable,
 * announced by its event), and the key answers a later retry with it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingReference } from '../../src/services/kernel/booking-lookup.js';
import { accountBody } from '../support/accounts.js';
import { createTestApp, type TestApp } from '../support/app.js';
import type { TestEmulator } from '../support/emulator.js';
import { carrierTimes, movableClock, startBookingApp } from '../support/booking-app.js';
import { waitFor } from '../support/webhook-receiver.js';
import { shipment } from '../contract/support.js';

const TIMEOUT_MS = 5000;
const LOOKUP_DELAY_MS = 60_000;
/** Past the call's timeout and the carrier's indexing delay: "not found" is trusted from here on. */
const SETTLED_MS = TIMEOUT_MS + LOOKUP_DELAY_MS + 1000;
const clock = movableClock();
let em: TestEmulator;
let t: TestApp;
let key: string;
let account: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ em, t, key, account, close } = await startBookingApp({ clock, env: carrierTimes(TIMEOUT_MS, LOOKUP_DELAY_MS) }));
});
afterAll(() => close?.());
beforeEach(() => em.clearFaults());

const body = (name: string) =>
  shipment(account, { service: 'carrier_a_ground', recipient: { ...shipment(account).shipment.recipient, name } });
const recover = () => t.services.recovery.settleDue(t.app.log, 'http://127.0.0.1');
const listed = async (name: string) =>
  (
    (await t.call('GET', '/shipments?limit=100', key)).body as {
      recipient: { name: string };
      id: string;
      tracking_number: string;
      recovered?: string;
      status: string;
    }[]
  ).filter((s) => s.recipient.name === name);
const intents = async () => t.db.database.db.selectFrom('booking_intents').select(['key', 'check_after']).execute();
const atCarrier = async (idempotencyKey: string) =>
  (await em.bookings('carrier_a')).filter((b) => b.references.includes(bookingReference('acme', idempotencyKey)));

describe('a booking whose answer was lost, never retried', () => {
  it('is found at the carrier once the timeout and the indexing delay have passed, stored as recovered, announced, voidable, and answered to a late retry', async () => {
    await em.fault('carrier_a', 'ship', 'drop');
    const lost = await t.call('POST', '/ship', key, body('Lost Once'), { 'idempotency-key': 'lost-once' });
    expect(lost.status, lost.raw).toBeGreaterThanOrEqual(500);
    expect(await atCarrier('lost-once')).toHaveLength(1);
    // Too soon: not looked up, nothing shown yet.
    await recover();
    expect(await listed('Lost Once')).toEqual([]);
    clock.advance(SETTLED_MS);
    await recover();
    const [stored, ...more] = await listed('Lost Once');
    expect(more).toEqual([]);
    expect(stored!.tracking_number).toBe((await atCarrier('lost-once'))[0]!.tracking_number);
    expect(stored!.recovered).toMatch(/answer to the booking call was lost.*found at carrier_a/);
    const events = (await t.call('GET', '/events?type=shipment.created&limit=100', key)).body.events as {
      data: { id: string; recovered?: string };
    }[];
    expect(events.filter((e) => e.data.id === stored!.id).map((e) => e.data.recovered)).toEqual([stored!.recovered]);
    // The client comes back with the same key: the recovered booking, not a second one.
    const retry = await t.call('POST', '/ship', key, body('Lost Once'), { 'idempotency-key': 'lost-once' });
    expect(retry.status, retry.raw).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.shipment.tracking_number).toBe(stored!.tracking_number);
    expect(await atCarrier('lost-once')).toHaveLength(1);
    const voided = await t.call('POST', '/cancel', key, {
      cancel: { shipping_account: account, tracking_number: stored!.tracking_number },
    });
    expect(voided.status, voided.raw).toBe(200);
    expect(await intents()).toEqual([]);
  });

  it('is found without an Idempotency-Key too', async () => {
    await em.fault('carrier_a', 'ship', 'drop');
    expect((await t.call('POST', '/ship', key, body('No Key'))).status).toBeGreaterThanOrEqual(500);
    clock.advance(SETTLED_MS);
    await recover();
    expect((await listed('No Key')).map((s) => s.recovered !== undefined)).toEqual([true]);
    expect(await intents()).toEqual([]);
  });

  it('a call the carrier never booked (the connection reset first) leaves nothing behind, and the retry books once', async () => {
    await em.fault('carrier_a', 'ship', 'reset');
    expect(
      (await t.call('POST', '/ship', key, body('Never Booked'), { 'idempotency-key': 'never-booked' })).status,
    ).toBeGreaterThanOrEqual(500);
    clock.advance(SETTLED_MS);
    await recover();
    expect(await listed('Never Booked')).toEqual([]);
    expect(await intents()).toEqual([]);
    const retry = await t.call('POST', '/ship', key, body('Never Booked'), { 'idempotency-key': 'never-booked' });
    expect(retry.status, retry.raw).toBe(200);
    expect((await atCarrier('never-booked')).map((b) => b.tracking_number)).toEqual([
      retry.body.shipment.tracking_number,
    ]);
  });

  it('a retry that settles it first is not stored twice by the recovery', async () => {
    await em.fault('carrier_a', 'ship', 'drop');
    expect(
      (await t.call('POST', '/ship', key, body('Retried First'), { 'idempotency-key': 'retried-first' })).status,
    ).toBeGreaterThanOrEqual(500);
    clock.advance(2 * TIMEOUT_MS + 1000);
    expect(
      (await t.call('POST', '/ship', key, body('Retried First'), { 'idempotency-key': 'retried-first' })).status,
    ).toBe(200);
    clock.advance(SETTLED_MS);
    await recover();
    expect(await listed('Retried First')).toHaveLength(1);
    expect(await intents()).toEqual([]);
  });

  it('answered bookings and refusals leave no intent', async () => {
    expect((await t.call('POST', '/ship', key, body('Plain'), { 'idempotency-key': 'plain' })).status).toBe(200);
    await em.fault('carrier_a', 'ship', 'http_500');
    expect(
      (await t.call('POST', '/ship', key, body('Refused'), { 'idempotency-key': 'refused' })).status,
    ).toBeGreaterThanOrEqual(500);
    expect(await intents()).toEqual([]);
  });
});

describe('the recovery as `waybill serve` runs it', () => {
  it('runs in the background loop', async () => {
    const bg = await createTestApp({
      emulatorUrl: em.url,
      clock,
      background: true,
      env: { ...carrierTimes(TIMEOUT_MS, LOOKUP_DELAY_MS), WAYBILL_WEBHOOK_POLL_MS: '50' },
    });
    try {
      const k = await bg.key('acme');
      const acct = (await bg.call('POST', '/shippingaccount', k, accountBody('carrier_a', { test: true }))).body
        .shipping_account.id;
      await em.fault('carrier_a', 'ship', 'drop');
      expect(
        (
          await bg.call('POST', '/ship', k, shipment(acct, { service: 'carrier_a_ground' }), {
            'idempotency-key': 'in-background',
          })
        ).status,
      ).toBeGreaterThanOrEqual(500);
      clock.advance(SETTLED_MS);
      await waitFor(
        async () => ((await bg.call('GET', '/shipments', k)).body as unknown[]).length === 1,
        'the lost booking stored',
        20_000,
      );
    } finally {
      await bg.close();
    }
  });
});
