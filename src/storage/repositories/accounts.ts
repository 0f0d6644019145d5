/** Shipping accounts, always scoped by tenant: another tenant's id reads as missing. */
import type { Kysely } from 'kysely';
import { decodeFlags, encodeFlags, type WithFlags } from '../flags.js';
import type { ShippingAccountsTable, Tables } from '../tables.js';

export type AccountRow = WithFlags<ShippingAccountsTable, 'test'>;
const FLAGS = ['test'] as const;
const decode = (row: ShippingAccountsTable): AccountRow => decodeFlags(row, FLAGS);

export async function insertAccount(db: Kysely<Tables>, row: AccountRow): Promise<void> {
  await db.insertInto('shipping_accounts').values(encodeFlags<ShippingAccountsTable, 'test'>(row, FLAGS)).execute();
}

/** Whether any tenant holds the id: account numbers are unique across tenants. */
export async function accountIdTaken(db: Kysely<Tables>, id: string): Promise<boolean> {
  return (await db.selectFrom('shipping_accounts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function getAccount(db: Kysely<Tables>, tenant: string, id: string): Promise<AccountRow | undefined> {
  const row = await db
    .selectFrom('shipping_accounts')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decode(row);
}

export async function listAccounts(
  db: Kysely<Tables>,
  tenant: string,
  page: { limit: number; offset: number },
): Promise<AccountRow[]> {
  const rows = await db
    .selectFrom('shipping_accounts')
    .selectAll()
    .where('tenant', '=', tenant)
    .orderBy('created_at')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(decode);
}

export type AccountChanges = Partial<
  Pick<AccountRow, 'name' | 'auth_sealed' | 'billing_address' | 'defaults' | 'location_id'>
>;

export async function updateAccount(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
  changes: AccountChanges,
): Promise<void> {
  await db.updateTable('shipping_accounts').set(changes).where('tenant', '=', tenant).where('id', '=', id).execute();
}

export type DeleteOutcome = 'deleted' | 'not_found' | 'has_sub_accounts';

/** Deletes the account unless it has sub-accounts (in the caller's transaction when given one). */
export async function deleteAccount(db: Kysely<Tables>, tenant: string, id: string): Promise<DeleteOutcome> {
  if (!db.isTransaction) return db.transaction().execute((trx) => deleteAccount(trx, tenant, id));
  {
    const trx = db;
    const child = await trx
      .selectFrom('shipping_accounts')
      .select('id')
      .where('tenant', '=', tenant)
      .where('parent_id', '=', id)
      .executeTakeFirst();
    if (child) return 'has_sub_accounts';
    const res = await trx
      .deleteFrom('shipping_accounts')
      .where('tenant', '=', tenant)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0 ? 'deleted' : 'not_found';
  }
}
