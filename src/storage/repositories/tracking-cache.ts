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
