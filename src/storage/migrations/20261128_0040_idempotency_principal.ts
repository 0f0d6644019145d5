import type { Kysely } from 'kysely';

/**
 * Who made the request an Idempotency-Key holds: a replay is answered only to that principal, or
 * to one holding every permission it held (and a stored answer carrying a secret to that principal
 * alone). Null on claims from before, and on a batch item's (made by the service itself).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency').addColumn('principal', 'text').execute();
}
