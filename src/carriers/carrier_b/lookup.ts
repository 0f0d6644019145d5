/**
 * Finding a booking by Waybill's own reference: UPS reference-number tracking, GET
 * /track/v1/reference/details/{referenceNumber} (vendor Tracking.yaml "Track by Reference Number":
 * the reference, the shipper number, the destination country and postal code, and a pickup-date
 * window, fromPickUpDate and toPickUpDate, which default to the last 14 days). Found: the
 * TrackApiResponse's packages; none is a 404 ("Tracking number information not found"), which the
 * client answers as null. It carries numbers only; Shipping.yaml's Label Recovery
 * (/labels/{version}/recovery) could fetch the labels again, which this version does not do yet.
 */
import type { FoundBooking, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dig, objects, text } from '../shared/json.js';
import { utcDate } from '../shared/time.js';
import { unexpectedBody } from './errors.js';
import { carriesWaybillReference } from './ship.js';

const DAY_MS = 86_400_000;
/** Tracking.yaml gives no date format for the window; UPS's other APIs write dates as YYYYMMDD. */
const upsDate = (d: Date) => utcDate(d).replace(/-/g, '');

/** The ship dates searched run from the day before the booking call to its ship date or the day after the call. */
export function buildLookupRequest(req: ShipmentRequest, accountNumber: string, bookedAt: Date): { referenceNumber: string; query: Record<string, string> } {
  if (!carriesWaybillReference(req)) throw new ApiError('carrier_unsupported_method', "this booking carries no reference of Waybill's: the shipper's references take both reference numbers", 'shipment.references');
  const after = upsDate(new Date(bookedAt.getTime() + DAY_MS));
  const shipDate = req.ship_date?.replace(/-/g, '');
  return {
    referenceNumber: req.waybill_reference!,
    query: {
      locale: 'en_US',
      fromPickUpDate: upsDate(new Date(bookedAt.getTime() - DAY_MS)),
      toPickUpDate: shipDate !== undefined && shipDate > after ? shipDate : after,
      shipperNum: accountNumber,
      destCountry: req.recipient.country,
      ...(req.recipient.postal_code ? { destZip: req.recipient.postal_code } : {}),
      refNumType: 'SmallPackage',
    },
  };
}

export function parseLookupResponse(body: unknown): FoundBooking | null {
  const shipments = dig(body, 'trackResponse', 'shipment');
  if (!Array.isArray(shipments)) throw unexpectedBody('reference tracking answer without trackResponse.shipment');
  const numbers = objects(shipments).flatMap((s) => objects(s.package).flatMap((p) => text(p.trackingNumber) ?? []));
  const unique = [...new Set(numbers)];
  return unique.length === 0 ? null : { tracking_number: unique[0]!, package_tracking_numbers: unique };
}
