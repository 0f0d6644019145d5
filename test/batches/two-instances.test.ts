/**
 * Two instances on one PostgreSQL database share a batch: each claims its share of the queue at once
 * (both hold items in progress at the same moment, neither waits for the other to drain it), and
 * every item is booked exactly once at the carrier, whichever instance booked it. The batch is
 * posted to one instance; the other finds it in the database. The emulator runs in this process and
 * counts the bookings by Waybill's reference of each item's attempt.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountBody } from '../support/accounts.js';
import { createTestDatabase, postgresUrl } from '../support/databases.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { lookupCarrierUrls, shipmentOf } from '../support/lookup-carriers.js';
import { runCli, startServe } from '../support/process.js';
import { waitFor } from '../support/webhook-receiver.js';
import { bookingReference } from '../../src/services/kernel/booking-lookup.js';

const ITEMS = 120;
/** Slots per instance: 120 items at 40 ms a booking keep both busy for a while. */
const CONCURRENCY = 4;

let em: TestEmulator;
beforeAll(async () => {
  em = await startTestEmulator();
});
afterAll(() => em?.close());

it.skipIf(!postgresUrl)(
  'PostgreSQL, two instances: both book their share of one batch at once, every item booked exactly once',
  async () => {
    const db = await createTestDatabase('postgres');
    const env = {
      ...lookupCarrierUrls(em),
      WAYBILL_DATABASE_URL: db.url,
      WAYBILL_DATA_DIR: mkdtempSync(join(tmpdir(), 'waybill-two-instances-')),
      WAYBILL_SECRET_KEY: randomBytes(32).toString('hex'),
      WAYBILL_BATCH_CONCURRENCY: String(CONCURRENCY),
      WAYBILL_LOG_LEVEL: 'info',
    };
    const first = await startServe(env);
    const second = await startServe(env);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const key = (await runCli(['keys', 'create', '--tenant', 'acme'], env)).stdout.trim().split('\n').at(-1)!;
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${first.url}${path}`, {
          method,
          headers: { zkkey: key, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: res.status, body: (await res.json()) as any };
      };
      await em.clearFaults();
      await em.fault('carrier_a', 'ship', 'latency:40', 0);
      const account = (await call('POST', '/shippingaccount', accountBody('carrier_a', { test: true }))).body
        .shipping_account.id;
      const shipments = Array.from({ length: ITEMS }, (_, i) => ({
        shipping_account: account,
        ...shipmentOf('carrier_a', `two ${i}`),
      }));
      const posted = await call('POST', '/batches', { batch: { shipments } });
      expect(posted.status).toBe(202);
      const id = posted.body.batch.id as string;

      // While it books: the instances (lease owners) holding items in progress at the same moment.
      let most = 0;
      let busiest = 0;
      const batch = await waitFor(
        async () => {
          const { rows } = await client.query<{ owner: string; n: number }>(
            "select lease_owner as owner, count(*)::int as n from batch_items where batch_id = $1 and status = 'in_progress' group by lease_owner",
            [id],
          );
          most = Math.max(most, rows.length);
          busiest = Math.max(busiest, ...rows.map((r) => r.n));
          const b = (await call('GET', `/batches/${id}`)).body.batch;
          return b.counts.queued + b.counts.in_progress === 0 && b.status === 'completed' && b;
        },
        'the batch to be booked',
        120_000,
      );
      expect(batch.counts.booked).toBe(ITEMS);
      // Both instances had items in progress together, neither more than its slots.
      expect(most).toBe(2);
      expect(busiest).toBeLessThanOrEqual(CONCURRENCY);

      // Each item booked once at the carrier, none twice, and stored once.
      const references = Array.from({ length: ITEMS }, (_, i) => bookingReference('acme', `batch:${id}:${i}:1`));
      const made = (await em.bookings('carrier_a')).filter((b) => b.references.some((r) => references.includes(r)));
      expect(made).toHaveLength(ITEMS);
      for (const reference of references)
        expect(
          made.filter((b) => b.references.includes(reference)),
          reference,
        ).toHaveLength(1);
      const stored = await client.query<{ n: number; items: number }>(
        'select count(*)::int as n, count(distinct i.idx)::int as items from shipments s join batch_items i on i.shipment_id = s.id where s.batch_id = $1',
        [id],
      );
      expect(stored.rows[0]).toEqual({ n: ITEMS, items: ITEMS });
    } finally {
      await client.end();
      await first.stop();
      await second.stop();
      await db.drop();
    }
  },
  180_000,
);
