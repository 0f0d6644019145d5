/**
 * Settling a batch item whose worker stopped mid-booking (booking.ts says how): from its attempt's
 * record, and where the record says the carrier may have booked, from the carrier's own answer.
 */
import type { CarrierSlug } from '../../carriers/carrier.js';
import { declarations } from '../../carriers/declarations.js';
import { ApiError } from '../../domain/errors.js';
import type { Log } from '../../foundations/logger.js';
import * as repo from '../../storage/repositories/batches.js';
import * as shipments from '../../storage/repositories/shipments.js';
import type { LookupAnswer } from '../kernel/index.js';
import type { BookingExtras, PreparedBooking } from '../shipping/index.js';
import { errorOf, INTERRUPTED, itemShipment, prepareItem, type BatchBookingDeps } from './booking-deps.js';
import { finishIfDone } from './state.js';

/** Thrown inside a transaction to roll it back: another worker settled the item first. */
class AlreadySettled extends Error {}

/** Settles an item whose worker stopped (its lease ran out, or on SQLite a previous process held it). */
export async function recoverBatchItem(deps: BatchBookingDeps, item: repo.BatchItemRow, log: Log): Promise<void> {
  const { db, clock } = deps;
  const dead = item.lease_owner ?? '';
  const record = await repo.findAttempt(db, item);
  if (record?.state === 'done' && record.shipment_id !== undefined) {
    // Booked and stored, the item's own update lost: the stored shipment is the answer.
    const { shipment_id } = record;
    await repo.settle(
      db,
      item,
      dead,
      { status: 'booked', shipment_id, label_ids: await shipments.packageLabelIds(db, shipment_id) },
      clock.now().toISOString(),
    );
  } else if (!record) {
    // No record for this attempt: the carrier was never called for it.
    await repo.settle(db, item, dead, { status: 'queued' }, clock.now().toISOString());
    return;
  } else if (await settleFromCarrier(deps, item, dead, record.created_at, log)) {
    return;
  } else {
    const err = new ApiError(
      'carrier_timeout',
      `the booking was interrupted (the instance stopped while the carrier call for this item may have been under way); the carrier may have booked it: check before retrying it with POST /batches/${item.batch_id}/retry?index=${item.idx}`,
      INTERRUPTED,
    );
    if (await repo.settle(db, item, dead, { status: 'failed', error: errorOf(err) }, clock.now().toISOString()))
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
  deps: BatchBookingDeps,
  item: repo.BatchItemRow,
  dead: string,
  claimedAt: string,
  log: Log,
): Promise<boolean> {
  const { db, clock, shipping } = deps;
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
    ({ prepared, extras } = await prepareItem(deps, item, itemShipment(item), log));
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
        if (!(await repo.releaseAttemptClaimedAt(trx, item, claimedAt))) return false;
        if (!(await repo.settle(trx, item, dead, { status: 'queued' }, clock.now().toISOString())))
          throw new AlreadySettled();
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
    const settled = await repo.settle(
      trx,
      item,
      dead,
      {
        status: 'booked',
        shipment_id: record.shipment.id,
        label_ids: record.labels.filter((l) => l.tracking_number !== null).map((l) => l.id),
      },
      clock.now().toISOString(),
    );
    if (!settled) return false;
    await repo.completeAttempt(trx, item, record.shipment.id);
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
