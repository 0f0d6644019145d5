/** Return methods, always scoped by tenant: another tenant's id reads as missing. */
import type { Kysely } from 'kysely';
import type { Address } from '../../domain/types.js';
import type { ReturnMethodsTable, Tables } from '../tables.js';

/** A return method as stored, its destination decoded (null: its account's billing address). */
export type ReturnMethodRow = Omit<ReturnMethodsTable, 'destination'> & { destination: Address | null };

const encode = <T extends Partial<ReturnMethodRow>>(r: T) => ({
  ...r,
  ...(r.destination !== undefined
    ? { destination: r.destination === null ? null : JSON.stringify(r.destination) }
    : {}),
});
const decode = (r: ReturnMethodsTable): ReturnMethodRow => ({
  ...r,
  destination: r.destination === null ? null : (JSON.parse(r.destination) as Address),
});

export async function insertMethod(db: Kysely<Tables>, row: ReturnMethodRow): Promise<void> {
  await db.insertInto('return_methods').values(encode(row)).execute();
}

export async function getMethod(db: Kysely<Tables>, tenant: string, id: string): Promise<ReturnMethodRow | undefined> {
  const row = await db
    .selectFrom('return_methods')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decode(row);
}

export async function listMethods(db: Kysely<Tables>, tenant: string): Promise<ReturnMethodRow[]> {
  const rows = await db
    .selectFrom('return_methods')
    .selectAll()
    .where('tenant', '=', tenant)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(decode);
}

export async function updateMethod(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
  changes: Partial<Omit<ReturnMethodRow, 'id' | 'tenant'>>,
): Promise<boolean> {
  const res = await db
    .updateTable('return_methods')
    .set(encode(changes))
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteMethod(db: Kysely<Tables>, tenant: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('return_methods')
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
