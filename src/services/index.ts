/** Wires the use cases from explicit dependencies; no module keeps state of its own. */
import type { CarrierDeclaration, CarrierSlug } from '../carriers/carrier.js';
import type { Adapters } from '../carriers/adapters.js';
import type { LabelWork } from '../documents/index.js';
import type { Clock } from '../foundations/clock.js';
import type { Config } from '../foundations/config.js';
import type { Log } from '../foundations/logger.js';
import type { Metrics } from '../foundations/metrics.js';
import type { Database } from '../storage/database.js';
import type { Sealer } from '../storage/sealing.js';
import { createAccountsService, createPriceLists, type MasterTestAccounts } from './accounts/index.js';
import { createBatchesService, previewBatch, type BatchSource } from './batches/index.js';
import { createBrandingService } from './branding/index.js';
import { createAuditLog, createIdentityService } from './identity/index.js';
import {
  DEFAULT_STALE_AFTER_MS,
  createBookingLookup,
  createCarrierCalls,
  createIdempotencyService,
  createOwnership,
  createSignedLinks,
  createUsageCounter,
  checkReadiness,
  createSharedBuckets,
} from './kernel/index.js';
import { createBalanceService, createCredentialsCheck, createManifestService } from './account-actions/index.js';
import {
  createAddressValidationService,
  createBookingRecovery,
  createListingsService,
  createRateShopping,
  createRatingService,
  createShipChoice,
  createShippingService,
} from './shipping/index.js';
import { createPickupsService } from './pickups/index.js';
import { createPortalService, createReturnMethodsService, createReturnsService } from './returns/index.js';
import { createPublicTracking, createTrackingCache, createTrackingService } from './tracking/index.js';
import { createTenants, createTenantStatus, refuseInactive } from './tenants/index.js';
import { createWebhooksService } from './webhooks/index.js';

/** WAYBILL_RATE_SHOP_TIMEOUT_MS when no configuration is handed in. */
const DEFAULT_RATE_SHOP_TIMEOUT_MS = 5_000;

export interface ServiceDeps {
  database: Database;
  sealer: Sealer;
  clock: Clock;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  adapters: Adapters;
  /** The label work threads, shared with the carriers (CarrierRuntime.labels). */
  labels: LabelWork;
  masterTestAccounts: MasterTestAccounts;
  /** Carrier calls in flight per carrier for batch tracking. */
  trackConcurrency: number;
  /** Settings read by the services (webhook URL checks); defaults when absent. */
  config?: Config;
  /** Prometheus figures; absent when WAYBILL_METRICS=false. */
  metrics?: Metrics;
}

