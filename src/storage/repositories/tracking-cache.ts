/** Last tracking result per tenant, carrier and number: shared by every instance on the database. */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { decodeFlags, encodeFlags, flag, type WithFlags } from '../flags.js';
import type { Tables, TrackingCacheTable } from '../tables.js';

export type TrackingCacheRow = WithFlags<TrackingCacheTable, 'test'>;
const FLAGS = ['test'] as const;
const decode = (row: TrackingCacheTable): TrackingCacheRow => decodeFlags(row, FLAGS);
const encode = (record: TrackingCacheRow): TrackingCacheTable => encodeFlags<TrackingCacheTable, 'test'>(record, FLAGS);

export async function getCached(
  db: Kysely<Tables>,
  tenant: string,
  carrier: string,
  trackingNumber: string,
  test: boolean,
): Promise<TrackingCacheRow | undefined> {
  return db
    .selectFrom('tracking_cache')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('carrier', '=', carrier)
    .where('tracking_number', '=', trackingNumber)
    .where('test', '=', flag(test))
    .executeTakeFirst()
    .then((row) => row && decode(row));
}

/** Rows written as given, new or not (one statement for a carrier call's results). */
export async function putCachedMany(db: Kysely<Tables>, rows: TrackingCacheRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('tracking_cache')
    .values(rows.map(encode))
    .onConflict((oc) =>
      oc.columns(['tenant', 'carrier', 'tracking_number', 'test']).doUpdateSet((eb) => ({
        stage: eb.ref('excluded.stage'),
        result: eb.ref('excluded.result'),
        fetched_at: eb.ref('excluded.fetched_at'),
      })),
    )
    .execute();
}

/** Drop every cached result for the number (after a cancellation changes what the carrier says). */
export async function forgetCached(
  db: Kysely<Tables>,
  tenant: string,
  carrier: string,
  trackingNumber: string,
): Promise<void> {
  await db
    .deleteFrom('tracking_cache')
    .where('tenant', '=', tenant)
    .where('carrier', '=', carrier)
    .where('tracking_number', '=', trackingNumber)
    .execute();
}

/** Inserts the rows that do not exist yet; answers the numbers this call created. */
export async function insertAbsent(db: Kysely<Tables>, rows: TrackingCacheRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const created = await db
    .insertInto('tracking_cache')
    .values(rows.map(encode))
    .onConflict((oc) => oc.columns(['tenant', 'carrier', 'tracking_number', 'test']).doNothing())
    .returning('tracking_number')
    .execute();
  return new Set(created.map((r) => r.tracking_number));
}

/**
 * The rows of these numbers, locked until the transaction ends so that concurrent writers compare
 * in turn. PostgreSQL locks them (FOR UPDATE); SQLite has one writer at a time, and the transaction
 * holds that lock from its first write (`insertAbsent` runs before this).
 */
export async function getManyForUpdate(
  db: Kysely<Tables>,
  dialect: Dialect,
  tenant: string,
  carrier: string,
  numbers: string[],
  test: boolean,
): Promise<Map<string, TrackingCacheRow>> {
  if (numbers.length === 0) return new Map();
  let q = db
    .selectFrom('tracking_cache')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('carrier', '=', carrier)
    .where('tracking_number', 'in', numbers)
    .where('test', '=', flag(test));
  if (dialect === 'postgres') q = q.forUpdate();
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.tracking_number, decode(r)]));
}
