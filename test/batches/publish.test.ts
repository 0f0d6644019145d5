/**
 * A batch's items are stored over many short transactions (a single commit of 10,000 rows held the
 * event loop), and the batch is published with the last of them: until then no list, read or
 * worker sees it. A store cut off in the middle (here the database refuses one item of the third
 * transaction, as a full disk would; a crash leaves the same rows) leaves an unpublished batch that
 * nothing shows or books, and that the batch worker removes once no request can still be storing it
 * (on SQLite, one process, as soon as the service starts again).
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { UNPUBLISHED_AFTER_MS } from '../../src/services/batches/worker.js';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { startTestEmulator } from '../support/emulator.js';
import { dialects } from '../support/databases.js';
import { waitFor } from '../support/webhook-receiver.js';
import { recipientUS } from '../contract/support.js';
import { emulatorBookings, finished, item, sender, useBatchApp } from './support.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

const ITEMS = 500;
const FAILING = 450;

describe.each(dialects)('a batch stored in slices on %s', (dialect) => {
  let offsetMs = 0;
  const s = useBatchApp({ dialect, clock: { now: () => new Date(Date.now() + offsetMs) } });
  const db = () => s.t.db.database.db;

  async function failItemsReferenced(reference: string): Promise<void> {
    if (dialect === 'sqlite') {
      await sql
        .raw(
          `CREATE TRIGGER fail_item BEFORE INSERT ON batch_items WHEN NEW.reference = '${reference}' BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
        )
        .execute(db());
    } else {
      await sql
        .raw(
          `CREATE FUNCTION fail_item() RETURNS trigger AS $$ BEGIN IF NEW.reference = '${reference}' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
        )
        .execute(db());
      await sql
        .raw('CREATE TRIGGER fail_item BEFORE INSERT ON batch_items FOR EACH ROW EXECUTE FUNCTION fail_item()')
        .execute(db());
    }
  }
  afterAll(() => void (offsetMs = 0));

  it('shows and books nothing of a batch whose store was cut off, and removes it later', async () => {
    const listed = await s.t.call('GET', '/batches', s.key);
    await failItemsReferenced('fail-here');
    const shipments = Array.from({ length: ITEMS }, (_, i) =>
      item(s.account, {
        recipient: { ...recipientUS, name: `Unpublished ${i}` },
        references: [{ type: 'customer_reference', value: i === FAILING ? 'fail-here' : `order-${i}` }],
      }),
    );
    expect((await s.t.call('POST', '/batches', s.key, { batch: { shipments } })).status).toBe(500);
    await sql.raw('DROP TRIGGER fail_item' + (dialect === 'postgres' ? ' ON batch_items' : '')).execute(db());

    // The transactions before the failing one were committed: the batch's row and their items are there.
    const left = await db()
      .selectFrom('batches')
      .select(['id', 'status'])
      .where('tenant', '=', 'acme')
      .where('status', 'not in', ['queued', 'in_progress', 'completed', 'completed_with_errors', 'cancelled'])
      .execute();
    expect(left).toHaveLength(1);
    const id = left[0]!.id;
    const stored = await db()
      .selectFrom('batch_items')
      .select(['idx', 'status'])
      .where('batch_id', '=', id)
      .orderBy('idx')
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThan(FAILING);
    expect(stored.every((r, i) => r.idx === i && r.status === 'queued')).toBe(true);

    // No list, read or item page shows it.
    const after = await s.t.call('GET', '/batches', s.key);
    expect(after.headers['x-total-count']).toBe(listed.headers['x-total-count']);
    expect(after.body.map((b: any) => b.id)).not.toContain(id);
    expectError(await s.t.call('GET', `/batches/${id}`, s.key), 404, 'not_found');
    expectError(await s.t.call('GET', `/batches/${id}/shipments`, s.key), 404, 'not_found');
    expectError(await s.t.call('POST', `/batches/${id}/cancel`, s.key), 404, 'not_found');

    // The worker books a later batch, and none of the earlier, unpublished one's queued items, which
    // would come first in its order were they claimable.
    const later = await s.t.call('POST', '/batches', s.key, {
      batch: {
        shipments: [0, 1, 2].map((i) => item(s.account, { recipient: { ...recipientUS, name: `Published ${i}` } })),
      },
    });
    expect(later.status).toBe(202);
    expect(await finished(s, later.body.batch.id)).toMatchObject({ status: 'completed', counts: { booked: 3 } });
    expect(emulatorBookings(s.em).filter((b) => b.recipient.startsWith('Unpublished'))).toEqual([]);
    expect(
      await db()
        .selectFrom('batch_items')
        .select('idx')
        .where('batch_id', '=', id)
        .where('status', '!=', 'queued')
        .execute(),
    ).toEqual([]);

    // Once no store can still be running, the worker's sweep removes the batch and its items.
    offsetMs = UNPUBLISHED_AFTER_MS + 61_000;
    await waitFor(
      async () => (await db().selectFrom('batches').select('id').where('id', '=', id).execute()).length === 0,
      'the unpublished batch to be removed',
      30_000,
    );
    expect(await db().selectFrom('batch_items').select('idx').where('batch_id', '=', id).execute()).toEqual([]);
    // The later batch, published, stays.
    expect((await s.t.call('GET', `/batches/${later.body.batch.id}`, s.key)).status).toBe(200);
  });
});

describe('a batch whose store was cut off, on SQLite', () => {
  it('is removed when the service starts again (one process: no store of the previous one still runs)', async () => {
    const em = await startTestEmulator();
    const sqliteFile = join(tempDir('unpublished'), 'db.sqlite');
    const first = await createTestApp({ emulatorUrl: em.url, sqliteFile });
    let second: TestApp | undefined;
    try {
      const key = await first.key();
      const account = (
        await first.call('POST', '/shippingaccount', key, {
          shipping_account: { carrier: 'carrier_a', country: 'US', test: true, billing_address: sender },
        })
      ).body.shipping_account.id;
      const db = first.db.database.db;
      await sql
        .raw(
          "CREATE TRIGGER fail_item BEFORE INSERT ON batch_items WHEN NEW.reference = 'fail-here' BEGIN SELECT RAISE(ABORT, 'disk full'); END",
        )
        .execute(db);
      const shipments = Array.from({ length: ITEMS }, (_, i) =>
        item(account, {
          references: [{ type: 'customer_reference', value: i === FAILING ? 'fail-here' : `order-${i}` }],
        }),
      );
      expect((await first.call('POST', '/batches', key, { batch: { shipments } })).status).toBe(500);
      await sql.raw('DROP TRIGGER fail_item').execute(db);
      const [left] = await db.selectFrom('batches').select('id').execute();
      expect(left).toBeDefined();
      await first.close();

      second = await createTestApp({ emulatorUrl: em.url, sqliteFile, background: true });
      const again = second.db.database.db;
      await waitFor(
        async () => (await again.selectFrom('batches').select('id').execute()).length === 0,
        'the unpublished batch to be removed at start',
      );
      expect(await again.selectFrom('batch_items').select('idx').execute()).toEqual([]);
    } finally {
      await em.close();
      await second?.close();
    }
  });
});
