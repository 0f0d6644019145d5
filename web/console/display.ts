/**
 * The names a person reads instead of codes: a carrier's display name (GET /meta/carriers) and an
 * account's name (GET /shippingaccount), looked up by slug or id; the code itself until they load.
 */
import { accountName } from './names';
import { useApi } from './ui';

export function useCarrierNames(): (slug: string) => string {
  const loaded = useApi('listCarriers');
  const names = new Map<string, string>((loaded.data?.carriers ?? []).map((c) => [c.slug, c.name]));
  return (slug) => names.get(slug) ?? slug;
}

/** "Main warehouse (Express carrier, US, test) · 838457004783517": the name first, the number to tell two apart. */
export function useAccountNames(): (id: string) => string {
  const loaded = useApi('listShippingAccounts', { query: { limit: 500 } });
  const carrier = useCarrierNames();
  const byId = new Map((loaded.data?.shipping_accounts ?? []).map((a) => [a.id, a]));
  return (id) => {
    const a = byId.get(id);
    return a ? accountName(a, carrier) : id;
  };
}
