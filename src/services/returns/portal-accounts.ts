/** What the portal needs to know of the accounts its methods book from: where returns go, in what money. */
import type { Db } from '../../storage/database.js';
import { getAccount } from '../../storage/repositories/accounts.js';

export interface AccountFacts {
  /** A billing address, where a return without another destination goes. */
  billed: boolean;
  /** The account's default currency, which its bookings are priced in. */
  currency?: string;
}

export async function accountFacts(db: Db, tenant: string, ids: string[]): Promise<Map<string, AccountFacts>> {
  const out = new Map<string, AccountFacts>();
  for (const id of new Set(ids)) {
    const row = await getAccount<{ currency?: string }>(db, tenant, id);
    const currency = row?.defaults.currency;
    out.set(id, { billed: Boolean(row?.billing_address), ...(currency ? { currency } : {}) });
  }
  return out;
}

/**
 * The currency a portal's charges are shown in: the link's, else the one its accounts share, else
 * the service's default for a booking (USD), so an amount is never shown without one.
 */
export function portalCurrency(linkCurrency: string | undefined, facts: Iterable<AccountFacts>): string {
  if (linkCurrency) return linkCurrency;
  const found = new Set([...facts].map((f) => f.currency ?? 'USD'));
  return found.size === 1 ? [...found][0]! : 'USD';
}
