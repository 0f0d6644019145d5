/**
 * What changes a whole batch's items at once (a cancel, a retry): by position, a few hundred a
 * statement, so that 10,000 items never hold SQLite (and the event loop) in one statement.
 */
import { sql, type Kysely } from 'kysely';
import type { Tables } from '../tables.js';

/** Items a cancel's statement marks (by position: the primary key's order). */
const ROWS_PER_UPDATE = 500;

/**
 * The batch's queued items cancelled, `ROWS_PER_UPDATE` positions a statement with `between` before
 * each: one statement over 10,000 items held the event loop 190 ms (SQLite runs it synchronously).
 */
export async function cancelQueued(
  db: Kysely<Tables>,
  batchId: string,
  total: number,
  at: string,
  between: () => Promise<void> = async () => {},
): Promise<void> {
  for (let from = 0; from < total; from += ROWS_PER_UPDATE) {
    await between();
    await db
      .updateTable('batch_items')
      .set({ status: 'cancelled', updated_at: at })
      .where('batch_id', '=', batchId)
      .where('status', '=', 'queued')
      .where('idx', '>=', from)
      .where('idx', '<', from + ROWS_PER_UPDATE)
      .execute();
  }
}

/**
 * Failed items back in the queue, each under a new attempt (so a new idempotency record), marked
 * `ROWS_PER_UPDATE` positions a statement with `between` before each, as cancelQueued does.
 */
export async function requeueFailed(
  db: Kysely<Tables>,
  batchId: string,
  total: number,
  q: { includeInterrupted: boolean; indexes?: number[]; at: string },
  between: () => Promise<void> = async () => {},
): Promise<number> {
  let requeued = 0;
  for (let from = 0; from < total; from += ROWS_PER_UPDATE) {
    await between();
    let query = db
      .updateTable('batch_items')
      .set({ status: 'queued', attempt: sql`attempt + 1`, error: null, queued_at: q.at, updated_at: q.at })
      .where('batch_id', '=', batchId)
      .where('idx', '>=', from)
      .where('idx', '<', from + ROWS_PER_UPDATE)
      .where('status', '=', 'failed')
      // Items that failed before a lane was known (schema errors, unknown accounts) cannot succeed on a retry.
      .where('carrier', 'is not', null);
    if (q.indexes) query = query.where('idx', 'in', q.indexes.length > 0 ? q.indexes : [-1]);
    else if (!q.includeInterrupted)
      query = query.where((eb) =>
        eb.or([eb('error', 'is', null), eb('error', 'not like', '%"detail":"interrupted"%')]),
      );
    requeued += Number((await query.executeTakeFirst()).numUpdatedRows);
  }
  return requeued;
}
