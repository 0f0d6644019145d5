/**
 * Scheduled pickups, always scoped by tenant: another tenant's pickup reads as missing. The pickup
 * as answered is a JSON column: this module alone encodes and decodes it.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { decodeFlags, encodeFlags, flag, type WithFlags } from '../flags.js';
import type { PickupsTable, Tables } from '../tables.js';

/**
 * A pickup as stored, `record` the pickup as POST /pickup answered it. `Answer` names that shape,
 * which the contract owns (storage does not import it).
 */
export type PickupRow<Answer = unknown> = Omit<WithFlags<PickupsTable, 'test'>, 'record'> & { record: Answer };
const FLAGS = ['test'] as const;
const decode = <Answer>(row: PickupsTable): PickupRow<Answer> => ({
  ...decodeFlags(row, FLAGS),
  record: JSON.parse(row.record) as Answer,
});
const encode = (record: PickupRow): PickupsTable =>
  encodeFlags<PickupsTable, 'test'>({ ...record, record: JSON.stringify(record.record) }, FLAGS);

export async function insertPickup(db: Kysely<Tables>, row: PickupRow): Promise<void> {
  await db.insertInto('pickups').values(encode(row)).execute();
}

export async function getPickup<Answer = unknown>(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
): Promise<PickupRow<Answer> | undefined> {
  const row = await db
    .selectFrom('pickups')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decode<Answer>(row);
}

/** The newest pickup of the tenant with that confirmation number (optionally of one carrier). */
export async function findPickupByConfirmation(
  db: Kysely<Tables>,
  tenant: string,
  confirmationNumber: string,
  carrier?: string,
): Promise<PickupRow | undefined> {
  let q = db
    .selectFrom('pickups')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('confirmation_number', '=', confirmationNumber);
  if (carrier !== undefined) q = q.where('carrier', '=', carrier);
  const row = await q.orderBy('created_at', 'desc').executeTakeFirst();
  return row && decode(row);
}

/** true when the pickup was scheduled and is now cancelled. */
export async function markPickupCancelled(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
  at: string,
): Promise<boolean> {
  const res = await db
    .updateTable('pickups')
    .set({ status: 'cancelled', cancelled_at: at })
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export interface PickupFilter {
  carrier?: string;
  shipping_account?: string;
  /** scheduled | cancelled */
  status?: string;
  /** The carrier's confirmation number, exact. */
  search?: string;
  /** created_at >= from and < until (ISO instants). */
  from?: string;
  until?: string;
}

function filteredPickups<O>(
  q: SelectQueryBuilder<Tables, 'pickups', O>,
  tenant: string,
  f: PickupFilter,
): SelectQueryBuilder<Tables, 'pickups', O> {
  let out = q.where('tenant', '=', tenant);
  if (f.carrier !== undefined) out = out.where('carrier', '=', f.carrier);
  if (f.shipping_account !== undefined) out = out.where('shipping_account_id', '=', f.shipping_account);
  if (f.status !== undefined) out = out.where('status', '=', f.status);
  if (f.search !== undefined) out = out.where('confirmation_number', '=', f.search);
  if (f.from !== undefined) out = out.where('created_at', '>=', f.from);
  if (f.until !== undefined) out = out.where('created_at', '<', f.until);
  return out;
}

/** One page, newest first then id. */
export async function listPickups<Answer = unknown>(
  db: Kysely<Tables>,
  tenant: string,
  f: PickupFilter,
  page: { limit: number; offset: number },
): Promise<PickupRow<Answer>[]> {
  const rows = await filteredPickups(db.selectFrom('pickups').selectAll(), tenant, f)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => decode<Answer>(r));
}

export async function countPickups(db: Kysely<Tables>, tenant: string, f: PickupFilter): Promise<number> {
  const row = await filteredPickups(
    db.selectFrom('pickups').select((eb) => eb.fn.countAll<string | number>().as('n')),
    tenant,
    f,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A return's pickup with that confirmation number: returns keep their pickup on the return row. */
export async function findReturnPickup(
  db: Kysely<Tables>,
  tenant: string,
  confirmationNumber: string,
  carrier: string,
): Promise<{ pickup_date: string | null; location_code: string | null } | undefined> {
  return db
    .selectFrom('returns')
    .select(['pickup_date', 'pickup_location_code as location_code'])
    .where('tenant', '=', tenant)
    .where('carrier', '=', carrier)
    .where('pickup_confirmation_number', '=', confirmationNumber)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}
