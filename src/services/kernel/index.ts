export {
  bookingReference,
  createBookingLookup,
  keepIfUncertain,
  outcomeUnknown,
  settledByLookup,
} from './booking-lookup.js';
export type { BookingLookup, LookupAnswer } from './booking-lookup.js';
export { startLoop } from './background-loop.js';
export type { BackgroundLoop } from './background-loop.js';
export { createCarrierCalls, withCarrierDetail } from './carrier-calls.js';
export type { CallTarget, CarrierCalls, PreparedCall } from './carrier-calls.js';
export { EVENT_RETENTION_MS, pendingDelivery, recordEvent, recordEvents, subscribes } from './events.js';
export {
  DEFAULT_STALE_AFTER_MS,
  IDEMPOTENCY_TTL_MS,
  createIdempotencyService,
  fingerprint,
  fingerprintInSlices,
} from './idempotency.js';
export type { IdempotencyService, KeyClaim } from './idempotency.js';
export { dateBounds, paging } from './list-query.js';
export { createOwnership } from './ownership.js';
export type { Ownership } from './ownership.js';
export {
  DATE_HORIZON_DAYS,
  checkHorizon,
  checkShipDate,
  defaultPackaging,
  earliestToday,
  toShipmentRequest,
} from './shipment-request.js';
export { checkReadiness } from './readiness.js';
export type { NotReady } from './readiness.js';
export { createSharedBuckets } from './shared-buckets.js';
export type { SharedBuckets, Take } from './shared-buckets.js';
export { createSignedLinks } from './signed-links.js';
export type { SignedLinks } from './signed-links.js';
export { createSingleFlight } from './single-flight.js';
export { decodeBooking, encodeBooking } from './stored-booking.js';
export { createUsageCounter } from './usage-counter.js';
export type { UsageCounter } from './usage-counter.js';
