/**
 * kill -9 in the middle of a batch, then a restart: every item is booked exactly once at the carrier
 * (the emulator runs in this test process, so its bookings outlive the killed instance, and its
 * control API counts them). Items the crash caught mid-call are looked up at the carrier by Waybill's
 * reference once their lease runs out: those it booked are stored as booked (with their labels
 * where the carrier hands them out again, carrier_b's Label Recovery; without them for the
 * others), those it never booked go back to the queue after its indexing delay
 * (WAYBILL_CARRIER_LOOKUP_DELAY_MS, shortened here). None is left interrupted for a person.
 * SQLite: one instance killed and restarted. PostgreSQL: two instances, one killed while the
 * other goes on and settles what the dead one held once its leases run out. Items killed while
 * rating (shipping_accounts) had not reached the booking call: they are simply booked after the restart
 * (which also needs the carrier token the killed instance was fetching: its lease is let go at start).
 * carrier_a's batch has 300 items, as the peak batch that left 16 items interrupted before lookups;
 * carrier_b's, carrier_c's and carrier_d_reseller's 100, since carrier_b's 300-item run took over two
 * minutes on a shared two-core machine (the items in flight at the kill, what this checks, do not
 * grow with the batch).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBody } from '../support/accounts.js';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/databases.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import {
  LOOKUP_CARRIERS,
  lookupCarrierUrls,
  RECOVERS_LABELS,
  shipmentOf,
  type LookupCarrier,
} from '../support/lookup-carriers.js';
import { runCli, startServe, type ServerProcess } from '../support/process.js';
import { waitFor } from '../support/webhook-receiver.js';
import { bookingReference } from '../../src/services/kernel/booking-lookup.js';
import { address, recipientUS } from '../contract/support.js';
import { emulatorBookings } from './support.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

/** The size of the batch each carrier books. */
const ITEMS_OF = { carrier_a: 300, carrier_b: 100, carrier_c: 100, carrier_d_reseller: 100 } as const;

let em: TestEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em?.close());

function envFor(extra: Record<string, string>): Record<string, string> {
  return {
    ...lookupCarrierUrls(em),
    WAYBILL_SECRET_KEY: randomBytes(32).toString('hex'),
    WAYBILL_BATCH_LEASE_MS: '1500',
    // Not found is trusted once the call's timeout and the carrier's indexing delay have passed: 7 s.
    WAYBILL_CARRIER_TIMEOUT_MS: '5000',
    WAYBILL_CARRIER_LOOKUP_DELAY_MS: '2000',
    WAYBILL_LOG_LEVEL: 'info',
    ...extra,
  };
}

interface Run {
  url: () => string;
  key: string;
}

