/**
 * Finding a booking by Waybill's own reference: MyDHL GET /tracking with shipmentReference (express-api
 * swagger parameters trackShipmentReference, "Shipment reference which was provided during the
 * shipment label creation", trackShipmentReferenceType, the shipper account number and
 * dateRangeFrom/dateRangeTo). Found: its shipments; none is a 404 ("No Shipments Found"), which the
 * client answers as null. Numbers only: the labels are not fetched again.
 */
import type { FoundBooking, ShipmentRequest } from '../../domain/types.js';
import { dig, objects, text } from '../shared/json.js';
import { lookupWindow } from '../shared/time.js';
import { ENDPOINTS } from './endpoints.js';
import { unexpectedBody } from './errors.js';
import { carriesWaybillReference, WAYBILL_REFERENCE_TYPE } from './ship.js';
import type { CarrierCQuery } from './wire.js';
import { ApiError } from '../../domain/errors.js';

/** The dates searched: lookupWindow's (a booking on a weekend or past the cut-off is the next working day's). */
export function buildLookupRequest(
  req: ShipmentRequest,
  accountNumber: string,
  bookedAt: Date,
): { path: string; query: CarrierCQuery } {
  if (!carriesWaybillReference(req))
    throw new ApiError(
      'carrier_unsupported_method',
      "this booking carries no reference of Waybill's",
      'shipment.references',
    );
  const window = lookupWindow(req.ship_date, bookedAt);
  return {
    path: ENDPOINTS.lookupReference.path,
    query: [
      ['shipmentReference', req.waybill_reference!],
      ['shipmentReferenceType', WAYBILL_REFERENCE_TYPE],
      ['shipperAccountNumber', accountNumber],
      ['dateRangeFrom', window.from],
      ['dateRangeTo', window.to],
      ['trackingView', 'shipment-details-only'],
      ['levelOfDetail', 'piece'],
    ],
  };
}

export function parseLookupResponse(body: unknown): FoundBooking | null {
  const shipments = dig(body, 'shipments');
  if (!Array.isArray(shipments)) throw unexpectedBody('tracking answer without shipments');
  const first = objects(shipments)[0];
  if (!first) return null;
  const number =
    text(first.shipmentTrackingNumber) ??
    (typeof first.shipmentTrackingNumber === 'number' ? String(first.shipmentTrackingNumber) : undefined);
  if (!number) throw unexpectedBody('tracking answer without shipmentTrackingNumber');
  // levelOfDetail=piece: the pieces' own numbers, which the booking answered as its packages' (ship.ts).
  const pieces = objects(first.pieces).flatMap((p) => text(p.trackingNumber) ?? []);
  return { tracking_number: number, package_tracking_numbers: pieces.length > 0 ? pieces : [number] };
}
