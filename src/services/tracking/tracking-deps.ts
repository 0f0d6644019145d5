/** What the tracking use cases are handed, once, by their face (tracking.ts). */
import type { CarrierSlug } from '../../carriers/carrier.js';
import type { Clock } from '../../foundations/clock.js';
import type { Limiter } from '../../foundations/limiter.js';
import type { TrackingResult, TrackingStage } from '../../domain/types.js';
import type { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import type { CarrierCalls, UsageCounter } from '../kernel/index.js';
import type { TrackingCache } from './cache.js';

const MINUTE = 60_000;
/** How long a result stays fresh by stage: final stages barely change, moving ones do. */
export const FRESHNESS_MS: Record<TrackingStage, number> = {
  CREATION_PENDING: 30 * MINUTE,
  CREATED: 30 * MINUTE,
  PICKED_UP: 15 * MINUTE,
  IN_TRANSIT: 15 * MINUTE,
  OUT_FOR_DELIVERY: 5 * MINUTE,
  DRIVER_ASSIGNED: 5 * MINUTE,
  CHECKED_IN: 15 * MINUTE,
  EXCEPTION: 15 * MINUTE,
  DELIVERED: 24 * 60 * MINUTE,
  SHIPMENT_VOIDED: 24 * 60 * MINUTE,
};

export interface TrackingDeps {
  db: Db;
  cache: TrackingCache;
  calls: CarrierCalls;
  clock: Clock;
  /** Carrier calls in flight per carrier. */
  concurrency: number;
  /** Counts the numbers asked of carriers, per tenant (GET /usage). */
  usage?: UsageCounter;
}

/** The deps and the limiter of each carrier's calls in flight, kept by the face. */
export interface TrackingState extends TrackingDeps {
  limiterFor: (slug: CarrierSlug) => Limiter;
}

export type Outcome = TrackingResult | ApiError;
