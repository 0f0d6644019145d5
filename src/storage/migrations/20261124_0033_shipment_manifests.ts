import type { Kysely } from 'kysely';

/**
 * End-of-day forms from stored shipments: the sender of each booking (a form's origin when the
 * account has no billing address) and the form its labels went on (the day's unmanifested labels).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shipments').addColumn('sender', 'text').execute();
  await db.schema.alterTable('shipments').addColumn('manifest_id', 'text').execute();
  await db.schema
    .createIndex('shipments_manifest_day')
    .on('shipments')
    .columns(['tenant', 'shipping_account_id', 'ship_date'])
    .execute();
}
