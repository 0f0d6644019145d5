/**
 * The booking recovery: a /ship call whose outcome nobody stored (its answer lost to a cut or
 * timed-out connection, or its instance killed mid-call) is looked up at the carrier by Waybill's
 * reference once the call's timeout and the carrier's indexing delay have passed, whether or not
 * the client retries. What the carrier booked is stored as a shipment marked `recovered` (listed,
 * voidable, announced by its shipment.created event), and the request's Idempotency-Key answers a
 * later retry with it; a booking the carrier made is never invisible. The recovery takes the key's
 * claim over as a retry would, so it and a retry never both store one booking.
 */
import type { Clock } from '../../foundations/clock.js';
import type { Log } from '../../foundations/logger.js';
import type { AuditContext } from '../../domain/audit.js';
import type { ShipmentInput } from '../../contract/shipment.js';
import type { Db } from '../../storage/database.js';
import * as intents from '../../storage/repositories/booking-intents.js';
import { bookingReference, IDEMPOTENCY_TTL_MS, type BookingLookup, type IdempotencyService } from '../kernel/index.js';
import type { BookingExtras } from './booking-view.js';
import type { createShippingService } from './shipping.js';

type Shipping = Pick<ReturnType<typeof createShippingService>, 'prepareBooking' | 'recordFound' | 'storeShipped'>;

/** Intents looked at per turn. */
const PAGE = 20;
/** A lookup still too early to tell, or that failed, is asked again after this, doubling up to an hour. */
const FIRST_RETRY_MS = 30_000;
const LAST_RETRY_MS = 3_600_000;

export function createBookingRecovery(deps: {
  db: Db;
  clock: Clock;
  idempotency: Pick<IdempotencyService, 'takeOverStale' | 'held'>;
  lookup: BookingLookup;
  shipping: Shipping;
  /** How long one instance holds an intent it is looking up (the lookup call's timeout, with room). */
  leaseMs: number;
}) {
  const { db, clock } = deps;

  /** Looks up the intents that are due; true when a whole page was due (more may be). */
  async function settleDue(log: Log, labelBaseUrl: string): Promise<boolean> {
    const now = clock.now();
    const page = await intents.due(db, now.toISOString(), PAGE);
    for (const seen of page) {
      // Held for the lookup; another instance that read the same row loses the update and skips it.
      const held = { ...seen, checkAfter: new Date(now.getTime() + deps.leaseMs).toISOString() };
      if (!(await intents.postpone(db, seen, held.checkAfter))) continue;
      try {
        await settle(held, log, labelBaseUrl);
      } catch (err) {
        log.error(
          { err, tenant: seen.tenant, key: seen.key },
          'a booking whose answer was lost could not be looked up; trying again later',
        );
        await later(held);
      }
    }
    return page.length === PAGE;
  }

  async function settle(intent: intents.BookingIntent, log: Log, labelBaseUrl: string): Promise<void> {
    const { tenant, key } = intent;
    const claim = await deps.idempotency.takeOverStale(tenant, key);
    // A retry stored what was booked (or is settling it now).
    if (claim.kind === 'done') return intents.remove(db, tenant, key);
    if (claim.kind === 'busy') return later(intent);
    const claimed = claim.kind === 'owner' ? deps.idempotency.held(tenant, key, claim.interruptedAt) : undefined;
    // Handed back as it was, stale: a retry settles it the same way (ship.ts settleInterrupted).
    const giveBack = () => claimed?.reopen() ?? Promise.resolve();
    try {
      const p = await deps.shipping.prepareBooking(
        tenant,
        intent.shipment as ShipmentInput,
        log,
        bookingReference(tenant, key),
      );
      const answer = await deps.lookup.lookup(p, new Date(intent.calledAt));
      if (answer.kind === 'found') {
        const record = await deps.shipping.recordFound(
          p,
          answer.found,
          labelBaseUrl,
          (intent.extras ?? {}) as BookingExtras,
        );
        await deps.shipping.storeShipped(p, record, log, {
          key,
          claimed,
          answer: JSON.stringify({ shipment: record.stored }),
          ...(intent.actedBy ? { by: intent.actedBy as AuditContext } : {}),
        });
        log.warn(
          {
            tenant,
            key,
            carrier: p.account.carrier,
            tracking_number: record.shipment.tracking_number,
            shipment: record.shipment.id,
          },
          'a booking whose answer was lost was found at the carrier and stored as recovered',
        );
        return;
      }
      await giveBack();
      if (answer.kind === 'pending') return later(intent, log, answer.reason);
      // absent: it never booked, and a retry books afresh; unknown or unnamed: a person checks.
      if (answer.kind !== 'absent')
        log.error(
          { tenant, key, reason: answer.reason },
          'a booking whose answer was lost cannot be settled from the carrier: check the carrier account',
        );
      await intents.remove(db, tenant, key);
    } catch (err) {
      await giveBack();
      throw err;
    }
  }

  /** Asks again later, each time twice as late; after a day (the key's life) a person is told instead. */
  async function later(intent: intents.BookingIntent, log?: Log, reason?: string): Promise<void> {
    const now = clock.now();
    if (now.getTime() - Date.parse(intent.calledAt) > IDEMPOTENCY_TTL_MS) {
      log?.error(
        { tenant: intent.tenant, key: intent.key, reason },
        'a booking whose answer was lost could not be settled within a day: check the carrier account',
      );
      return intents.remove(db, intent.tenant, intent.key);
    }
    const wait = Math.min(FIRST_RETRY_MS * 2 ** intent.attempts, LAST_RETRY_MS);
    await intents.postpone(db, intent, new Date(now.getTime() + wait).toISOString(), intent.attempts + 1);
  }

  return { settleDue };
}

export type BookingRecovery = ReturnType<typeof createBookingRecovery>;
