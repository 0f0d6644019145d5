/**
 * Batches and their items as the API reads them, and a batch's status. The queue the batch worker
 * claims from is batch-queue.ts, an item's attempt records batch-attempts.ts, the changes of a
 * whole batch's items batch-changes.ts, its storing batch-store.ts, what its print file and manifest
 * read batch-labels.ts; the records are batch-records.ts. All of them are re-exported here.
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../tables.js';
import {
  batchOf,
  itemOf,
  type BatchItemRow,
  type BatchRow,
  type BatchStatus,
  type Counts,
  type ItemStatus,
} from './batch-records.js';
import { STORING } from './batch-store.js';

export * from './batch-attempts.js';
export * from './batch-changes.js';
export * from './batch-labels.js';
export * from './batch-queue.js';
export * from './batch-records.js';
export { deleteUnpublished, insertBatch, publishBatch, STORING, storeBatch, unpublished } from './batch-store.js';

export async function getBatch(db: Kysely<Tables>, tenant: string, id: string): Promise<BatchRow | undefined> {
  const row = await db
    .selectFrom('batches')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .where('status', '!=', STORING)
    .executeTakeFirst();
  return row && batchOf(row);
}

/** A batch by id alone, for the worker that settles it (the id came from the tenant's own item). */
export async function getBatchById(db: Kysely<Tables>, id: string): Promise<BatchRow> {
  return batchOf(await db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/** Newest first. */
export async function listBatches(
  db: Kysely<Tables>,
  tenant: string,
  q: { limit: number; offset: number },
): Promise<{ rows: BatchRow[]; total: number }> {
  const rows = await db
    .selectFrom('batches')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('status', '!=', STORING)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  const { n } = await db
    .selectFrom('batches')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('tenant', '=', tenant)
    .where('status', '!=', STORING)
    .executeTakeFirstOrThrow();
  return { rows: rows.map(batchOf), total: Number(n) };
}

const emptyCounts = (): Counts => ({ total: 0, queued: 0, in_progress: 0, booked: 0, failed: 0, cancelled: 0 });

/** Items per status of each batch, counted (not kept as counters, which instances would contend on). */
export async function countsOf(db: Kysely<Tables>, batchIds: string[]): Promise<Map<string, Counts>> {
  const out = new Map(batchIds.map((id) => [id, emptyCounts()]));
  if (batchIds.length === 0) return out;
  const rows = await db
    .selectFrom('batch_items')
    .select(['batch_id', 'status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('batch_id', 'in', batchIds)
    .groupBy(['batch_id', 'status'])
    .execute();
  for (const r of rows) {
    const c = out.get(r.batch_id)!;
    c[r.status as ItemStatus] = Number(r.n);
    c.total += Number(r.n);
  }
  return out;
}

export async function listItems(
  db: Kysely<Tables>,
  batchId: string,
  q: { status?: ItemStatus; limit: number; offset: number },
): Promise<{ rows: BatchItemRow[]; total: number }> {
  let query = db.selectFrom('batch_items').where('batch_id', '=', batchId);
  if (q.status) query = query.where('status', '=', q.status);
  const rows = await query.selectAll().orderBy('idx').limit(q.limit).offset(q.offset).execute();
  const { n } = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return { rows: rows.map(itemOf), total: Number(n) };
}

/** Whether any item is still to do: one index entry read, however large the batch (it runs after every item). */
export async function hasRemaining(db: Kysely<Tables>, batchId: string): Promise<boolean> {
  const row = await db
    .selectFrom('batch_items')
    .select('idx')
    .where('batch_id', '=', batchId)
    .where('status', 'in', ['queued', 'in_progress'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the batch to a final status once; false when it already was (another instance won). */
export async function finishBatch(
  db: Kysely<Tables>,
  batchId: string,
  status: BatchStatus,
  at: string,
): Promise<boolean> {
  const res = await db
    .updateTable('batches')
    .set({ status, completed_at: at })
    .where('id', '=', batchId)
    .where('status', 'in', ['queued', 'in_progress'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function setBatchStatus(
  db: Kysely<Tables>,
  batchId: string,
  status: BatchStatus,
  completedAt: string | null,
): Promise<void> {
  await db.updateTable('batches').set({ status, completed_at: completedAt }).where('id', '=', batchId).execute();
}
