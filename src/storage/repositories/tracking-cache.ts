/**
 * Last tracking result per tenant, carrier and number: shared by every instance on the database.
 * The result is a JSON column: this module alone encodes and decodes it.
 */
import type { Kysely } from 'kysely';
import type { TrackingResult } from '../../domain/types.js';
import type { Dialect } from '../database.js';
import { decodeFlags, encodeFlags, flag, type WithFlags } from '../flags.js';
import type { Tables, TrackingCacheTable } from '../tables.js';

export type TrackingCacheRow = Omit<WithFlags<TrackingCacheTable, 'test'>, 'result'> & { result: TrackingResult };
const FLAGS = ['test'] as const;
const decode = (row: TrackingCacheTable): TrackingCacheRow => ({
  ...decodeFlags(row, FLAGS),
  result: JSON.parse(row.result) as TrackingResult,
});
const encode = (record: TrackingCacheRow): TrackingCacheTable =>
  encodeFlags<TrackingCacheTable, 'test'>({ ...record, result: JSON.stringify(record.result) }, FLAGS);

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

/** Records written as given, new or not (one statement for a carrier call's results). */
export async function putCachedMany(db: Kysely<Tables>, records: TrackingCacheRow[]): Promise<void> {
  await putRows(db, records.map(encode));
}

async function putRows(db: Kysely<Tables>, rows: TrackingCacheTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('tracking_cache')
    .values(rows)
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
async function insertAbsent(db: Kysely<Tables>, rows: TrackingCacheTable[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const created = await db
    .insertInto('tracking_cache')
    .values(rows)
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
async function getManyForUpdate(
  db: Kysely<Tables>,
  dialect: Dialect,
  tenant: string,
  carrier: string,
  numbers: string[],
  test: number,
): Promise<Map<string, TrackingCacheTable>> {
  if (numbers.length === 0) return new Map();
  let q = db
    .selectFrom('tracking_cache')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('carrier', '=', carrier)
    .where('tracking_number', 'in', numbers)
    .where('test', '=', test);
  if (dialect === 'postgres') q = q.forUpdate();
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.tracking_number, r]));
}

/** What a number held before `storeResults` wrote it: nothing (new), the same result, or another one. */
export type PriorResult = { kind: 'new' } | { kind: 'same' } | { kind: 'other'; result: TrackingResult };

/**
 * One carrier call's results (one tenant, carrier and test flag; call it in a transaction): the
 * numbers not stored yet inserted, the others locked, read and replaced. Answers what each number
 * held before; the same text is the same result and is not parsed (most refreshes find nothing new,
 * and parsing the stored one costs).
 */
export async function storeResults(
  db: Kysely<Tables>,
  dialect: Dialect,
  records: TrackingCacheRow[],
): Promise<Map<string, PriorResult>> {
  const first = records[0];
  if (!first) return new Map();
  const rows = records.map(encode);
  const created = await insertAbsent(db, rows);
  const existing = rows.filter((r) => !created.has(r.tracking_number));
  const before = await getManyForUpdate(
    db,
    dialect,
    first.tenant,
    first.carrier,
    existing.map((r) => r.tracking_number),
    flag(first.test),
  );
  await putRows(db, existing);
  return new Map(
    rows.map((r): [string, PriorResult] => {
      const prior = created.has(r.tracking_number) ? undefined : before.get(r.tracking_number);
      if (!prior) return [r.tracking_number, { kind: 'new' }];
      if (prior.result === r.result) return [r.tracking_number, { kind: 'same' }];
      return [r.tracking_number, { kind: 'other', result: JSON.parse(prior.result) as TrackingResult }];
    }),
  );
}
