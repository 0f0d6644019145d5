import type { Kysely } from 'kysely';

/**
 * Scheduled pickups (POST /pickup answers the pickup as stored, with its id), and the sealing-key
 * check: a value sealed with the key of the first instance, so an instance started with another
 * key refuses to start instead of failing on every stored credential.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pickups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('shipping_account_id', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('confirmation_number', 'text', (c) => c.notNull())
    .addColumn('location_code', 'text')
    .addColumn('pickup_date', 'text', (c) => c.notNull())
    .addColumn('test', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema
    .createIndex('pickups_confirmation')
    .on('pickups')
    .columns(['tenant', 'confirmation_number'])
    .execute();

  await db.schema
    .createTable('key_check')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
