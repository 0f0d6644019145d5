/** A stored account as the API shows it, with its credentials and defaults after inheritance. */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import { ApiError } from '../../domain/errors.js';
import type { ShippingAccountView } from '../../contract/shipping-account.js';
import * as repo from '../../storage/repositories/accounts.js';
import type { AccountsDeps, Defaults } from './accounts-deps.js';

/** An account as stored, its defaults in the contract's shape. */
export type AccountRecord = repo.AccountRow<Defaults>;

const MAX_PARENT_DEPTH = 5;

export function maskSecret(value: string): string {
  return value.length > 8 ? `****${value.slice(-4)}` : '****';
}

export function mask(auth: Record<string, string>, secret: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(auth).map(([k, v]) => [k, secret.includes(k) ? maskSecret(v) : v]));
}

export function accountView(
  row: AccountRecord,
  auth: Record<string, string>,
  defaults: Defaults,
  decl: CarrierDeclaration,
  reveal: boolean,
): ShippingAccountView {
  return {
    id: row.id,
    name: row.name,
    dim_units: defaults.dim_units ?? null,
    weight_units: defaults.weight_units ?? null,
    currency: defaults.currency ?? null,
    carrier: row.carrier,
    country: row.country,
    auth: reveal ? auth : mask(auth, decl.auth.secret),
    ...(row.billing_address !== null ? { billing_address: row.billing_address } : {}),
    defaults,
    ...(row.location_id !== null ? { location_id: row.location_id } : {}),
    ...(row.parent_id !== null ? { parent_shipping_account: row.parent_id } : {}),
    test: row.test,
    created: row.created_at,
  };
}

export function ownAuth(deps: AccountsDeps, row: AccountRecord): Record<string, string> {
  const { sealer } = deps;
  if (!row.auth_sealed) return {};
  try {
    return repo.openAuth(sealer, row.auth_sealed);
  } catch {
    throw new ApiError(
      'sealing_key_mismatch',
      `The stored credentials of shipping account ${row.id} cannot be opened by this instance: it runs with another sealing key than the one they were sealed with. The operator must give every instance the same WAYBILL_SECRET_KEY.`,
      row.id,
    );
  }
}

/** Credentials and defaults after walking up the parent chain (the child's own members win). */
export async function resolveRow(
  deps: AccountsDeps,
  tenant: string,
  row: AccountRecord,
): Promise<{ auth: Record<string, string>; defaults: Defaults }> {
  const { db } = deps;
  const chain = [row];
  let cur = row;
  while (cur.parent_id && chain.length <= MAX_PARENT_DEPTH) {
    const parent = await repo.getAccount<Defaults>(db, tenant, cur.parent_id);
    if (!parent) break;
    chain.push(parent);
    cur = parent;
  }
  const auth: Record<string, string> = {};
  const defaults: Defaults = {};
  for (const r of chain.reverse()) {
    Object.assign(auth, ownAuth(deps, r));
    Object.assign(defaults, r.defaults);
  }
  return { auth, defaults };
}

export async function getRow(deps: AccountsDeps, tenant: string, id: string): Promise<AccountRecord> {
  const { db } = deps;
  const row = await repo.getAccount<Defaults>(db, tenant, id);
  if (!row) throw new ApiError('shipping_account_not_found', `shipping account ${id} was not found`, id);
  return row;
}

export async function readAccount(deps: AccountsDeps, tenant: string, id: string): Promise<ShippingAccountView> {
  const { declarations } = deps;
  const row = await getRow(deps, tenant, id);
  const { auth, defaults } = await resolveRow(deps, tenant, row);
  return accountView(row, auth, defaults, declarations[row.carrier as CarrierSlug], false);
}

export async function listAccounts(
  deps: AccountsDeps,
  tenant: string,
  page: { limit: number; offset: number },
): Promise<ShippingAccountView[]> {
  const { db, declarations } = deps;
  const rows = await repo.listAccounts<Defaults>(db, tenant, page);
  return Promise.all(
    rows.map(async (row) => {
      const { auth, defaults } = await resolveRow(deps, tenant, row);
      return accountView(row, auth, defaults, declarations[row.carrier as CarrierSlug], false);
    }),
  );
}
