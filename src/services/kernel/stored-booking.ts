/**
 * The booking answer as a shipment row keeps it (`shipments.response`, labels as links): written
 * and read only here. Version 1 is the answer's own JSON, which every row so far holds; a later
 * shape carries `"v": N` beside its members and gets a branch in `decodeBooking`, so rows of every
 * version keep reading. What is read is checked against the answer's schema: a row that does not
 * match is reported as such instead of travelling on half-typed.
 */
import type { Static } from 'typebox';
import { BookingResponse } from '../../contract/answers.js';
import { checkerFor } from '../../contract/validator.js';
import { ApiError } from '../../domain/errors.js';

export type StoredBooking = Static<typeof BookingResponse>['shipment'];

const CURRENT_VERSION = 1;
const check = checkerFor(BookingResponse.properties.shipment, 'shipment');

export function encodeBooking(booking: StoredBooking): string {
  return JSON.stringify(booking);
}

/** `id` names the shipment in the error a damaged or newer row gives. */
export function decodeBooking(text: string, id: string): StoredBooking {
  const doc: unknown = JSON.parse(text);
  const version = typeof doc === 'object' && doc !== null && 'v' in doc ? doc.v : CURRENT_VERSION;
  if (version !== CURRENT_VERSION)
    throw new ApiError(
      'unexpected_exception',
      `shipment ${id} is stored in format ${String(version)}, which this version of Waybill cannot read`,
    );
  const wrong = check(doc);
  if (wrong)
    throw new ApiError(
      'unexpected_exception',
      `shipment ${id} as stored does not match the booking answer (${wrong.message})`,
    );
  return doc as StoredBooking;
}
