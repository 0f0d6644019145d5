import type { Kysely } from 'kysely';

/**
 * Request-rate buckets every instance takes from (http/shared-buckets.ts): the tokens left in one
 * bucket when it was last taken from, that time (ms since the epoch), and what that take got.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tokens', 'double precision', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('granted', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_at').on('rate_limits').column('at').execute();
}
