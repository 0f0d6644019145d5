/**
 * Finding a booking by Waybill's own reference: FedEx Track by References, POST
 * /track/v1/referencenumbers (vendor track.json "Track by References",
 * Full_Schema_Tracking_References and ReferenceInformation: the reference's value and type, the
 * shipper's account number, a ship-date window and the destination). The answer is shaped as Track
 * by Tracking Number's (TrackingReferencesResponse.completeTrackResults); nothing found is the
 * per-result TRACKING.REFERENCENUMBER.NOTFOUND error. It carries numbers, never labels: ship-api.json
 * hands a label out only in the booking's answer (Retrieve Async Ship serves asynchronous bookings
 * by job id, which this service does not make).
 */
import type { FoundBooking, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dig, dropUndefined, objects, text } from '../shared/json.js';
import { lookupWindow } from '../shared/time.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { waybillReferenceOf } from './ship.js';
import type { CarrierATrackReferenceRequest } from './wire-track.js';

/** The ship dates searched: lookupWindow's (a booking on a weekend or past the cut-off is the next working day's). */
export function buildLookupRequest(
  req: ShipmentRequest,
  accountNumber: string,
  bookedAt: Date,
): CarrierATrackReferenceRequest {
  const type = waybillReferenceOf(req);
  if (!type)
    throw new ApiError(
      'carrier_unsupported_method',
      "this booking carries no reference of Waybill's: the shipper's references take every searchable type",
      'shipment.references',
    );
  const window = lookupWindow(req.ship_date, bookedAt);
  return {
    includeDetailedScans: false,
    referencesInformation: dropUndefined({
      type: type.track,
      value: req.waybill_reference!,
      accountNumber,
      shipDateBegin: window.from,
      shipDateEnd: window.to,
      destinationCountryCode: req.recipient.country,
      destinationPostalCode: req.recipient.postal_code,
    }),
  };
}

export function parseLookupResponse(body: unknown): FoundBooking | null {
  throwIfError(body);
  const results = dig(body, 'output', 'completeTrackResults');
  if (!Array.isArray(results)) throw unexpectedBody('Track by References answer without output.completeTrackResults');
  const numbers: string[] = [];
  for (const r of objects(results)) {
    for (const t of objects(r.trackResults)) {
      if (dig(t, 'error', 'code') !== undefined) continue;
      const n = text(dig(t, 'trackingNumberInfo', 'trackingNumber'));
      if (n && !numbers.includes(n)) numbers.push(n);
    }
  }
  if (numbers.length === 0) return null;
  return { tracking_number: numbers[0]!, package_tracking_numbers: numbers };
}
