/**
 * Shipping accounts, always scoped by tenant: another tenant's id reads as missing. The billing
 * address and the defaults are JSON columns and the credentials sealed JSON: this module alone
 * encodes and decodes them.
 */
import type { Kysely } from 'kysely';
import type { Address } from '../../domain/types.js';
import { decodeFlags, encodeFlags, type WithFlags } from '../flags.js';
import type { Sealer } from '../sealing.js';
import type { ShippingAccountsTable, Tables } from '../tables.js';

/**
 * A shipping account as stored, its billing address and defaults decoded. `Defaults` names the
 * defaults' shape, which the contract owns (storage does not import it); the credentials stay
 * sealed until `openAuth`.
 */
export type AccountRow<Defaults = Record<string, unknown>> = Omit<
  WithFlags<ShippingAccountsTable, 'test'>,
  'billing_address' | 'defaults'
> & { billing_address: Address | null; defaults: Defaults };
const FLAGS = ['test'] as const;

function decode<Defaults>(row: ShippingAccountsTable): AccountRow<Defaults> {
  return {
    ...decodeFlags(row, FLAGS),
    billing_address: row.billing_address === null ? null : (JSON.parse(row.billing_address) as Address),
    defaults: JSON.parse(row.defaults) as Defaults,
  };
}

/** An account's own credentials, sealed as the auth_sealed column keeps them. */
export function sealAuth(sealer: Sealer, auth: Record<string, string>): string {
  return sealer.seal(JSON.stringify(auth));
}

/** The credentials `sealAuth` sealed; throws when this sealer cannot open them (another key). */
export function openAuth(sealer: Sealer, sealed: string): Record<string, string> {
  return JSON.parse(sealer.open(sealed)) as Record<string, string>;
}

export async function insertAccount<Defaults>(db: Kysely<Tables>, row: AccountRow<Defaults>): Promise<void> {
  await db
    .insertInto('shipping_accounts')
    .values(
      encodeFlags<ShippingAccountsTable, 'test'>(
        {
          ...row,
          billing_address: row.billing_address === null ? null : JSON.stringify(row.billing_address),
          defaults: JSON.stringify(row.defaults),
        },
        FLAGS,
      ),
    )
    .execute();
}

/** Whether any tenant holds the id: account numbers are unique across tenants. */
export async function accountIdTaken(db: Kysely<Tables>, id: string): Promise<boolean> {
  return (await db.selectFrom('shipping_accounts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function getAccount<Defaults = Record<string, unknown>>(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
): Promise<AccountRow<Defaults> | undefined> {
  const row = await db
    .selectFrom('shipping_accounts')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decode<Defaults>(row);
}

export async function listAccounts<Defaults = Record<string, unknown>>(
  db: Kysely<Tables>,
  tenant: string,
  page: { limit: number; offset: number },
): Promise<AccountRow<Defaults>[]> {
  const rows = await db
    .selectFrom('shipping_accounts')
    .selectAll()
    .where('tenant', '=', tenant)
    .orderBy('created_at')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => decode<Defaults>(r));
}

export type AccountChanges<Defaults = Record<string, unknown>> = Partial<
  Pick<AccountRow<Defaults>, 'name' | 'auth_sealed' | 'billing_address' | 'defaults' | 'location_id'>
>;

export async function updateAccount<Defaults>(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
  changes: AccountChanges<Defaults>,
): Promise<void> {
  const { billing_address: address, defaults, ...plain } = changes;
  await db
    .updateTable('shipping_accounts')
    .set({
      ...plain,
      ...(address !== undefined ? { billing_address: address === null ? null : JSON.stringify(address) } : {}),
      ...(defaults !== undefined ? { defaults: JSON.stringify(defaults) } : {}),
    })
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .execute();
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
