/**
 * The steps every booking path shares (POST /ship, batches, returns, the booking recovery): the
 * call prepared and checked before the carrier is asked, and what the carrier booked as the rows
 * to store and the public record.
 */
import type { Log } from '../../foundations/logger.js';
import { canCombine, isDrawnFormat } from '../../documents/index.js';
import type { BookedShipment, FoundBooking, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import type { ShipmentInput } from '../../contract/shipment.js';
import { newId } from '../../storage/ids.js';
import * as shipments from '../../storage/repositories/shipments.js';
import { encodeBooking, toShipmentRequest, type PreparedCall } from '../kernel/index.js';
import { bookingView, type Booking, type BookingExtras, type BookingView, type StoredLabel } from './booking-view.js';
import type { ShippingDeps } from './shipping-deps.js';

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

/** Resolves the account and checks the request against its carrier; nothing is sent yet. */
/** `reference`: Waybill's own reference of the booking (booking-lookup.ts bookingReference). */
export async function prepareBooking(
  deps: ShippingDeps,
  tenant: string,
  input: ShipmentInput,
  log: Log,
  reference: string,
): Promise<PreparedBooking> {
  const { calls, clock } = deps;
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
export async function recordBooking(
  deps: ShippingDeps,
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
      sender: req.sender,
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
export function recordFound(
  deps: ShippingDeps,
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
    deps,
    p,
    booked,
    labelBaseUrl,
    extras,
    `the answer to the booking call was lost (the connection was cut or timed out, or the instance stopped mid-call); the booking was found at ${p.account.carrier} by Waybill's reference ${p.req.waybill_reference}, ${found.packages?.length ? 'its labels fetched again from the carrier' : 'stored without its labels, which the carrier did not hand out again'}`,
  );
}