export function createServices(deps: ServiceDeps) {
  const { clock } = deps;
  const db = deps.database.db;
  const accounts = createAccountsService({
    db,
    sealer: deps.sealer,
    declarations: deps.declarations,
    masterTestAccounts: deps.masterTestAccounts,
    clock,
  });
  const calls = createCarrierCalls({ accounts, adapters: deps.adapters });
  const trackingCache = createTrackingCache({
    db,
    dialect: deps.database.dialect,
    clock,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
  });
  const ownership = createOwnership({
    db,
    masterTestAccounts: deps.masterTestAccounts,
    declarations: deps.declarations,
  });
  const links = signedLinksOf(deps);
  const priceLists = createPriceLists({ db, clock, accounts, declarations: deps.declarations });
  const shopping = createRateShopping({
    calls,
    clock,
    priceLists,
    budgetMs: deps.config?.rateShopTimeoutMs ?? DEFAULT_RATE_SHOP_TIMEOUT_MS,
  });
  const addresses = createAddressValidationService({ calls });
  const choice = createShipChoice({ shopping, addresses, declarations: deps.declarations });
  const lookup = createBookingLookup({
    calls,
    clock,
    ...(deps.config?.carriers.lookupDelayMs !== undefined ? { delayMs: deps.config.carriers.lookupDelayMs } : {}),
    ...(deps.config ? { callTimeoutMs: deps.config.carriers.timeoutMs } : {}),
  });
  const shipping = createShippingService({
    db,
    calls,
    clock,
    trackingCache,
    links,
    ownership,
    choice,
    labels: deps.labels,
    lookup,
  });
  // A claim older than twice the carrier timeout belongs to a request that can no longer be running.
  const staleAfterMs = deps.config ? 2 * deps.config.carriers.timeoutMs : undefined;
  const idempotency = createIdempotencyService({
    db,
    clock,
    sealer: deps.sealer,
    ...(staleAfterMs !== undefined ? { staleAfterMs } : {}),
  });
  const recovery = createBookingRecovery({
    db,
    clock,
    idempotency,
    lookup,
    shipping,
    leaseMs: staleAfterMs ?? DEFAULT_STALE_AFTER_MS,
  });
  const manifests = createManifestService({ db, calls, clock, ownership });
  const usageCounter = createUsageCounter({ db, clock });
  const tracking = createTrackingService({
    db,
    cache: trackingCache,
    calls,
    clock,
    concurrency: deps.trackConcurrency,
    usage: usageCounter,
  });
  const tenantStatus = createTenantStatus({ db, clock });
  // A suspended merchant's people are not signed in (the step after authentication refuses the rest).
  const identity = identityOf(deps, links, async (tenant) =>
    refuseInactive(tenant, (await tenantStatus.read(tenant)).status),
  );
  const returnMethods = createReturnMethodsService({ db, calls, declarations: deps.declarations, clock });
  const returns = createReturnsService({ db, calls, shipping, declarations: deps.declarations, clock });
  const branding = createBrandingService({ db, clock, labels: deps.labels });
  const rating = createRatingService({ calls, clock, shopping, priceLists });
  const batchPreviewDeps = {
    clock,
    accounts,
    rating,
    declarations: deps.declarations,
    concurrency: deps.config?.batches.concurrency ?? 8,
  };
  return {
    database: deps.database,
    readiness: () => checkReadiness(deps.database),
    // Instances that share a PostgreSQL database share their request limits; a SQLite file has one instance.
    sharedBuckets: deps.database.dialect === 'postgres' ? createSharedBuckets(db) : undefined,
    declarations: deps.declarations,
    links,
    labels: deps.labels,
    accounts,
    rating,
    priceLists,
    addresses,
    shipping,
    lookup,
    listings: createListingsService({ db, links }),
    tracking,
    pickups: createPickupsService({ calls, clock, db, ownership }),
    manifests,
    credentials: createCredentialsCheck({ calls }),
    balances: createBalanceService({ db, calls, clock, ownership }),
    idempotency,
    recovery,
    webhooks: createWebhooksService({
      db,
      sealer: deps.sealer,
      clock,
      allowPrivate: deps.config?.webhooks.allowPrivate ?? false,
      ...(deps.config ? { maxEndpoints: deps.config.webhooks.maxEndpoints } : {}),
    }),
    returnMethods,
    returns,
    branding,
    publicTracking: createPublicTracking({ db, links, tracking, declarations: deps.declarations, branding }),
    portal: createPortalService({
      db,
      links,
      clock,
      returns,
      returnMethods,
      declarations: deps.declarations,
      branding,
    }),
    batches: createBatchesService({
      db,
      clock,
      accounts,
      manifests,
      declarations: deps.declarations,
      labels: deps.labels,
    }),
    /** POST /batches/preview: a batch priced, nothing stored or bought. */
    previewBatch: (tenant: string, source: BatchSource, log: Log) =>
      previewBatch(batchPreviewDeps, tenant, source, log),
    identity,
    tenantStatus,
    usageCounter,
    tenants: createTenants({ db, clock, identity, status: tenantStatus, usage: usageCounter }),
    auditLog: createAuditLog({ db, clock, retentionMs: deps.config?.auditRetentionMs ?? 365 * 86_400_000 }),
  };
}

function signedLinksOf(deps: Pick<ServiceDeps, 'sealer' | 'clock' | 'config'>) {
  return createSignedLinks({
    key: deps.sealer.deriveKey('signed links'),
    clock: deps.clock,
    labelTtlMs: deps.config?.links.labelTtlMs ?? 24 * 3_600_000,
    trackingTtlMs: deps.config?.links.trackingTtlMs ?? 180 * 86_400_000,
  });
}

function identityOf(
  deps: Pick<ServiceDeps, 'database' | 'sealer' | 'clock' | 'config'>,
  links: ReturnType<typeof createSignedLinks>,
  admits?: (tenant: string) => Promise<void>,
) {
  return createIdentityService({
    ...(admits ? { admits } : {}),
    db: deps.database.db,
    clock: deps.clock,
    links,
    csrfKey: deps.sealer.deriveKey('session csrf'),
    sessions: deps.config?.sessions ?? { idleMs: 2 * 3_600_000, lifetimeMs: 24 * 3_600_000 },
    invitationTtlMs: deps.config?.invitationTtlMs ?? 7 * 86_400_000,
    ...(deps.config?.oidc ? { oidc: { ...deps.config.oidc, key: deps.sealer.deriveKey('sso transaction') } } : {}),
  });
}

/** Users and keys alone, for the operator's commands (waybill users): the same keys and links as the service's. */
export function createOperatorIdentity(deps: Pick<ServiceDeps, 'database' | 'sealer' | 'clock' | 'config'>) {
  return identityOf(deps, signedLinksOf(deps));
}

export type Services = ReturnType<typeof createServices>;

// What the HTTP layer needs besides the factory: how a request body is fingerprinted for idempotency
// and the claim it holds, how a batch CSV is read as it arrives, and how long work gives the event loop its turns.
export {
  fingerprint,
  fingerprintInSlices,
  type IdempotencyService,
  type KeyClaim,
  type SharedBuckets,
} from './kernel/index.js';
export { readCsv, type BatchSource } from './batches/index.js';
export { jsonRows, readPriceListCsv } from './accounts/index.js';
export { generatePassword, type IdentityService, type KeyAuth, type SessionAuth } from './identity/index.js';
export { refuseEntry, type TenantStatus, type TenantStatusCheck } from './tenants/index.js';
// The operator's commands record what they change, as the routes do.
export { recordAudit } from './audit/index.js';
