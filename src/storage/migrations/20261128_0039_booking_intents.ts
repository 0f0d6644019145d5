import type { Kysely } from 'kysely';

/**
 * A /ship booking call written down before it is made and struck out in the transaction that stores
 * its booking: one left behind is a call whose outcome nobody knows (its answer lost, the instance
 * killed mid-call), which the booking recovery looks up at the carrier once the call's timeout and
 * the carrier's indexing delay have passed, whether or not anyone retries it (a booking the carrier
 * made is never invisible). `key` is the request's Idempotency-Key, or one Waybill made for a
 * request without one; the booking's reference at the carrier derives from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_intents')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('shipment', 'text', (c) => c.notNull())
    .addColumn('extras', 'text')
    .addColumn('acted_by', 'text')
    .addColumn('called_at', 'text', (c) => c.notNull())
    .addColumn('check_after', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('booking_intents_pk', ['tenant', 'key'])
    .execute();
  await db.schema.createIndex('booking_intents_due').on('booking_intents').column('check_after').execute();
}
