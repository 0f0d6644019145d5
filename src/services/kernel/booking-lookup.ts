/**
 * Whether a booking whose answer was lost happened at the carrier (issue: an instance killed while
 * its carrier call was in flight). Every booking carries Waybill's own reference, derived from its
 * idempotency record, in a field the carrier keeps and searches by (the carrier folders' ship.ts and
 * lookup.ts); a carrier that declares `lookup_reference` is asked for it:
 *
 * - found: the carrier's booking, to be stored as booked (its labels only where the carrier hands
 *   them out again: a label recovery call);
 * - absent: not found, and the carrier's indexing delay (`lookupDelayMs`) has passed since the call
 *   could last have reached the carrier (the call's own timeout after it began: an instance alive but
 *   starved past its lease may still be making it): it never booked, and booking again under the
 *   same reference is safe;
 * - pending: not found yet, too soon to tell, or the carrier could not be asked now: ask again later;
 * - unknown: this carrier (or this booking, whose shipper's references leave no field for ours)
 *   has no lookup: the booking stays interrupted for a person to check;
 * - unnamed: the carrier shows something under the reference that cannot be recorded as this
 *   request's booking (more labels than packages, a label without a number the listing gives): it
 *   is neither stored nor booked again, and a person checks the carrier account.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import type { FoundBooking, ShipmentRequest } from '../../domain/types.js';
import { ApiError, toApiError } from '../../domain/errors.js';
import type { CarrierCall, CarrierDeclaration } from '../../carriers/carrier.js';
import type { CarrierCalls, PreparedCall } from './carrier-calls.js';
import type { KeyClaim } from './idempotency.js';

/** A booking prepared as for its call (shipping/booking.ts prepareBooking), with Waybill's reference. */
type Booking = Pick<PreparedCall<'ship'>, 'adapter' | 'call'> & { req: ShipmentRequest };

export type LookupAnswer =
  | { kind: 'found'; found: FoundBooking }
  | { kind: 'absent' }
  | { kind: 'pending'; reason: string }
  | { kind: 'unknown'; reason: string }
  | { kind: 'unnamed'; reason: string };

/**
 * Waybill's reference of one idempotency record: 26 characters, within every carrier's shortest
 * searchable reference field (FedEx Ground customer references take 30), the same however often it
 * is computed, so a retry and a recovery search for what the first call sent.
 */
export function bookingReference(tenant: string, key: string): string {
  return `WB${createHash('sha256').update(`${tenant}\0${key}`).digest('hex').slice(0, 24).toUpperCase()}`;
}

/** Errors of a call the carrier may have acted on: the connection failed or timed out mid-call. */
const UNCERTAIN = new Set(['carrier_timeout', 'carrier_failed_connection']);
/** A booking call's failure after which the carrier may have booked, and can be asked whether it did. */
export function settledByLookup(err: unknown, carrier: CarrierDeclaration): boolean {
  return err instanceof ApiError && UNCERTAIN.has(err.code) && carrier.operations.includes('lookup_reference');
}

/**
 * A booking call's uncertain failure, said plainly: the label may have been booked, and Waybill is
 * finding out (the booking recovery, or a retry with the same key, asks the carrier).
 */
export function outcomeUnknown(err: ApiError, carrier: string, keyed: boolean): ApiError {
  const then = keyed
    ? 'retry with the same Idempotency-Key to get the outcome (it never books twice)'
    : 'what it booked is listed as a recovered shipment';
  return new ApiError(
    err.code,
    `${err.message.replace(/\.$/, '')}. The outcome is unknown: ${carrier} may have booked the label, and Waybill is checking by its reference; ${then}`,
    err.detail,
    { cause: err, ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}) },
  );
}

/** A booking call cut off when it may have reached a carrier that can be asked: its claim stays, for a retry to settle. */
export function keepIfUncertain(err: unknown, carrier: CarrierDeclaration, claimed: KeyClaim | undefined): never {
  if (claimed && settledByLookup(err, carrier)) claimed.keep();
  throw err;
}

/** `callTimeoutMs`: the longest a booking call runs (the carrier timeout, retries included). */
export function createBookingLookup(deps: {
  calls: CarrierCalls;
  clock: Clock;
  delayMs?: number;
  callTimeoutMs?: number;
}) {
  /** How long after a booking call began "not found" at this carrier means it never booked. */
  const trustedAfterMs = (decl: CarrierDeclaration) =>
    (deps.callTimeoutMs ?? 0) + (deps.delayMs ?? decl.lookupDelayMs ?? 0);

  /** `bookedAt`: when the lost call was made (its idempotency record's claim). */
  async function lookup(p: Booking, bookedAt: Date): Promise<LookupAnswer> {
    const decl = p.adapter.declaration;
    if (!decl.operations.includes('lookup_reference') || p.req.waybill_reference === undefined)
      return { kind: 'unknown', reason: `${decl.slug} offers no lookup of a booking by reference` };
    let found;
    try {
      const run = deps.calls.requireOperation<'lookupReference'>(p.adapter, 'lookup_reference');
      found = await run(p.call, p.req, bookedAt);
    } catch (err) {
      const e = toApiError(err);
      if (e.code === 'carrier_unsupported_method') return { kind: 'unknown', reason: e.message };
      if (e.code === 'conflict') return { kind: 'unnamed', reason: e.message };
      return { kind: 'pending', reason: `the lookup failed: ${e.message}` };
    }
    if (found) return { kind: 'found', found };
    const trusted = trustedAfterMs(decl);
    const waited = deps.clock.now().getTime() - bookedAt.getTime();
    return waited >= trusted
      ? { kind: 'absent' }
      : {
          kind: 'pending',
          reason: `not found ${Math.round(waited / 1000)} s after the call; the call and ${decl.slug}'s indexing may take ${Math.round(trusted / 1000)} s to show a booking`,
        };
  }

  /**
   * The booking call held to the window a lookup assumes: "not found" is trusted from `calledAt` plus
   * the call's timeout and the indexing delay, so the call must be over by `calledAt` plus its
   * timeout however late it starts. An instance starved between writing the call down and making it
   * (seconds on a loaded machine: an OAuth token fetched, a database write, a busy event loop) would
   * otherwise reach the carrier after a recovery had taken "not found" as never booked and booked
   * the item again. Past the window the call is not made (or is cut off): its outcome is unknown, as
   * for any call cut off, and the lookup settles it.
   */
  function withinWindow(call: CarrierCall, calledAt: Date): CarrierCall {
    if (deps.callTimeoutMs === undefined) return call;
    const left = calledAt.getTime() + deps.callTimeoutMs - deps.clock.now().getTime();
    const window = left > 0 ? AbortSignal.timeout(left) : AbortSignal.abort();
    return { ...call, signal: call.signal ? AbortSignal.any([call.signal, window]) : window };
  }

  return { lookup, trustedAfterMs, withinWindow };
}

export type BookingLookup = ReturnType<typeof createBookingLookup>;
