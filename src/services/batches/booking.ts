/**
 * Booking one batch item through the /ship path, and settling items a dead worker left behind.
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
import type { CarrierSlug } from '../../carriers/carrier.js';
import { declarations } from '../../carriers/declarations.js';
import type { Clock } from '../../foundations/clock.js';
import type { ShipmentRequestInput } from '../../contract/shipment.js';
import { ApiError, toApiError } from '../../domain/errors.js';
import type { Log } from '../../foundations/logger.js';
import type { Db } from '../../storage/database.js';
import * as repo from '../../storage/repositories/batches.js';
import * as idempotency from '../../storage/repositories/idempotency.js';
import * as shipments from '../../storage/repositories/shipments.js';
import { csvItemError } from './csv.js';
import { finishIfDone } from './state.js';
import {
  IDEMPOTENCY_TTL_MS,
  bookingReference,
  settledByLookup,
  type BookingLookup,
  type LookupAnswer,
} from '../kernel/index.js';
import type { BookingExtras, createShippingService, PreparedBooking } from '../shipping/index.js';

export type BookOutcome =
  | { kind: 'booked'; next: repo.BatchItemRow[] }
  | { kind: 'failed' }
  | { kind: 'throttled'; retryAfterMs?: number }
  | { kind: 'lost' };

const errorOf = (e: ApiError) => ({ code: e.code, message: e.message, detail: e.detail });

export const INTERRUPTED = 'interrupted';

/** Thrown inside a transaction to roll it back: another worker settled the item first. */
class AlreadySettled extends Error {}

/** A booking call made this long after its item's claim moves the claim's time to the call (callStillOurs). */
const LATE_CALL_MS = 1000;

/**
 * Whether booking the item first calls a carrier for something else (rates, an address check).
 * Its idempotency record is then written after those calls rather than with its claim.
 */
export function callsBeforeBooking(
  input: Pick<ShipmentRequestInput, 'shipping_accounts' | 'validate_address'>,
): boolean {
  return input.shipping_accounts !== undefined || input.validate_address === true;
}

