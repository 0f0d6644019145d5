import type { Kysely } from 'kysely';

/**
 * The batch worker's claim walks queued items in its order (queued_at, batch_id, idx) and stops at
 * its limit. The index lacked batch_id, so every claim read and sorted all of a lane's queued items
 * (10,000 rows of a large batch, on SQLite on the event loop, once per item booked); with it, a
 * claim reads the rows it takes, and those of batches not yet published that it skips.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('batch_items_queue').execute();
  await db.schema
    .createIndex('batch_items_queue')
    .on('batch_items')
    .columns(['status', 'carrier', 'queued_at', 'batch_id', 'idx'])
    .execute();
}
