/** Last tracking result per tenant, carrier and number: shared by every instance on the database. */
import type { Kysely } from 'kysely';
import type { Tables, TrackingCacheTable } from '../tables.js';

export type TrackingCacheRow = TrackingCacheTable;

export async function getCached(db: Kysely<Tables>, tenant: string, carrier: string, trackingNumber: string, test: boolean): Promise<TrackingCacheRow | undefined> {
  return db
    .selectFrom('tracking_cache')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('carrier', '=', carrier)
    .where('tracking_number', '=', trackingNumber)
    .where('test', '=', test ? 1 : 0)
    .executeTakeFirst();
}

export async function putCached(db: Kysely<Tables>, row: TrackingCacheRow): Promise<void> {
  await db
    .insertInto('tracking_cache')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant', 'carrier', 'tracking_number', 'test']).doUpdateSet({ stage: row.stage, result: row.result, fetched_at: row.fetched_at }))
    .execute();
}

/** Drop every cached result for the number (after a cancellation changes what the carrier says). */
export async function forgetCached(db: Kysely<Tables>, tenant: string, carrier: string, trackingNumber: string): Promise<void> {
  await db.deleteFrom('tracking_cache').where('tenant', '=', tenant).where('carrier', '=', carrier).where('tracking_number', '=', trackingNumber).execute();
}

/** Inserts the row unless one exists; true when this call created it. */
export async function insertIfAbsent(db: Kysely<Tables>, row: TrackingCacheRow): Promise<boolean> {
  const res = await db
    .insertInto('tracking_cache')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant', 'carrier', 'tracking_number', 'test']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * The row, locked until the transaction ends: a write that changes nothing takes the row lock on
 * PostgreSQL (and SQLite runs one writer at a time), so concurrent writers compare in turn.
 */
export async function getCachedForUpdate(db: Kysely<Tables>, tenant: string, carrier: string, trackingNumber: string, test: boolean): Promise<TrackingCacheRow | undefined> {
  await db
    .updateTable('tracking_cache')
    .set((eb) => ({ fetched_at: eb.ref('fetched_at') }))
    .where('tenant', '=', tenant)
    .where('carrier', '=', carrier)
    .where('tracking_number', '=', trackingNumber)
    .where('test', '=', test ? 1 : 0)
    .execute();
  return getCached(db, tenant, carrier, trackingNumber, test);
}
