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
import { createManifestService } from './manifests.js';
import { createPickupsService } from './pickups.js';
import { createRatingService } from './rating.js';
import { createRateShopping } from './rate-shopping.js';
import { createAddressValidationService } from './address-validation.js';
import { createShipChoice } from './ship-choice.js';

/** WAYBILL_RATE_SHOP_TIMEOUT_MS when no configuration is handed in. */
const DEFAULT_RATE_SHOP_TIMEOUT_MS = 5_000;
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
  const shopping = createRateShopping({ calls, clock, budgetMs: deps.config?.rateShopTimeoutMs ?? DEFAULT_RATE_SHOP_TIMEOUT_MS });
  const addresses = createAddressValidationService({ calls });
  const choice = createShipChoice({ shopping, addresses, declarations: deps.declarations });
  const shipping = createShippingService({ db, calls, clock, trackingCache, choice });
  return {
    database: deps.database,
    declarations: deps.declarations,
    accounts,
    rating: createRatingService({ calls, clock, shopping }),
    addresses,
    shipping,
    tracking: createTrackingService({ db, cache: trackingCache, calls, clock, concurrency: deps.trackConcurrency }),
    pickups: createPickupsService({ calls, clock, db }),
    manifests: createManifestService({ calls, clock }),
    idempotency: createIdempotencyService({ db, clock }),
    webhooks: createWebhooksService({ db, sealer: deps.sealer, clock, allowPrivate: deps.config?.webhooks.allowPrivate ?? false }),
    returnMethods: createReturnMethodsService({ db, calls, declarations: deps.declarations, clock }),
    returns: createReturnsService({ db, calls, shipping, declarations: deps.declarations, clock }),
  };
}

export type Services = ReturnType<typeof createServices>;

// What the HTTP layer needs besides the factory: how a request body is fingerprinted for idempotency.
export { fingerprint, type IdempotencyService } from './idempotency.js';
