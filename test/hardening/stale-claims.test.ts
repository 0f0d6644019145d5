/**
 * Finding: kill -9 while a /ship with Idempotency-Key was in flight left its claim in progress, and
 * every retry answered 409 idempotency_key_in_use for 24 h. A claim older than twice the carrier
 * timeout is now stale and taken over; a booking that was stored is replayed, never bought again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../src/services/index.js';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { shipment } from '../contract/support.js';

const TIMEOUT_MS = 1000;
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
let em: TestEmulator;
let t: TestApp;
let key: string;
let account: string;

beforeAll(async () => {
  em = await startTestEmulator();
  t = await createTestApp({ emulatorUrl: em.url, clock, env: { WAYBILL_CARRIER_TIMEOUT_MS: String(TIMEOUT_MS) } });
  key = await t.key('acme');
  account = (await t.call('POST', '/shippingaccount', key, { shipping_account: { carrier: 'carrier_a', country: 'US', test: true } })).body.shipping_account.id;
});
afterAll(async () => {
  await t?.close();
  await em?.close();
});

const body = () => shipment(account, { service: 'carrier_a_ground' });
const shipmentsOf = async () => (await t.db.database.db.selectFrom('shipments').select('id').where('tenant', '=', 'acme').execute()).length;

/** What an instance killed mid-request leaves behind: its claim of the key, never finished. */
async function claimAsDeadInstance(idempotencyKey: string): Promise<void> {
  expect(await t.services.idempotency.claim('acme', idempotencyKey, fingerprint('POST', '/ship', body()))).toEqual({ kind: 'owner' });
}

describe('a claim left by a crashed instance', () => {
  it('holds the key while the first request could still run, then the retry books', async () => {
    await claimAsDeadInstance('crash-before-carrier');
    expectError(await t.call('POST', '/ship', key, body(), { 'idempotency-key': 'crash-before-carrier' }), 409, 'idempotency_key_in_use');
    offset += 2 * TIMEOUT_MS + 1000;
    const before = await shipmentsOf();
    const retry = await t.call('POST', '/ship', key, body(), { 'idempotency-key': 'crash-before-carrier' });
    expect(retry.status, retry.raw).toBe(200);
    expect(await shipmentsOf()).toBe(before + 1);
    // From now on the key replays that booking.
    const again = await t.call('POST', '/ship', key, body(), { 'idempotency-key': 'crash-before-carrier' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.shipment.id).toBe(retry.body.shipment.id);
  });

  it('replays a booking stored before the crash instead of buying it again', async () => {
    await claimAsDeadInstance('crash-after-store');
    // The dead instance got the carrier's answer and stored it, then died before answering.
    const booked = await t.services.shipping.ship('acme', body().shipment as never, { log: t.app.log, labelBaseUrl: 'http://127.0.0.1', idempotencyKey: 'crash-after-store' });
    const before = await shipmentsOf();
    offset += 2 * TIMEOUT_MS + 1000;
    const retry = await t.call('POST', '/ship', key, body(), { 'idempotency-key': 'crash-after-store' });
    expect(retry.status, retry.raw).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.shipment.id).toBe(booked.shipment.id);
    expect(await shipmentsOf()).toBe(before);
  });
});