async function call(run: Run, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${run.url()}${path}`, {
    method,
    headers: { zkkey: run.key, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

/** Posts a batch, kills `victim` with SIGKILL once some items are booked, and waits for the batch to settle on `survivor`. */
async function crashDuringBatch(
  carrier: LookupCarrier,
  prefix: string,
  opts: { victim: ServerProcess; run: Run; restart: () => Promise<void> },
) {
  const { run } = opts;
  const ITEMS = ITEMS_OF[carrier];
  // Every booking takes a while, so the kill lands with calls in flight.
  await em.clearFaults();
  await em.fault(carrier, 'ship', 'latency:40', 0);
  const account = (await call(run, 'POST', '/shippingaccount', accountBody(carrier, { test: true }))).body
    .shipping_account.id;
  const shipments = Array.from({ length: ITEMS }, (_, i) => ({
    shipping_account: account,
    ...shipmentOf(carrier, `${prefix} ${i}`),
  }));
  const posted = await call(run, 'POST', '/batches', { batch: { shipments } });
  expect(posted.status).toBe(202);
  const id = posted.body.batch.id;
  await waitFor(
    async () => (await call(run, 'GET', `/batches/${id}`)).body.batch.counts.booked >= 10,
    'ten items booked',
    60_000,
  );
  opts.victim.child.kill('SIGKILL');
  await new Promise((resolve) => opts.victim.child.once('exit', resolve));
  await opts.restart();
  const batch = await waitFor(
    async () => {
      const b = (await call(run, 'GET', `/batches/${id}`)).body.batch;
      // Settled items, and the batch's own end recorded (a moment after its last item settles).
      return b.counts.queued + b.counts.in_progress === 0 && b.status !== 'queued' && b.status !== 'in_progress' && b;
    },
    'the batch to settle after the restart',
    90_000,
  );
  const items = (await call(run, 'GET', `/batches/${id}/shipments?pageSize=500`)).body as any[];
  // The carrier's bookings, counted through the emulator's control API: each item's first attempt
  // carries Waybill's reference of its idempotency record.
  const referenceOf = (i: number) => bookingReference('acme', `batch:${id}:${i}:1`);
  const references = new Set(Array.from({ length: ITEMS }, (_, i) => referenceOf(i)));
  const made = (await em.bookings(carrier)).filter((b) => b.references.some((r) => references.has(r)));
  const madeFor = (i: number) => made.filter((b) => b.references.includes(referenceOf(i)));
  const booked = items.filter((i) => i.status === 'booked');
  const found = booked.filter((i) => i.shipment.recovered !== undefined);
  const labelled = RECOVERS_LABELS.has(carrier);
  console.log(
    `${prefix}: ${ITEMS} items, ${booked.length} booked (${found.length} of them found at the carrier after the kill, ${labelled ? 'labels fetched again' : 'without labels'}), ${made.length} carrier bookings`,
  );
  expect(
    items.filter((i) => i.status !== 'booked'),
    JSON.stringify(items.filter((i) => i.status !== 'booked')),
  ).toEqual([]);
  expect(batch.status).toBe('completed');
  // Every item booked once at the carrier, none twice, and as many bookings as items.
  expect(made).toHaveLength(ITEMS);
  for (let i = 0; i < ITEMS; i++) expect(madeFor(i), `${prefix} ${i}`).toHaveLength(1);
  // Booked items are the carrier's bookings, tracking number and all.
  expect(new Set(booked.map((it) => it.shipment.tracking_number)).size).toBe(ITEMS);
  for (const it of booked) expect(madeFor(it.index)[0]?.tracking_number).toBe(it.shipment.tracking_number);
  // A found booking has its label where the carrier hands it out again, else none.
  for (const it of found) {
    const shipment = (await call(run, 'GET', `/shipments/${it.shipment.id}`)).body.shipment;
    expect(shipment.packages[0].label !== undefined, `${prefix} ${it.index}`).toBe(labelled);
  }
}

describe('kill -9 in the middle of a batch', () => {
  it.each(LOOKUP_CARRIERS)(
    '%s, SQLite: restarts and books every item exactly once',
    async (carrier) => {
      const env = envFor({ WAYBILL_DATA_DIR: tempDir('batch-crash') });
      let current = await startServe(env);
      const key = (await runCli(['keys', 'create', '--tenant', 'acme'], env)).stdout.trim().split('\n').at(-1)!;
      const run: Run = { url: () => current.url, key };
      try {
        await crashDuringBatch(carrier, `SQLite ${carrier}`, {
          victim: current,
          run,
          restart: async () => void (current = await startServe(env)),
        });
      } finally {
        await current.stop();
      }
    },
    240_000,
  );

  it('SQLite: items killed while rating (shipping_accounts) go back to the queue and are booked once, none failed as interrupted', async () => {
    const env = envFor({ WAYBILL_DATA_DIR: tempDir('batch-crash-rating') });
    let current = await startServe(env);
    const key = (await runCli(['keys', 'create', '--tenant', 'acme'], env)).stdout.trim().split('\n').at(-1)!;
    const run: Run = { url: () => current.url, key };
    // As many as the carrier's batch slots (WAYBILL_BATCH_CONCURRENCY, 8 by default): all rate at once.
    const n = 8;
    try {
      const accounts: string[] = [];
      for (let i = 0; i < 2; i++)
        accounts.push(
          (await call(run, 'POST', '/shippingaccount', accountBody('carrier_a', { test: true }))).body.shipping_account
            .id,
        );
      // Rating holds every item for a while: the kill lands with all of them mid-rating, none booked.
      await em.fault('carrier_a', 'rate', 'latency:1500', 0);
      const shipments = Array.from({ length: n }, (_, i) => ({
        shipping_accounts: accounts,
        select: 'cheapest',
        sender: address(),
        recipient: { ...recipientUS, name: `Rating ${i}` },
        packages: [{ weight: 2 }],
        packaging: 'your_packaging',
        dim_units: 'IN',
        weight_units: 'LB',
      }));
      const posted = await call(run, 'POST', '/batches', { batch: { shipments } });
      expect(posted.status).toBe(202);
      const id = posted.body.batch.id;
      await waitFor(
        async () => (await call(run, 'GET', `/batches/${id}`)).body.batch.counts.in_progress >= n,
        'every item rating',
        30_000,
      );
      current.child.kill('SIGKILL');
      await new Promise((resolve) => current.child.once('exit', resolve));
      await em.clearFaults();
      current = await startServe(env);
      const batch = await waitFor(
        async () => {
          const b = (await call(run, 'GET', `/batches/${id}`)).body.batch;
          return b.status === 'completed' || b.status === 'completed_with_errors' ? b : undefined;
        },
        'the batch to finish after the restart',
        90_000,
      );
      const failedItems = (await call(run, 'GET', `/batches/${id}/shipments?status=failed`)).body;
      expect(failedItems, JSON.stringify(failedItems)).toEqual([]);
      expect(batch.counts).toMatchObject({ booked: n, failed: 0 });
      const atCarrier = emulatorBookings(em).filter((b) => b.recipient.startsWith('Rating '));
      expect(atCarrier).toHaveLength(n);
      expect(new Set(atCarrier.map((b) => b.recipient)).size).toBe(n);
    } finally {
      await current.stop();
    }
  }, 240_000);

  it.skipIf(!postgresUrl).each(LOOKUP_CARRIERS)(
    '%s, PostgreSQL, two instances: the survivor settles the dead one’s items, every item booked exactly once',
    async (carrier) => {
      const db: TestDatabase = await createTestDatabase('postgres');
      const env = envFor({ WAYBILL_DATABASE_URL: db.url, WAYBILL_DATA_DIR: tempDir('batch-crash-pg') });
      const first = await startServe(env);
      const second = await startServe(env);
      let third: ServerProcess | undefined;
      const key = (await runCli(['keys', 'create', '--tenant', 'acme'], env)).stdout.trim().split('\n').at(-1)!;
      // Requests go to the survivor; the batch is shared through the database.
      const run: Run = { url: () => second.url, key };
      try {
        await crashDuringBatch(carrier, `Postgres ${carrier}`, {
          victim: first,
          run,
          restart: async () => void (third = await startServe(env)),
        });
      } finally {
        await second.stop();
        await third?.stop();
        await db.drop();
      }
    },
    240_000,
  );
});
