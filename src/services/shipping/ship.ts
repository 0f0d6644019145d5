/**
 * POST /ship. A booking is stored with its labels before the response is sent, so a client that
 * saw a 200 can always fetch its label again.
 */
import type { Log } from '../../foundations/logger.js';
import type { BookedShipment } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import type { ShipmentInput, ShipmentRequestInput } from '../../contract/shipment.js';
import type { AuditContext } from '../../domain/audit.js';
import { newId } from '../../storage/ids.js';
import * as intents from '../../storage/repositories/booking-intents.js';
import { bookingReference, keepIfUncertain, outcomeUnknown, settledByLookup, type KeyClaim } from '../kernel/index.js';
import { refuseDuplicates } from './duplicates.js';
import type { BookingExtras } from './booking-view.js';
import type { ShippingDeps } from './shipping-deps.js';
import { prepareBooking, recordBooking, recordFound, type PreparedBooking } from './booking.js';
import { storeShipped } from './store-booked.js';

/**
 * POST /ship: one account's booking, or the one shipping_accounts selects; the recipient checked
 * first when asked. `claim`: the request's Idempotency-Key, completed in the booking's transaction
 * with the bytes `serialize` makes (what the route sends); one taken over from a request whose
 * instance died (its `interruptedAt`), maybe mid-booking, has the carrier asked first (settleInterrupted).
 */
export async function ship(
  deps: ShippingDeps,
  tenant: string,
  input: ShipmentRequestInput,
  opts: {
    log: Log;
    labelBaseUrl: string;
    claim?: KeyClaim;
    serialize?: (answer: unknown) => string;
    /** Who booked, for the audit log (a batch's items are recorded by the batch). */ by?: AuditContext;
  },
) {
  const { db } = deps;
  const { shipment, ...extras } = await deps.choice.choose(tenant, input, opts.log);
  // A request without an Idempotency-Key gets a key of Waybill's own, never claimed: it names the
  // booking's reference at the carrier and its intent, so a lost answer is found all the same.
  const claimed = opts.claim;
  const key = claimed?.key ?? `unkeyed-${newId('req')}`;
  const p = await prepareBooking(deps, tenant, shipment, opts.log, bookingReference(tenant, key));
  if (input.reject_duplicates === true) await refuseDuplicates(db, tenant, p.account.id, shipment.references);
  const found = claimed?.interruptedAt ? await settleInterrupted(deps, p, claimed, claimed.interruptedAt) : undefined;
  const booked = found
    ? undefined
    : await book(deps, p, { key, shipment, extras, claimed, ...(opts.by ? { by: opts.by } : {}) });
  const record = found
    ? await recordFound(deps, p, found, opts.labelBaseUrl, extras)
    : await recordBooking(deps, p, booked!, opts.labelBaseUrl, extras);
  const answer = { shipment: p.req.include_base64_label ? record.base64() : record.stored };
  await storeShipped(deps, p, record, opts.log, {
    key,
    claimed,
    answer: (opts.serialize ?? JSON.stringify)(answer),
    ...(opts.by ? { by: opts.by } : {}),
  });
  return answer;
}

/**
 * The booking call, written down first (booking_intents) where the carrier can be asked about it
 * later: an answer lost from here on is looked up by the booking recovery (recovery.ts) once the
 * call's timeout and the carrier's indexing delay have passed, retried or not. A failure that
 * certainly booked nothing strikes it out; an uncertain one keeps it (and the key's claim).
 */
async function book(
  deps: ShippingDeps,
  p: PreparedBooking,
  intent: {
    key: string;
    shipment: ShipmentInput;
    extras: BookingExtras;
    claimed: KeyClaim | undefined;
    by?: AuditContext;
  },
): Promise<BookedShipment> {
  const { db, clock } = deps;
  const decl = p.adapter.declaration;
  const recoverable = decl.operations.includes('lookup_reference');
  if (recoverable) {
    await intents.put(db, {
      tenant: p.tenant,
      key: intent.key,
      shipment: intent.shipment,
      ...(Object.keys(intent.extras).length > 0 ? { extras: intent.extras } : {}),
      ...(intent.by ? { actedBy: intent.by } : {}),
      calledAt: p.now.toISOString(),
      checkAfter: new Date(p.now.getTime() + deps.lookup.trustedAfterMs(decl)).toISOString(),
      attempts: 0,
    });
  }
  try {
    return await p.run(recoverable ? deps.lookup.withinWindow(p.call, p.now) : p.call, p.req);
  } catch (err) {
    if (!recoverable || !settledByLookup(err, decl)) {
      if (recoverable) await intents.remove(db, p.tenant, intent.key);
      throw err;
    }
    await intents.markLost(db, p.tenant, intent.key, clock.now().toISOString());
    return keepIfUncertain(
      outcomeUnknown(err as ApiError, p.account.carrier, intent.claimed !== undefined),
      decl,
      intent.claimed,
    );
  }
}

/**
 * What an interrupted request with this key booked, if the carrier has it; undefined: it has none
 * (after its indexing delay) or no lookup (booked again: README "Retrying safely"). Too soon to
 * tell: the claim goes back as it was, and the retry is told to come back (idempotency_key_in_use).
 */
async function settleInterrupted(deps: ShippingDeps, p: PreparedBooking, claimed: KeyClaim, interruptedAt: string) {
  const answer = await deps.lookup.lookup(p, new Date(interruptedAt));
  if (answer.kind === 'found') return answer.found;
  // A 5xx, so the key keeps this answer (KeyClaim.finish): every retry is told, none buys again.
  if (answer.kind === 'unnamed')
    throw new ApiError(
      'carrier_http_exception',
      `The request with Idempotency-Key ${claimed.key} was interrupted mid-booking, and ${p.account.carrier} shows what it booked under Waybill's reference, but not as one booking Waybill can record (${answer.reason}); it is not booked again: check the carrier account`,
      claimed.key,
    );
  if (answer.kind !== 'pending') return undefined;
  await claimed.reopen();
  throw new ApiError(
    'idempotency_key_in_use',
    `The outcome of the request with Idempotency-Key ${claimed.key} is unknown (its answer was lost or its instance stopped mid-booking), and ${p.account.carrier} cannot yet say whether it booked (${answer.reason}); Waybill keeps checking: retry with the same key in a few seconds, which answers the booking once found and never books twice`,
    claimed.key,
    { retryAfter: 5 },
  );
}
