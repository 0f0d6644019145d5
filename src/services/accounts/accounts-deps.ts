/** What the shipping accounts' use cases are handed, once, by their face (accounts.ts). */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { Clock } from '../../foundations/clock.js';
import type { ShippingAccountInput } from '../../contract/shipping-account.js';
import type { Db } from '../../storage/database.js';
import type { Sealer } from '../../storage/sealing.js';
import type { Address } from '../../domain/types.js';
import type { TtlCache } from '../../foundations/ttl-cache.js';

export type Defaults = NonNullable<ShippingAccountInput['defaults']>;
/** carrier → country → auth members: the operator's master test credentials. */
export type MasterTestAccounts = Partial<Record<CarrierSlug, Record<string, Record<string, string>>>>;

export interface AccountsDeps {
  db: Db;
  sealer: Sealer;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  masterTestAccounts: MasterTestAccounts;
  clock: Clock;
}

/** An account as the services use it: effective credentials and defaults after inheritance. */
export interface ResolvedAccount {
  id: string;
  tenant: string;
  carrier: CarrierSlug;
  country: string;
  test: boolean;
  auth: Record<string, string>;
  defaults: Defaults;
  billing_address?: Address;
  location_id?: string;
}

/** The deps and the accounts the face keeps resolved in memory for a few seconds (resolve-account.ts). */
export interface AccountsState extends AccountsDeps {
  resolved: TtlCache<ResolvedAccount>;
}
