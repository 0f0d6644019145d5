/**
 * POST /ship, POST /cancel and GET /labels/{id}. A booking is stored with its labels before the
 * response is sent, so a client that saw a 200 can always fetch its label again.
 */
import type { Log } from '../../foundations/logger.js';
import { canCombine, isDrawnFormat, labelContentType, type LabelWork } from '../../documents/index.js';
import type { Clock } from '../../foundations/clock.js';
import type { BookedShipment, FoundBooking, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import type { CancelInput } from '../../contract/operations.js';
import type { ShipmentInput, ShipmentRequestInput } from '../../contract/shipment.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import { newId } from '../../storage/ids.js';
import * as shipments from '../../storage/repositories/shipments.js';
import * as intents from '../../storage/repositories/booking-intents.js';
import { watch } from '../../storage/repositories/tracked-shipments.js';
import {
  bookingReference,
  encodeBooking,
  keepIfUncertain,
  outcomeUnknown,
  recordEvent,
  settledByLookup,
  toShipmentRequest,
  type BookingLookup,
  type CarrierCalls,
  type KeyClaim,
  type Ownership,
  type PreparedCall,
  type SignedLinks,
} from '../kernel/index.js';
import { recordAudit } from '../audit/index.js';
import type { ShipChoiceService } from './ship-choice.js';
import { refuseDuplicates } from './duplicates.js';
import { storeBooked } from './store-booked.js';
import { bookingView, type Booking, type BookingExtras, type BookingView, type StoredLabel } from './booking-view.js';
import type { TrackingCache } from '../tracking/index.js';

export interface ShippingDeps {
  db: Db;
  calls: CarrierCalls;
  links: SignedLinks;
  trackingCache: TrackingCache;
  clock: Clock;
  ownership: Ownership;
  choice: ShipChoiceService;
  labels: LabelWork;
  lookup: BookingLookup;
}

export type { BookingExtras };

export type PreparedBooking = PreparedCall<'ship'> & { tenant: string; req: ShipmentRequest; now: Date };

export interface BookingRecord {
  /** The public booking record, labels as URLs. */
  stored: BookingView;
  base64(): BookingRecord['stored'];
  /** The label to hand out alone: the combined one when there is one, else the first package's. */
  mainLabelId: string;
  shipment: shipments.ShipmentRow;
  labels: shipments.LabelRow[];
}

export function createShippingService(deps: ShippingDeps) {
  const { db, calls, clock } = deps;

  /** Resolves the account and checks the request against its carrier; nothing is sent yet. */
  /** `reference`: Waybill's own reference of the booking (booking-lookup.ts bookingReference). */
  async function prepareBooking(
    tenant: string,
    input: ShipmentInput,
    log: Log,
    reference: string,
  ): Promise<PreparedBooking> {
    const prepared = await calls.prepare<'ship'>(tenant, input, 'ship', log);
    const now = clock.now();
    const req = {
      ...toShipmentRequest(input, prepared.account, prepared.adapter.declaration, { operation: 'ship', now }),
      waybill_reference: reference,
    };
    // Refused before booking: once the carrier has booked, the labels must be kept whatever happens.
    if (req.combined_labels && !canCombine(req.label_type ?? 'PDF')) {
      throw new ApiError(
        'schema_validation_error',
        `${req.label_type} labels cannot be combined into one document; ask for PDF, PNG, ZPL or EPL labels, or leave out combined_labels`,
        'shipment.combined_labels',
      );
    }
    // Room for the labels the carrier's adapter may convert (a carrier that draws no PDF, or no
    // PNG) is taken as the booking call starts, so a busy label pool refuses the request (503)
    // before the carrier books, never after; every booking path (POST /ship, batches, returns)
    // runs this call. Printer languages are never converted.
    const drawn = isDrawnFormat(req.label_type ?? 'PDF') ? req.packages.length : 0;
    const run: PreparedBooking['run'] = async (call, shipmentReq) => {
      const release = deps.labels.admit(drawn);
      try {
        return await prepared.run(call, shipmentReq);
      } finally {
        release();
      }
    };
    return { ...prepared, run, tenant, req, now };
  }

  /** What the carrier booked, as the rows to store and the public record (labels as URLs; a booking `recovered` has them only if the carrier handed them out again). */
  async function recordBooking(
    p: PreparedBooking,
    booked: BookedShipment,
    labelBaseUrl: string,
    extras?: BookingExtras,
    recovered?: string,
  ): Promise<BookingRecord> {
    const { tenant, req, account, call, now } = p;
    if (booked.packages.length === 0)
      throw new ApiError(
        'carrier_http_exception',
        `${req.carrier} booked ${booked.tracking_number} but returned no label`,
        booked.tracking_number,
      );
    const id = newId('shp');
    const createdAt = now.toISOString();
    const labels: StoredLabel[] =
      recovered && booked.packages.some((b) => b.label.byteLength === 0)
        ? []
        : booked.packages.map((p) => ({
            id: newId('lbl'),
            bytes: p.label,
            format: p.label_format,
            tracking_number: p.tracking_number,
          }));
    let combined: StoredLabel | undefined;
    if (req.combined_labels && labels.length > 0) {
      try {
        const merged = await deps.labels.combineLabels(
          booked.packages[0]!.label_format,
          booked.packages.map((p) => p.label),
        );
        combined = { id: newId('lbl'), bytes: merged.bytes, format: merged.format, tracking_number: null };
      } catch (err) {
        // The carrier has booked (and charged): keep the shipment and its labels, without the combined document.
        call.log.warn(
          { err, tracking_number: booked.tracking_number },
          'labels could not be combined; the shipment is stored without combined_label',
        );
      }
    }
    const booking: Booking = {
      id,
      carrier: account.carrier,
      req,
      booked,
      test: call.test,
      labels,
      ...(combined ? { combined } : {}),
      now,
      ...(extras ? { extras } : {}),
      ...(recovered ? { recovered } : {}),
    };
    // Stored with label URLs; base64, when asked for, only goes out in one response.
    const trackingUrl = deps.links.trackingUrl(labelBaseUrl, tenant, id);
    const stored = bookingView(booking, (l) => deps.links.labelUrl(labelBaseUrl, tenant, l.id), trackingUrl);
    return {
      stored,
      base64: () => bookingView(booking, (l) => Buffer.from(l.bytes).toString('base64'), trackingUrl),
      mainLabelId: (combined ?? labels[0])?.id ?? '',
      shipment: {
        id,
        tenant,
        shipping_account_id: account.id,
        carrier: account.carrier,
        tracking_number: booked.tracking_number,
        carrier_shipment_id: booked.carrier_shipment_id ?? null,
        service: stored.service ?? null,
        ship_date: stored.ship_date,
        test: call.test,
        status: 'booked',
        response: encodeBooking(stored),
        created_at: createdAt,
        voided_at: null,
        recipient_name: stored.recipient.name ?? null,
        reference_values: shipments.referenceValues(stored.references),
        stage: 'CREATED',
        sender: JSON.stringify(req.sender),
      },
      labels: [...labels, ...(combined ? [combined] : [])].map((l) => ({
        id: l.id,
        tenant,
        shipment_id: id,
        tracking_number: l.tracking_number,
        format: l.format,
        data: l.bytes,
        created_at: createdAt,
      })),
    };
  }

  /** A booking a lookup found after its answer was lost: numbers, and labels where the carrier hands them out again (README "Retrying safely"). */
  function recordFound(
    p: PreparedBooking,
    found: FoundBooking,
    labelBaseUrl: string,
    extras?: BookingExtras,
  ): Promise<BookingRecord> {
    const packages = found.packages?.length
      ? found.packages
      : found.package_tracking_numbers.map((tracking_number) => ({
          tracking_number,
          label: new Uint8Array(),
          label_format: p.req.label_type ?? 'PDF',
        }));
    const booked: BookedShipment = {
      tracking_number: found.tracking_number,
      ...(found.carrier_shipment_id ? { carrier_shipment_id: found.carrier_shipment_id } : {}),
      packages,
    };
    return recordBooking(
      p,
      booked,
      labelBaseUrl,
      extras,
      `the answer to the booking call was lost (the connection was cut or timed out, or the instance stopped mid-call); the booking was found at ${p.account.carrier} by Waybill's reference ${p.req.waybill_reference}, ${found.packages?.length ? 'its labels fetched again from the carrier' : 'stored without its labels, which the carrier did not hand out again'}`,
    );
  }

  /** Stores a booking with its event (and background tracking when asked), plus what the caller adds to the same transaction. */
  /**
   * Stores a booking with what the caller does in the same transaction; `alsoInTransaction`
   * answering false rolls it all back (someone else stored this booking first): false then.
   */
  async function storeBooking(
    p: PreparedBooking,
    record: BookingRecord,
    log: Log,
    alsoInTransaction?: (trx: Db) => Promise<boolean | void>,
  ): Promise<boolean> {
    const { tenant, account, call, req, now } = p;
    return storeBooked(log, record, (declined) =>
      db.transaction().execute(async (trx) => {
        await shipments.insertShipmentRows(trx, record.shipment, record.labels);
        await recordEvent(trx, { tenant, type: 'shipment.created', data: record.stored, at: now });
        if (req.webhooks)
          await watch(
            trx,
            {
              tenant,
              shipping_account_id: account.id,
              tracking_number: record.shipment.tracking_number,
              carrier: account.carrier,
              test: call.test,
            },
            record.shipment.created_at,
          );
        if ((await alsoInTransaction?.(trx)) === false) throw declined;
      }),
    );
  }

  /**
   * POST /ship: one account's booking, or the one shipping_accounts selects; the recipient checked
   * first when asked. `claim`: the request's Idempotency-Key, completed in the booking's transaction
   * with the bytes `serialize` makes (what the route sends); one taken over from a request whose
   * instance died (its `interruptedAt`), maybe mid-booking, has the carrier asked first (settleInterrupted).
   */
  async function ship(
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
    const { shipment, ...extras } = await deps.choice.choose(tenant, input, opts.log);
    // A request without an Idempotency-Key gets a key of Waybill's own, never claimed: it names the
    // booking's reference at the carrier and its intent, so a lost answer is found all the same.
    const claimed = opts.claim;
    const key = claimed?.key ?? `unkeyed-${newId('req')}`;
    const p = await prepareBooking(tenant, shipment, opts.log, bookingReference(tenant, key));
    if (input.reject_duplicates === true) await refuseDuplicates(db, tenant, p.account.id, shipment.references);
    const found = claimed?.interruptedAt ? await settleInterrupted(p, claimed, claimed.interruptedAt) : undefined;
    const booked = found
      ? undefined
      : await book(p, { key, shipment, extras, claimed, ...(opts.by ? { by: opts.by } : {}) });
    const record = found
      ? await recordFound(p, found, opts.labelBaseUrl, extras)
      : await recordBooking(p, booked!, opts.labelBaseUrl, extras);
    const answer = { shipment: p.req.include_base64_label ? record.base64() : record.stored };
    await storeShipped(p, record, opts.log, {
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
    p: PreparedBooking,
    intent: {
      key: string;
      shipment: ShipmentInput;
      extras: BookingExtras;
      claimed: KeyClaim | undefined;
      by?: AuditContext;
    },
  ): Promise<BookedShipment> {
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
      return await p.run(p.call, p.req);
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
   * Stores a booking made under `key` (a /ship's, or one the recovery found): the shipment, its event,
   * the key's answer and the audit entry in one transaction, which strikes out the call's intent.
   */
  async function storeShipped(
    p: PreparedBooking,
    record: BookingRecord,
    log: Log,
    opts: { key: string; claimed: KeyClaim | undefined; answer: string; by?: AuditContext },
  ): Promise<void> {
    await storeBooking(p, record, log, async (trx) => {
      await opts.claimed?.completeIn(trx, 200, opts.answer);
      await intents.remove(trx, p.tenant, opts.key);
      if (opts.by)
        await recordAudit(trx, opts.by, {
          action: 'label.bought',
          resource: { id: record.shipment.id },
          changes: {
            carrier: p.account.carrier,
            shipping_account: p.account.id,
            tracking_number: record.shipment.tracking_number,
            ...(record.shipment.service ? { service: record.shipment.service } : {}),
            test: p.call.test,
          },
          at: p.now,
        });
    });
  }

  /**
   * What an interrupted request with this key booked, if the carrier has it; undefined: it has none
   * (after its indexing delay) or no lookup (booked again: README "Retrying safely"). Too soon to
   * tell: the claim goes back as it was, and the retry is told to come back (idempotency_key_in_use).
   */
  async function settleInterrupted(p: PreparedBooking, claimed: KeyClaim, interruptedAt: string) {
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

  async function cancel(
    tenant: string,
    input: CancelInput,
    log: Log,
    by?: AuditContext,
  ): Promise<{ success: { message: string } }> {
    const { account, call, run } = await calls.prepare<'cancel'>(tenant, input, 'cancel', log);
    // Only a shipment this tenant booked here is cancelled: the carrier cannot tell tenants apart.
    const stored = await deps.ownership.shipment(tenant, account.carrier, input.tracking_number);
    if (stored.status === 'voided') {
      throw new ApiError(
        'conflict',
        `shipment ${input.tracking_number} was already cancelled at ${stored.voided_at}`,
        stored.id,
      );
    }
    const result = await run(call, {
      tracking_number: input.tracking_number,
      ...(stored.carrier_shipment_id ? { carrier_shipment_id: stored.carrier_shipment_id } : {}),
      ...(stored.service ? { service: stored.service } : {}),
      ...(stored.ship_date ? { ship_date: stored.ship_date } : {}),
    });
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      if (!(await shipments.markVoided(trx, tenant, stored.id, now.toISOString()))) return;
      const data = {
        id: stored.id,
        carrier: account.carrier,
        shipping_account: account.id,
        tracking_number: input.tracking_number,
        test: call.test,
        cancelled: now.toISOString(),
        message: result.message,
      };
      await recordEvent(trx, { tenant, type: 'shipment.cancelled', data, at: now });
      if (by)
        await recordAudit(trx, by, {
          action: 'label.voided',
          resource: { id: stored.id },
          changes: { carrier: account.carrier, tracking_number: input.tracking_number },
          at: now,
        });
      if (input.webhooks)
        await watch(
          trx,
          {
            tenant,
            shipping_account_id: account.id,
            tracking_number: input.tracking_number,
            carrier: account.carrier,
            test: call.test,
          },
          now.toISOString(),
        );
    });
    await deps.trackingCache.forget(tenant, account.carrier, input.tracking_number);
    return { success: { message: result.message } };
  }

  async function label(
    tenant: string,
    id: string,
  ): Promise<{ contentType: string; bytes: Uint8Array; format: string }> {
    const row = await shipments.getLabel(db, tenant, id);
    if (!row) throw new ApiError('not_found', `label ${id} was not found`, id);
    await usable(row);
    return { contentType: labelContentType(row.format), bytes: row.data, format: row.format };
  }

  /** A voided (cancelled, refunded) shipment's label would ship a parcel nobody paid for: 410, not its bytes. */
  async function usable(row: shipments.LabelRow): Promise<void> {
    const shipment = await shipments.getShipment(db, row.tenant, row.shipment_id);
    if (shipment?.status === 'voided') {
      throw new ApiError(
        'label_voided',
        `label ${row.id} belongs to shipment ${shipment.id} voided at ${shipment.voided_at}: it can no longer be used; book a new shipment`,
        row.id,
      );
    }
  }

  /** A label through its signed URL, without a key: the signature names the tenant that owns it. */
  async function signedLabel(
    id: string,
    proof: { expires?: string; signature?: string },
  ): Promise<{ contentType: string; bytes: Uint8Array; format: string }> {
    const row = await shipments.getLabelById(db, id);
    if (!row) throw deps.links.notFound('label');
    deps.links.verify('label', row.tenant, id, { expires: proof.expires, signature: proof.signature });
    await usable(row);
    return { contentType: labelContentType(row.format), bytes: row.data, format: row.format };
  }

  // `choose` is POST /ship's first step (shipping_accounts + select, validate_address) for other
  // booking paths (batches): its shipment goes to prepareBooking, the rest to recordBooking's extras.
  return {
    prepareBooking,
    recordBooking,
    recordFound,
    storeBooking,
    storeShipped,
    ship,
    cancel,
    label,
    signedLabel,
    choose: deps.choice.choose,
  };
}
