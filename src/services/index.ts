/** Wires the use cases from explicit dependencies; no module keeps state of its own. */
import type { CarrierDeclaration, CarrierSlug } from '../carriers/carrier.js';
import type { Adapters } from '../carriers/adapters.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../storage/database.js';
import type { Sealer } from '../storage/sealing.js';
import { createAccountsService, type MasterTestAccounts } from './accounts.js';
import { createCarrierCalls } from './carrier-calls.js';
import { createIdempotencyService } from './idempotency.js';
import { createBalanceService } from './balances.js';
import { createManifestService } from './manifests.js';
import { createPickupsService } from './pickups.js';
import { createRatingService } from './rating.js';
import { createReturnMethodsService } from './return-methods.js';
import { createReturnsService } from './returns.js';
import { createShippingService } from './shipping.js';
import { createTrackingService } from './tracking.js';
import { createTrackingCache } from './tracking-cache.js';
import { createWebhooksService } from './webhooks.js';

export interface ServiceDeps {
  database: Database;
  sealer: Sealer;
  clock: Clock;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  adapters: Adapters;
  masterTestAccounts: MasterTestAccounts;
  /** Carrier calls in flight per carrier for batch tracking. */
  trackConcurrency: number;
  /** Settings read by the services (webhook URL checks); defaults when absent. */
  config?: Config;
}

export function createServices(deps: ServiceDeps) {
  const { clock } = deps;
  const db = deps.database.db;
  const accounts = createAccountsService({ db, sealer: deps.sealer, declarations: deps.declarations, masterTestAccounts: deps.masterTestAccounts, clock });
  const calls = createCarrierCalls({ accounts, adapters: deps.adapters });
  const trackingCache = createTrackingCache({ db, clock });
  const shipping = createShippingService({ db, calls, clock, trackingCache });
  return {
    database: deps.database,
    declarations: deps.declarations,
    accounts,
    rating: createRatingService({ calls, clock }),
    shipping,
    tracking: createTrackingService({ db, cache: trackingCache, calls, clock, concurrency: deps.trackConcurrency }),
    pickups: createPickupsService({ calls, clock, db }),
    manifests: createManifestService({ db, calls, clock }),
    balances: createBalanceService({ calls, clock }),
    idempotency: createIdempotencyService({ db, clock }),
    webhooks: createWebhooksService({ db, sealer: deps.sealer, clock, allowPrivate: deps.config?.webhooks.allowPrivate ?? false }),
    returnMethods: createReturnMethodsService({ db, calls, declarations: deps.declarations, clock }),
    returns: createReturnsService({ db, calls, shipping, declarations: deps.declarations, clock }),
  };
}

export type Services = ReturnType<typeof createServices>;

// What the HTTP layer needs besides the factory: how a request body is fingerprinted for idempotency.
export { fingerprint, type IdempotencyService } from './idempotency.js';
