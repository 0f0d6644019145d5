/**
 * A batch's storing: its items written over many short transactions, then the batch published, and what a store cut off in the middle left removed (repositories/batches.ts re-exports it).
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Tables } from '../tables.js';
import { itemRow, type BatchItemRow, type BatchRow } from './batch-records.js';

/**
 * A batch while its items are being stored: no list, read or claim sees it (`published`). Its row is
 * written first under this status and given its own once its items are stored (publishBatch), so
 * a batch appears whole or not at all; what a crash leaves in between is swept (`unpublished`).
 */
export const STORING = 'storing';
/** Items stored per transaction: a commit of SQLite's (which runs on the event loop) stays short. */
const ROWS_PER_TRANSACTION = 200;
/** Rows a statement inserts or deletes: under SQLite's bound-variable limit, and short. */
const ROWS_PER_STATEMENT = 100;

/**
 * The batch and its `count` items, item `idx` being `itemAt(idx)`, made as its chunk is inserted,
 * then published (`storeBatch`, then `publishBatch` in a transaction of its own).
 */
export async function insertBatch(
  db: Kysely<Tables>,
  batch: BatchRow,
  count: number,
  itemAt: (idx: number) => BatchItemRow,
  between: () => Promise<void> = async () => {},
): Promise<void> {
  await storeBatch(db, batch, count, itemAt, between);
  await db.transaction().execute((trx) => publishBatch(trx, batch));
}

/**
 * The batch, hidden, and its `count` items. The items are stored over many short transactions
 * rather than one (whose commit of 10,000 rows, some 30 MB, held the event loop for half a second),
 * the batch hidden until the caller publishes it (publishBatch, in the transaction that records
 * it). `between` runs before each chunk: the caller's turn to let other work run.
 */
export async function storeBatch(
  db: Kysely<Tables>,
  batch: BatchRow,
  count: number,
  itemAt: (idx: number) => BatchItemRow,
  between: () => Promise<void> = async () => {},
): Promise<void> {
  await db
    .insertInto('batches')
    .values({ ...batch, status: STORING })
    .execute();
  for (let from = 0; from < count; from += ROWS_PER_TRANSACTION) {
    const to = Math.min(count, from + ROWS_PER_TRANSACTION);
    await db.transaction().execute(async (trx) => {
      for (let i = from; i < to; i += ROWS_PER_STATEMENT) {
        await between();
        const chunk = Array.from({ length: Math.min(ROWS_PER_STATEMENT, to - i) }, (_, k) => itemRow(itemAt(i + k)));
        await trx.insertInto('batch_items').values(chunk).execute();
      }
    });
  }
}

/** Makes a stored batch seen; a sweep that removed it meanwhile (its store took too long) fails the request. */
export async function publishBatch(trx: Kysely<Tables>, batch: Pick<BatchRow, 'id' | 'status'>): Promise<void> {
  const res = await trx
    .updateTable('batches')
    .set({ status: batch.status })
    .where('id', '=', batch.id)
    .where('status', '=', STORING)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new Error(`batch ${batch.id} was removed while its items were stored`);
}

/** Batches left unpublished (their store failed or its process died) that were begun before `before`. */
export async function unpublished(
  db: Kysely<Tables>,
  before: string,
  limit: number,
): Promise<Pick<BatchRow, 'id' | 'total'>[]> {
  return db
    .selectFrom('batches')
    .select(['id', 'total'])
    .where('status', '=', STORING)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** An unpublished batch's items a statement at a time (`between` before each), then its row. */
export async function deleteUnpublished(
  db: Kysely<Tables>,
  batch: Pick<BatchRow, 'id' | 'total'>,
  between: () => Promise<void> = async () => {},
): Promise<void> {
  for (let i = 0; i < batch.total; i += ROWS_PER_STATEMENT) {
    await between();
    await db
      .deleteFrom('batch_items')
      .where('batch_id', '=', batch.id)
      .where('idx', '>=', i)
      .where('idx', '<', i + ROWS_PER_STATEMENT)
      .execute();
  }
  // Only if still unpublished: its items are gone either way, and a published batch never had them removed.
  await db.deleteFrom('batches').where('id', '=', batch.id).where('status', '=', STORING).execute();
}

/** Whether a batch's items may be claimed: its last items are stored (the subquery's row is its primary key's). */
export const published = (eb: ExpressionBuilder<Tables, 'batch_items'>) =>
  eb.exists(
    eb
      .selectFrom('batches')
      .select('batches.id')
      .whereRef('batches.id', '=', 'batch_items.batch_id')
      .where('batches.status', '!=', STORING),
  );
