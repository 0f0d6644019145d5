/**
 * Booking one claimed batch item through the /ship path (booking.ts says how an item's attempt is
 * recorded so that a crash never books it twice).
 */
import type { Log } from '../../foundations/logger.js';
import { ApiError, toApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import * as repo from '../../storage/repositories/batches.js';
import { IDEMPOTENCY_TTL_MS, settledByLookup } from '../kernel/index.js';
import type { BookingExtras } from '../shipping/index.js';
import {
  callsBeforeBooking,
  errorOf,
  itemShipment,
  prepareItem,
  type BatchBookingDeps,
  type BookOutcome,
} from './booking-deps.js';
import { csvItemError } from './csv-items.js';
import { finishIfDone } from './state.js';

/** A booking call made this long after its item's claim moves the claim's time to the call (callStillOurs). */
const LATE_CALL_MS = 1000;

async function fail(
  deps: BatchBookingDeps,
  item: repo.BatchItemRow,
  owner: string,
  err: unknown,
): Promise<BookOutcome> {
  const { db, clock } = deps;
  const e = item.row === null ? toApiError(err) : csvItemError(toApiError(err), item.row);
  const settled = await db.transaction().execute(async (trx) => {
    if (!(await repo.settle(trx, item, owner, { status: 'failed', error: errorOf(e) }, clock.now().toISOString())))
      return false;
    await repo.releaseAttempt(trx, item);
    return true;
  });
  if (!settled) return { kind: 'lost' };
  await finishIfDone(db, item.batch_id, clock.now());
  return { kind: 'failed' };
}

/** Throttled: the carrier refused the call, so nothing was booked; back in the queue it goes. */
async function requeue(
  deps: BatchBookingDeps,
  item: repo.BatchItemRow,
  owner: string,
  e: ApiError,
): Promise<BookOutcome> {
  await deps.db.transaction().execute(async (trx) => {
    if (await repo.settle(trx, item, owner, { status: 'queued' }, deps.clock.now().toISOString()))
      await repo.releaseAttempt(trx, item);
  });
  return { kind: 'throttled', ...(e.retryAfter !== undefined ? { retryAfterMs: e.retryAfter * 1000 } : {}) };
}

/**
 * Books a claimed item; the caller holds its lease. As on /ship, `choose` comes first: with
 * shipping_accounts the accounts are rated and one rate selected, with validate_address the
 * recipient is checked. Those calls book nothing, so such an item's record is written only once
 * they are done, just before the booking call (see callsBeforeBooking): a crash while rating
 * leaves no record, and the item goes back to the queue instead of failing as interrupted.
 * `claimNext` claims the slot's next item in the transaction that settles this one (answered as
 * `next`), so on SQLite, whose commits wait for the disk with the event loop held, a booked item
 * costs one commit instead of two.
 */
export async function bookBatchItem(
  deps: BatchBookingDeps,
  item: repo.BatchItemRow,
  owner: string,
  log: Log,
  claimNext?: (trx: Db) => Promise<repo.BatchItemRow[]>,
): Promise<BookOutcome> {
  const { db, clock, shipping } = deps;
  const input = itemShipment(item);
  let prepared;
  let extras: BookingExtras;
  try {
    ({ prepared, extras } = await prepareItem(deps, item, input, log));
  } catch (err) {
    const e = toApiError(err);
    // Nothing was booked yet: a throttling carrier, or the database gone for a moment, means later.
    return e.code === 'carrier_throttling' || e.code === 'service_unavailable'
      ? requeue(deps, item, owner, e)
      : fail(deps, item, owner, e);
  }
  // The time the attempt's record says the call was made: the lookup's window starts there.
  let calledAt: Date | undefined;
  if (callsBeforeBooking(input)) {
    const at = clock.now();
    calledAt = at;
    // Another worker recovered this item meanwhile (our lease ran out) and holds the attempt: leave it.
    if (
      !(await repo.claimAttempt(db, item, at.toISOString(), new Date(at.getTime() + IDEMPOTENCY_TTL_MS).toISOString()))
    )
      return { kind: 'lost' };
  } else if (!(calledAt = await callStillOurs(deps, item))) return { kind: 'lost' };
  let booked;
  try {
    booked = await prepared.run(deps.lookup.withinWindow(prepared.call, calledAt), prepared.req);
  } catch (err) {
    const e = toApiError(err);
    // A busy label pool refused before the carrier was called, as a throttling carrier would.
    if (e.code === 'carrier_throttling' || e.code === 'service_unavailable') return requeue(deps, item, owner, e);
    // Cut off mid-call: left in progress, its lease no longer renewed, and settled from the
    // carrier's answer once the lease runs out (recover), as if this instance had died.
    if (settledByLookup(e, prepared.adapter.declaration)) {
      log.warn(
        { batch: item.batch_id, index: item.idx, err: e },
        'batch booking call cut off; the carrier will be asked whether it booked',
      );
      return { kind: 'lost' };
    }
    return fail(deps, item, owner, e);
  }
  let record;
  try {
    record = await shipping.recordBooking(prepared, booked, deps.labelBaseUrl, extras);
  } catch (err) {
    return fail(deps, item, owner, err);
  }
  record.shipment.batch_id = item.batch_id;
  const labelIds = record.labels.filter((l) => l.tracking_number !== null).map((l) => l.id);
  let next: repo.BatchItemRow[] = [];
  const stored = await shipping.storeBooking(prepared, record, log, async (trx) => {
    // The carrier booked and charged: the item is booked whoever holds its lease now, unless a
    // recovery (our lease ran out while the answer was on its way) already stored this booking
    // as the carrier's lookup found it: storing it again would show one label as two.
    if (
      !(await repo.settle(
        trx,
        item,
        null,
        { status: 'booked', shipment_id: record.shipment.id, label_ids: labelIds },
        clock.now().toISOString(),
      ))
    )
      return false;
    await repo.completeAttempt(trx, item, record.shipment.id);
    next = (await claimNext?.(trx)) ?? [];
    return true;
  });
  if (!stored) {
    log.info(
      { batch: item.batch_id, index: item.idx, tracking_number: record.shipment.tracking_number },
      'batch item already settled by a recovery; its booking is stored once',
    );
    return { kind: 'lost' };
  }
  // An item of the same batch claimed with this one's settlement keeps the batch open: its own settlement checks.
  if (!next.some((n) => n.batch_id === item.batch_id)) await finishIfDone(db, item.batch_id, clock.now());
  return { kind: 'booked', next };
}

/**
 * Whether the attempt claimed with the item is still this worker's to call, its record brought up
 * to the call when the call comes late. A recovery measures "the call could still be under way"
 * from the record's time: a worker starved past its lease between claim and call (seen on a loaded
 * two-instance run) made its call after a recovery had taken "not found" as never booked and
 * queued the item again, and it was booked twice. A record released or taken over meanwhile means
 * another worker settled the item: no call. Answers the record's time (the call's window starts
 * there), or undefined when the call is not ours.
 */
async function callStillOurs(deps: BatchBookingDeps, item: repo.BatchItemRow): Promise<Date | undefined> {
  const { db, clock } = deps;
  const record = await repo.findAttempt(db, item);
  // The claim wrote the record at the item's claim time (repositories/batch-queue.ts claimIn): another
  // time is another worker's claim of the same attempt, made after ours was settled.
  if (record?.state !== 'in_progress' || record.created_at !== item.updated_at) return undefined;
  const at = clock.now();
  if (at.getTime() - Date.parse(record.created_at) < LATE_CALL_MS) return new Date(record.created_at);
  return (await repo.moveAttempt(db, item, record.created_at, at.toISOString())) ? at : undefined;
}