export function createBatchBooking(deps: {
  db: Db;
  clock: Clock;
  shipping: ReturnType<typeof createShippingService>;
  lookup: BookingLookup;
  labelBaseUrl: string;
}) {
  const { db, clock, shipping } = deps;
  const now = () => clock.now().toISOString();

  async function fail(item: repo.BatchItemRow, owner: string, err: unknown): Promise<BookOutcome> {
    const e = item.row === null ? toApiError(err) : csvItemError(toApiError(err), item.row);
    const settled = await db.transaction().execute(async (trx) => {
      if (!(await repo.settle(trx, item, owner, { status: 'failed', error: errorOf(e) }, now()))) return false;
      await idempotency.release(trx, item.tenant, repo.itemKey(item));
      return true;
    });
    if (!settled) return { kind: 'lost' };
    await finishIfDone(db, item.batch_id, clock.now());
    return { kind: 'failed' };
  }

  /** Throttled: the carrier refused the call, so nothing was booked; back in the queue it goes. */
  async function requeue(item: repo.BatchItemRow, owner: string, e: ApiError): Promise<BookOutcome> {
    await db.transaction().execute(async (trx) => {
      if (await repo.settle(trx, item, owner, { status: 'queued' }, now()))
        await idempotency.release(trx, item.tenant, repo.itemKey(item));
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
  async function book(
    item: repo.BatchItemRow,
    owner: string,
    log: Log,
    claimNext?: (trx: Db) => Promise<repo.BatchItemRow[]>,
  ): Promise<BookOutcome> {
    const input = JSON.parse(item.input) as ShipmentRequestInput;
    let prepared;
    let extras: BookingExtras;
    try {
      const { shipment, ...chosen } = await shipping.choose(item.tenant, input, log);
      extras = chosen;
      prepared = await shipping.prepareBooking(
        item.tenant,
        shipment,
        log,
        bookingReference(item.tenant, repo.itemKey(item)),
      );
    } catch (err) {
      const e = toApiError(err);
      // Nothing was booked yet: a throttling carrier, or the database gone for a moment, means later.
      return e.code === 'carrier_throttling' || e.code === 'service_unavailable'
        ? requeue(item, owner, e)
        : fail(item, owner, e);
    }
    // The time the attempt's record says the call was made: the lookup's window starts there.
    let calledAt: Date | undefined;
    if (callsBeforeBooking(input)) {
      const at = clock.now();
      calledAt = at;
      // Another worker recovered this item meanwhile (our lease ran out) and holds the attempt: leave it.
      if (
        !(await idempotency.claim(
          db,
          repo.itemRecord(item, at.toISOString(), new Date(at.getTime() + IDEMPOTENCY_TTL_MS).toISOString()),
          at.toISOString(),
        ))
      )
        return { kind: 'lost' };
    } else if (!(calledAt = await callStillOurs(item))) return { kind: 'lost' };
    let booked;
    try {
      booked = await prepared.run(deps.lookup.withinWindow(prepared.call, calledAt), prepared.req);
    } catch (err) {
      const e = toApiError(err);
      // A busy label pool refused before the carrier was called, as a throttling carrier would.
      if (e.code === 'carrier_throttling' || e.code === 'service_unavailable') return requeue(item, owner, e);
      // Cut off mid-call: left in progress, its lease no longer renewed, and settled from the
      // carrier's answer once the lease runs out (recover), as if this instance had died.
      if (settledByLookup(e, prepared.adapter.declaration)) {
        log.warn(
          { batch: item.batch_id, index: item.idx, err: e },
          'batch booking call cut off; the carrier will be asked whether it booked',
        );
        return { kind: 'lost' };
      }
      return fail(item, owner, e);
    }
    let record;
    try {
      record = await shipping.recordBooking(prepared, booked, deps.labelBaseUrl, extras);
    } catch (err) {
      return fail(item, owner, err);
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
          now(),
        ))
      )
        return false;
      await idempotency.complete(
        trx,
        item.tenant,
        repo.itemKey(item),
        200,
        JSON.stringify({ shipment_id: record.shipment.id }),
      );
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
  async function callStillOurs(item: repo.BatchItemRow): Promise<Date | undefined> {
    const record = await idempotency.find(db, item.tenant, repo.itemKey(item));
    // The claim wrote the record at the item's claim time (repositories/batches.ts claimIn): another
    // time is another worker's claim of the same attempt, made after ours was settled.
    if (record?.state !== 'in_progress' || record.created_at !== item.updated_at) return undefined;
    const at = clock.now();
    if (at.getTime() - Date.parse(record.created_at) < LATE_CALL_MS) return new Date(record.created_at);
    return (await idempotency.moveClaim(db, item.tenant, repo.itemKey(item), record.created_at, at.toISOString()))
      ? at
      : undefined;
  }

  /** Settles an item whose worker stopped (its lease ran out, or on SQLite a previous process held it). */
  async function recover(item: repo.BatchItemRow, log: Log): Promise<void> {
    const dead = item.lease_owner ?? '';
    const record = await idempotency.find(db, item.tenant, repo.itemKey(item));
    if (record?.state === 'done' && record.response) {
      // Booked and stored, the item's own update lost: the stored shipment is the answer.
      const { shipment_id } = JSON.parse(record.response) as { shipment_id: string };
      await repo.settle(
        db,
        item,
        dead,
        { status: 'booked', shipment_id, label_ids: await shipments.packageLabelIds(db, shipment_id) },
        now(),
      );
    } else if (!record) {
      // No record for this attempt: the carrier was never called for it.
      await repo.settle(db, item, dead, { status: 'queued' }, now());
      return;
    } else if (await settleFromCarrier(item, dead, record.created_at, log)) {
      return;
    } else {
      const err = new ApiError(
        'carrier_timeout',
        `the booking was interrupted (the instance stopped while the carrier call for this item may have been under way); the carrier may have booked it: check before retrying it with POST /batches/${item.batch_id}/retry?index=${item.idx}`,
        INTERRUPTED,
      );
      if (await repo.settle(db, item, dead, { status: 'failed', error: errorOf(err) }, now()))
        log.warn(
          { batch: item.batch_id, index: item.idx },
          'batch item interrupted mid-booking; failed without retrying, as the carrier may have booked it',
        );
    }
    await finishIfDone(db, item.batch_id, clock.now());
  }

  /**
   * Asks the carrier whether the item's interrupted attempt booked (booking-lookup.ts): found → booked
   * as the carrier has it; never booked → queued again under the same attempt, so its next call
   * carries the same reference; too soon to tell → left for the next sweep. false: the carrier has
   * no lookup for it, and the item fails as interrupted.
   */
  async function settleFromCarrier(
    item: repo.BatchItemRow,
    dead: string,
    claimedAt: string,
    log: Log,
  ): Promise<boolean> {
    // A carrier's lane whose carrier has no lookup: nothing to ask (and no rate calls to make first).
    if (
      item.carrier !== null &&
      item.carrier in declarations &&
      !declarations[item.carrier as CarrierSlug].operations.includes('lookup_reference')
    )
      return false;
    let prepared: PreparedBooking;
    let extras: BookingExtras;
    let answer: LookupAnswer;
    try {
      const { shipment, ...chosen } = await shipping.choose(
        item.tenant,
        JSON.parse(item.input) as ShipmentRequestInput,
        log,
      );
      extras = chosen;
      prepared = await shipping.prepareBooking(
        item.tenant,
        shipment,
        log,
        bookingReference(item.tenant, repo.itemKey(item)),
      );
      answer = await deps.lookup.lookup(prepared, new Date(claimedAt));
    } catch (err) {
      log.warn(
        { err, batch: item.batch_id, index: item.idx },
        'interrupted batch item could not be looked up at the carrier',
      );
      return false;
    }
    if (answer.kind === 'unknown' || answer.kind === 'unnamed') return false;
    if (answer.kind === 'pending') {
      log.info(
        { batch: item.batch_id, index: item.idx, reason: answer.reason },
        'interrupted batch item: asking the carrier again later',
      );
      return true;
    }
    if (answer.kind === 'absent') {
      // Only the attempt as it was looked up is released: a worker that moved its claim to a late
      // call meanwhile (callStillOurs) is calling now, and "not found" says nothing about that call.
      const requeued = await db
        .transaction()
        .execute(async (trx) => {
          if (!(await idempotency.releaseClaimedAt(trx, item.tenant, repo.itemKey(item), claimedAt))) return false;
          if (!(await repo.settle(trx, item, dead, { status: 'queued' }, now()))) throw new AlreadySettled();
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof AlreadySettled) return false;
          throw err;
        });
      if (!requeued) return true;
      log.info(
        { batch: item.batch_id, index: item.idx },
        'interrupted batch item never reached the carrier; queued again',
      );
      return true;
    }
    const record = await shipping.recordFound(prepared, answer.found, deps.labelBaseUrl, extras);
    record.shipment.batch_id = item.batch_id;
    const stored = await shipping.storeBooking(prepared, record, log, async (trx) => {
      // The item is no longer the dead worker's: its worker's late answer (or another instance's
      // recovery) stored this booking while the carrier was asked. Storing it again would show one
      // label as two shipments.
      if (
        !(await repo.settle(
          trx,
          item,
          dead,
          {
            status: 'booked',
            shipment_id: record.shipment.id,
            label_ids: record.labels.filter((l) => l.tracking_number !== null).map((l) => l.id),
          },
          now(),
        ))
      )
        return false;
      await idempotency.complete(
        trx,
        item.tenant,
        repo.itemKey(item),
        200,
        JSON.stringify({ shipment_id: record.shipment.id }),
      );
      return true;
    });
    if (!stored) {
      log.info(
        { batch: item.batch_id, index: item.idx, tracking_number: answer.found.tracking_number },
        'interrupted batch item found at the carrier was settled meanwhile; its booking is stored once',
      );
      return true;
    }
    log.info(
      {
        batch: item.batch_id,
        index: item.idx,
        tracking_number: answer.found.tracking_number,
        labels: record.labels.length > 0,
      },
      'interrupted batch item found at the carrier; booked as found there',
    );
    await finishIfDone(db, item.batch_id, clock.now());
    return true;
  }

  return { book, recover };
}

export type BatchBooking = ReturnType<typeof createBatchBooking>;
