/** Tenants that are platforms, merchants, suspended or deleted; a name without a row is active and on its own. */
import type { Kysely } from 'kysely';
import { decodeFlags, encodeFlags, type WithFlags } from '../flags.js';
import type { Tables, TenantsTable } from '../tables.js';

export type TenantRecord = WithFlags<TenantsTable, 'platform'>;
const FLAGS = ['platform'] as const;

export async function getTenant(db: Kysely<Tables>, id: string): Promise<TenantRecord | undefined> {
  const row = await db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decodeFlags(row, FLAGS);
}

/**
 * Whether the name was ever used: a row of its own (every tenant that authenticated has one:
 * `enterTenant`), or anything stored under it from before tenants were registered (a tenant reached
 * by JWTs alone has no key, user or account, but its bookings, webhooks and audit entries say it).
 */
export async function tenantNameTaken(db: Kysely<Tables>, id: string): Promise<boolean> {
  const found = await Promise.all([
    db.selectFrom('tenants').select('id').where('id', '=', id).executeTakeFirst(),
    db.selectFrom('api_keys').select('id').where('tenant', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('users').select('id').where('tenant', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('shipping_accounts').select('id').where('tenant', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('shipments').select('id').where('tenant', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('webhook_endpoints').select('id').where('tenant', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('audit_log').select('id').where('tenant', '=', id).limit(1).executeTakeFirst(),
  ]);
  return found.some(Boolean);
}

/**
 * The tenant as a request of its finds it, registered first when it had no row: from its first
 * authenticated request on, its name is taken, so no platform can create a merchant of that name.
 */
export async function enterTenant(
  db: Kysely<Tables>,
  id: string,
  now: Date,
): Promise<{ status: string; parent: string | null }> {
  const select = () => db.selectFrom('tenants').select(['status', 'parent']).where('id', '=', id).executeTakeFirst();
  const found = await select();
  if (found) return found;
  const at = now.toISOString();
  await db
    .insertInto('tenants')
    .values({ id, parent: null, platform: 0, status: 'active', created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  // A platform may have created it in between: what the row says now.
  return (await select()) ?? { status: 'active', parent: null };
}

/** false when the name has a row already. */
export async function insertTenant(db: Kysely<Tables>, record: TenantRecord): Promise<boolean> {
  const res = await db
    .insertInto('tenants')
    .values(encodeFlags<TenantsTable, 'platform'>(record, FLAGS))
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Makes the tenant a platform, giving it a row when it had none. */
export async function setPlatform(db: Kysely<Tables>, id: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('tenants')
    .values({ id, parent: null, platform: 1, status: 'active', created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ platform: 1, updated_at: at }))
    .execute();
}

/** The platform's merchants, oldest first; deleted ones only when asked. */
export async function listMerchants(
  db: Kysely<Tables>,
  parent: string,
  opts: { withDeleted?: boolean } = {},
): Promise<TenantRecord[]> {
  let q = db.selectFrom('tenants').selectAll().where('parent', '=', parent);
  if (!opts.withDeleted) q = q.where('status', '!=', 'deleted');
  const rows = await q.orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => decodeFlags(r, FLAGS));
}

/** A merchant's new status, when it is the platform's and not deleted; false otherwise. */
export async function setMerchantStatus(
  db: Kysely<Tables>,
  parent: string,
  id: string,
  status: 'active' | 'suspended' | 'deleted',
  now: Date,
): Promise<boolean> {
  const res = await db
    .updateTable('tenants')
    .set({ status, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('parent', '=', parent)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** active | suspended | deleted; active for a name without a row. */
export async function tenantStatus(db: Kysely<Tables>, id: string): Promise<string> {
  const row = await db.selectFrom('tenants').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status ?? 'active';
}
