import type { Kysely } from 'kysely';

/**
 * Where a return method's parcels go when it says so itself (JSON of an Address): a method on an
 * account without a billing address can then still complete, pickups included. Null: the
 * account's billing address, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('return_methods').addColumn('destination', 'text').execute();
}
