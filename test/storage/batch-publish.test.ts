/**
 * A batch's items stored over many short transactions, the batch published by the last: while they
 * are being stored, another connection (another request, another instance's worker) finds no batch
 * to list or read and no item to claim or look for, though the first transactions' items are
 * committed; once stored, the items are claimed in batch order.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/storage/database.js';
import * as repo from '../../src/storage/repositories/batches.js';
import { createTestDatabase, dialects } from '../support/databases.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

const NOW = '2026-11-27T10:00:00.000Z';
const COUNT = 1_000;

function itemAt(batchId: string) {
  return (idx: number): repo.BatchItemRow => ({
    batch_id: batchId,
    idx,
    tenant: 'acme',
    row: null,
    reference: `order-${idx}`,
    carrier: 'carrier_a',
    input: '{}',
    status: 'queued',
    attempt: 1,
    queued_at: NOW,
    lease_owner: null,
    lease_until: null,
    shipment_id: null,
    label_ids: null,
    error: null,
    updated_at: NOW,
  });
}

describe.each(dialects)('a batch stored in slices on %s', (dialect) => {
  it('is listed, read and claimed by no one until its last items are stored, then claimed in order', async () => {
    const t = await createTestDatabase(
      dialect,
      dialect === 'sqlite' ? { file: join(tempDir('batch-publish'), 'db.sqlite') } : {},
    );
    const other = createDatabase(t.url);
    try {
      const batch: repo.BatchRow = {
        id: 'bat_slices',
        tenant: 'acme',
        status: 'queued',
        reference: null,
        label_type: null,
        source: 'json',
        total: COUNT,
        created_at: NOW,
        completed_at: null,
      };
      const claimQuery = (owner: string, limit: number): repo.ClaimQuery => ({
        carrier: 'carrier_a',
        owner,
        now: NOW,
        leaseUntil: '2026-11-27T10:01:00.000Z',
        expiresAt: '2026-11-28T10:00:00.000Z',
        limit,
      });
      const committed: number[] = [];
      const between = async () => {
        expect(await repo.getBatch(other.db, 'acme', batch.id)).toBeUndefined();
        expect(await repo.listBatches(other.db, 'acme', { limit: 10, offset: 0 })).toEqual({ rows: [], total: 0 });
        expect(await repo.claim(other.db, other.dialect, claimQuery('early', 5))).toEqual([]);
        expect(await repo.queuedLanes(other.db, ['carrier_a', 'carrier_b'])()).toEqual(new Set());
        committed.push(
          Number(
            (
              await other.db
                .selectFrom('batch_items')
                .select((eb) => eb.fn.countAll<string | number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        );
      };
      await repo.insertBatch(t.database.db, batch, COUNT, itemAt(batch.id), between);
      // The items went in over several transactions, each seen committed by the other connection.
      expect(Math.max(...committed)).toBeGreaterThan(0);
      expect(Math.max(...committed)).toBeLessThan(COUNT);
      expect(new Set(committed).size).toBeGreaterThan(2);

      expect(await repo.getBatch(other.db, 'acme', batch.id)).toMatchObject({ status: 'queued', total: COUNT });
      expect((await repo.listBatches(other.db, 'acme', { limit: 10, offset: 0 })).total).toBe(1);
      expect((await repo.countsOf(other.db, [batch.id])).get(batch.id)).toMatchObject({ total: COUNT, queued: COUNT });
      expect(await repo.queuedLanes(other.db, ['carrier_a', 'carrier_b'])()).toEqual(new Set(['carrier_a']));
      const first = await repo.claim(other.db, other.dialect, claimQuery('worker', 5));
      const next = await repo.claim(t.database.db, t.database.dialect, claimQuery('worker', 5));
      expect([...first, ...next].map((i) => i.idx)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(await repo.unpublished(other.db, '2026-11-28T00:00:00.000Z', 10)).toEqual([]);
    } finally {
      await other.close();
      await t.drop();
    }
  });

  it('removes what an unpublished batch left, and only such a batch', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      // Written as the table holds it: a batch still being stored is no record the repositories hand out.
      const left: Omit<repo.BatchRow, 'status'> & { status: string } = {
        id: 'bat_left',
        tenant: 'acme',
        status: repo.STORING,
        reference: null,
        label_type: null,
        source: 'json',
        total: 450,
        created_at: NOW,
        completed_at: null,
      };
      await db.insertInto('batches').values(left).execute();
      for (let i = 0; i < 400; i += 100)
        await db
          .insertInto('batch_items')
          .values(Array.from({ length: 100 }, (_, k) => repo.itemRow(itemAt(left.id)(i + k))))
          .execute();
      await repo.insertBatch(db, { ...left, id: 'bat_whole', status: 'queued', total: 3 }, 3, itemAt('bat_whole'));
      // Begun after the cut-off: perhaps still being stored, so kept.
      expect(await repo.unpublished(db, NOW, 10)).toEqual([]);
      const found = await repo.unpublished(db, '2026-11-27T10:10:00.000Z', 10);
      expect(found).toEqual([{ id: left.id, total: 450 }]);
      await repo.deleteUnpublished(db, found[0]!);
      expect(await db.selectFrom('batches').select('id').execute()).toEqual([{ id: 'bat_whole' }]);
      expect(
        (await db.selectFrom('batch_items').select('batch_id').execute()).every((r) => r.batch_id === 'bat_whole'),
      ).toBe(true);
      expect(await db.selectFrom('batch_items').select('idx').execute()).toHaveLength(3);
    } finally {
      await t.drop();
    }
  });

  it('cancels every queued item of a large batch a slice at a time, and no other, and queues failed ones again the same way', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      const batch: repo.BatchRow = {
        id: 'bat_cancel',
        tenant: 'acme',
        status: 'queued',
        reference: null,
        label_type: null,
        source: 'json',
        total: 1_234,
        created_at: NOW,
        completed_at: null,
      };
      await repo.insertBatch(db, batch, batch.total, (idx) => ({
        ...itemAt(batch.id)(idx),
        status: idx % 100 === 7 ? 'booked' : 'queued',
      }));
      await repo.insertBatch(db, { ...batch, id: 'bat_other', total: 3 }, 3, itemAt('bat_other'));
      let turns = 0;
      await repo.cancelQueued(db, batch.id, batch.total, NOW, async () => void turns++);
      expect(turns).toBeGreaterThan(2);
      expect((await repo.countsOf(db, [batch.id, 'bat_other'])).get(batch.id)).toMatchObject({
        total: 1_234,
        queued: 0,
        booked: 13,
        cancelled: 1_221,
      });
      expect((await repo.countsOf(db, ['bat_other'])).get('bat_other')).toMatchObject({ queued: 3 });
      // Failed items back in the queue the same way, a slice at a time.
      await db
        .updateTable('batch_items')
        .set({ status: 'failed' })
        .where('batch_id', '=', batch.id)
        .where('status', '=', 'cancelled')
        .execute();
      turns = 0;
      expect(
        await repo.requeueFailed(
          db,
          batch.id,
          batch.total,
          { includeInterrupted: false, at: NOW },
          async () => void turns++,
        ),
      ).toBe(1_221);
      expect(turns).toBeGreaterThan(2);
      expect((await repo.countsOf(db, [batch.id])).get(batch.id)).toMatchObject({
        queued: 1_221,
        booked: 13,
        failed: 0,
      });
    } finally {
      await t.drop();
    }
  });
});
