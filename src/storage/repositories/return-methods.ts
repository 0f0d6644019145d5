/** Return methods, always scoped by tenant: another tenant's id reads as missing. */
import type { Kysely, Updateable } from 'kysely';
import type { ReturnMethodsTable, Tables } from '../tables.js';

export type ReturnMethodRow = ReturnMethodsTable;

export async function insertMethod(db: Kysely<Tables>, row: ReturnMethodRow): Promise<void> {
  await db.insertInto('return_methods').values(row).execute();
}

export async function getMethod(db: Kysely<Tables>, tenant: string, id: string): Promise<ReturnMethodRow | undefined> {
  return db
    .selectFrom('return_methods')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listMethods(db: Kysely<Tables>, tenant: string): Promise<ReturnMethodRow[]> {
  return db
    .selectFrom('return_methods')
    .selectAll()
    .where('tenant', '=', tenant)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function updateMethod(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
  changes: Updateable<ReturnMethodsTable>,
): Promise<boolean> {
  const res = await db
    .updateTable('return_methods')
    .set(changes)
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
