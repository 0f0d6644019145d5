/**
 * Cancelling: Shipping API v2 `DELETE /orders?profile=…&shipment=…`, one `shipment` parameter per
 * parcel (a booking of several packages is several DHL shipments, all cancelled together). DHL
 * deletes a shipment only until the day's manifest closes it; each item of the answer says whether
 * its shipment was deleted.
 */
import type { CancelResult } from '../../domain/types.js';
import type { StoredShipmentRef } from '../carrier.js';
import { dig, objects } from '../shared/json.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { PROFILE } from './ship.js';
import type { DhlCancelQuery } from './wire.js';

/** Every parcel of the booking: ship.ts keeps the numbers of a booking of several in carrier_shipment_id. */
export function parcelNumbers(shipment: StoredShipmentRef): string[] {
  const many = shipment.carrier_shipment_id?.split(',').filter((n) => n !== '');
  return many && many.length > 0 ? many : [shipment.tracking_number];
}

export function buildCancelRequest(shipment: StoredShipmentRef): DhlCancelQuery {
  return [['profile', PROFILE], ...parcelNumbers(shipment).map((n): ['shipment', string] => ['shipment', n])];
}

export function parseCancelResponse(body: unknown): CancelResult {
  throwIfError(body);
  const items = objects(dig(body, 'items'));
  if (items.length === 0) throw unexpectedBody('cancel response (no items)');
  return { message: items.length === 1 ? 'Shipment deleted' : `${items.length} shipments deleted` };
}
