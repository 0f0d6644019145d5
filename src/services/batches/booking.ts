/**
 * Booking batch items, the face: binds the dependencies to bookBatchItem (book-item.ts: one item
 * through the /ship path) and recoverBatchItem (recover-item.ts: an item a dead worker left behind).
 *
 * The item's idempotency record (`batch:<batch>:<index>:<attempt>`) is written when the item is
 * claimed, or, for an item that rates or checks its address first, just before its booking call.
 * The carrier's answer is stored (shipment, labels, shipment.created) in the same
 * transaction that marks the item booked and completes the record, so after a crash an item is
 * either booked with its shipment or not booked at all in the database. An abandoned item whose
 * record is still in progress may have reached the carrier: its booking carried Waybill's reference
 * of that record (booking-lookup.ts), and where the carrier has a lookup by it the item is settled
 * from the carrier's answer: booked as found there (with its labels where the carrier hands them
 * out again), or back in the queue once the carrier's indexing delay shows it never booked. Where
 * it has none, the item is failed as interrupted and never booked again on its own;
 * POST /batches/{id}/retry?index=<n> (or include_interrupted=true) requeues it once someone has
 * checked.
 */
import { bind } from '../../foundations/bind.js';
import { bookBatchItem } from './book-item.js';
import type { BatchBookingDeps } from './booking-deps.js';
import { recoverBatchItem } from './recover-item.js';

export type { BatchBookingDeps, BookOutcome } from './booking-deps.js';

export function createBatchBooking(deps: BatchBookingDeps) {
  return { book: bind(deps, bookBatchItem), recover: bind(deps, recoverBatchItem) };
}

export type BatchBooking = ReturnType<typeof createBatchBooking>;
