/**
 * kill -9 while a /ship with Idempotency-Key has its booking call in flight (the emulator's `drop`
 * fault books, then holds the answer until the process is gone): the retry with the same key, once
 * the dead claim is stale, answers the booking the carrier made, found by Waybill's reference, and
 * the carrier has made exactly one, with its label where the carrier hands it out again (carrier_b's
 * Label Recovery). SQLite: the instance restarted. PostgreSQL: two instances, the retry sent to the
 * survivor.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookingReference } from '../src/services/kernel/booking-lookup.js';
import { accountBody } from './support/accounts.js';
import { createTestDatabase, postgresUrl } from './support/databases.js';
import { withTestEmulator, type TestEmulator } from './support/emulator.js';
import {
  LOOKUP_CARRIERS,
  lookupCarrierUrls,
  RECOVERS_LABELS,
  shipmentOf,
  type LookupCarrier,
} from './support/lookup-carriers.js';
import { runCli, startServe, type ServerProcess } from './support/process.js';
import { waitFor } from './support/webhook-receiver.js';
import { tempDirs } from './support/temp-dir.js';

const tempDir = tempDirs();

/** The service's settings for a case: its own emulator's carrier URLs, and a claim stale 8 s after the kill at most. */
function envFor(em: TestEmulator, extra: Record<string, string>): Record<string, string> {
  return {
    ...lookupCarrierUrls(em),
    WAYBILL_SECRET_KEY: randomBytes(32).toString('hex'),
    // A claim is stale after twice the carrier timeout: the retry takes it over 8 s after the kill at most.
    WAYBILL_CARRIER_TIMEOUT_MS: '4000',
    WAYBILL_CARRIER_LOOKUP_DELAY_MS: '2000',
    WAYBILL_LOG_LEVEL: 'info',
    ...extra,
  };
}

async function post(url: string, key: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { zkkey: key, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Books with `victim` under the drop fault, kills it once the carrier has booked, and retries through `survivor()`. */
async function killMidBooking(
  em: TestEmulator,
  carrier: LookupCarrier,
  name: string,
  victim: ServerProcess,
  survivor: () => Promise<string>,
  key: string,
) {
  const account = (await post(victim.url, key, '/shippingaccount', accountBody(carrier, { test: true }))).body
    .shipping_account.id;
  const body = { shipment: { shipping_account: account, ...shipmentOf(carrier, name) } };
  const idempotencyKey = `kill-${name}`;
  const reference = bookingReference('acme', idempotencyKey);
  const atCarrier = async () => (await em.bookings(carrier)).filter((b) => b.references.includes(reference));
  await em.fault(carrier, 'ship', 'drop:600000');
  const inFlight = post(victim.url, key, '/ship', body, { 'idempotency-key': idempotencyKey }).catch(() => undefined);
  await waitFor(async () => (await atCarrier()).length === 1, 'the carrier to book', 30_000);
  victim.child.kill('SIGKILL');
  await new Promise((resolve) => victim.child.once('exit', resolve));
  await inFlight;
  await em.clearFaults();

  const url = await survivor();
  // 409 idempotency_key_in_use while the dead claim could still be running, then the carrier's booking.
  const answer = await waitFor(
    async () => {
      const res = await post(url, key, '/ship', body, { 'idempotency-key': idempotencyKey });
      if (res.status === 409 && res.body.error.code === 'idempotency_key_in_use') return undefined;
      return res;
    },
    'the retry to be answered',
    60_000,
  );
  const made = await atCarrier();
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(made).toHaveLength(1);
  expect(answer.body.shipment.tracking_number).toBe(made[0]!.tracking_number);
  expect(answer.body.shipment.recovered).toMatch(new RegExp(`found at ${carrier}`));
  const label = answer.body.shipment.packages[0].label as string | undefined;
  if (RECOVERS_LABELS.has(carrier)) {
    expect(answer.body.shipment.recovered).toMatch(/labels fetched again/);
    const res = await fetch(`${url}${new URL(label!).pathname}`, { headers: { zkkey: key } });
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  } else {
    expect(answer.body.shipment.recovered).toMatch(/without its labels/);
    expect(label).toBeUndefined();
  }
  // Replayed from now on, and still one booking at the carrier.
  const again = await post(url, key, '/ship', body, { 'idempotency-key': idempotencyKey });
  expect(again.body.shipment.id).toBe(answer.body.shipment.id);
  expect(await atCarrier()).toHaveLength(1);
}

// Each case has an emulator of its own, so the cases run at once: most of each is the wait for the
// dead claim to go stale (the file 84 s → 37 s).
describe.concurrent('kill -9 with a /ship booking call in flight', () => {
  it.each(LOOKUP_CARRIERS)(
    '%s, SQLite: the retry after the restart answers the one booking the carrier made',
    (carrier) =>
      withTestEmulator(async (em) => {
        const env = envFor(em, { WAYBILL_DATA_DIR: tempDir('ship-crash') });
        const first = await startServe(env);
        let second: ServerProcess | undefined;
        const key = (await runCli(['keys', 'create', '--tenant', 'acme'], env)).stdout.trim().split('\n').at(-1)!;
        try {
          await killMidBooking(
            em,
            carrier,
            `SQLite-${carrier}`,
            first,
            async () => (second = await startServe(env)).url,
            key,
          );
        } finally {
          await second?.stop();
        }
      }),
    120_000,
  );

  it.skipIf(!postgresUrl).each(LOOKUP_CARRIERS)(
    '%s, PostgreSQL, two instances: the retry to the survivor answers the one booking the carrier made',
    (carrier) =>
      withTestEmulator(async (em) => {
        const db = await createTestDatabase('postgres');
        const env = envFor(em, { WAYBILL_DATABASE_URL: db.url, WAYBILL_DATA_DIR: tempDir('ship-crash-pg') });
        const first = await startServe(env);
        const second = await startServe(env);
        const key = (await runCli(['keys', 'create', '--tenant', 'acme'], env)).stdout.trim().split('\n').at(-1)!;
        try {
          await killMidBooking(em, carrier, `Postgres-${carrier}`, first, async () => second.url, key);
        } finally {
          await second.stop();
          await db.drop();
        }
      }),
    120_000,
  );
});
