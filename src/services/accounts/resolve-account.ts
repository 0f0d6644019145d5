/** The account a carrier call runs on, with its inherited credentials and defaults. */
import type { CarrierSlug } from '../../carriers/carrier.js';
import type { AccountsDeps, AccountsState, ResolvedAccount } from './accounts-deps.js';
import { getRow, resolveRow } from './account-view.js';

/**
 * The account a carrier call runs on, with inherited credentials; 404 for another tenant's id.
 * Kept in memory for a few seconds: every carrier call needs it, and a change or deletion through
 * another instance takes effect here within that time.
 */
export async function resolveAccount(deps: AccountsState, tenant: string, id: string): Promise<ResolvedAccount> {
  const { clock, resolved } = deps;
  const cacheKey = `${tenant}\n${id}`;
  const now = clock.now().getTime();
  const hit = resolved.get(cacheKey, now);
  if (hit) return hit;
  const account = await loadAccount(deps, tenant, id);
  resolved.set(cacheKey, account, now);
  return account;
}

/** The account as `resolve` has it in memory at `now` (ms), without a promise; undefined when it is not. */
export function peekAccount(deps: AccountsState, tenant: string, id: string, now: number): ResolvedAccount | undefined {
  const { resolved } = deps;
  return resolved.get(`${tenant}\n${id}`, now);
}

async function loadAccount(deps: AccountsDeps, tenant: string, id: string): Promise<ResolvedAccount> {
  const row = await getRow(deps, tenant, id);
  const { auth, defaults } = await resolveRow(deps, tenant, row);
  return {
    id: row.id,
    tenant,
    carrier: row.carrier as CarrierSlug,
    country: row.country,
    test: row.test,
    auth,
    defaults,
    ...(row.billing_address !== null ? { billing_address: row.billing_address } : {}),
    ...(row.location_id !== null ? { location_id: row.location_id } : {}),
  };
}
