/**
 * Finding a booking by Waybill's own reference: a contract shipment carries it as its
 * `customer-request-id` (ship.ts), and Get Shipments `GET /rs/{customer}/{mobo}/shipment?requestId=`
 * lists the shipments created with it (shipment-v8 `shipments`, links rel="shipment"); Get Shipment
 * on each gives its PIN and its label link, so the labels are fetched again. Non-contract shipments
 * and authorized returns carry no request id: they cannot be looked up.
 */
import type { BookedPackage, FoundBooking, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { fillPath } from '../shared/endpoint.js';
import { ENDPOINTS } from './endpoints.js';
import { parseLinks } from './manifest.js';
import { serviceSlug } from './codes.js';
import type { ParsedShipment } from './ship.js';

/** Canada Post's customer-request-id holds 35 characters; Waybill's reference is shorter. */
const REQUEST_ID = 35;

export function buildLookupRequest(
  req: ShipmentRequest,
  account: { customer: string; mobo: string; contract?: string },
): { path: string; query: [string, string][] } {
  if (!account.contract)
    throw new ApiError(
      'carrier_unsupported_method',
      'canadapost keeps no request id of a non-contract shipment: it cannot be looked up',
      'auth.contract_id',
    );
  if (req.type === 'return')
    throw new ApiError(
      'carrier_unsupported_method',
      'canadapost keeps no request id of an authorized return: it cannot be looked up',
      'shipment.type',
    );
  const ref = req.waybill_reference?.slice(0, REQUEST_ID);
  if (!ref)
    throw new ApiError(
      'carrier_unsupported_method',
      'this booking carries no reference of Waybill’s',
      'shipment.waybill_reference',
    );
  return {
    path: fillPath(ENDPOINTS.lookupReference.path, { customer: account.customer, mobo: account.mobo }),
    query: [['requestId', ref]],
  };
}

/** `shipments` → the paths of the shipments created with the request id. */
export function parseLookupResponse(xml: string): string[] {
  return parseLinks(xml, 'shipments', 'shipment');
}

/**
 * The shipments found → the booking: all of its parcels (in the order of their shipment ids, the
 * order they were booked in), or `partial` when fewer than the request's packages were found (a
 * booking cut off between parcels). More shipments than packages under one reference is not a
 * booking Waybill made: a conflict.
 */
export function foundBooking(
  shipments: readonly ParsedShipment[],
  labels: readonly BookedPackage[],
  packages: number,
): { found: FoundBooking } | { partial: string[] } | null {
  if (shipments.length === 0) return null;
  if (shipments.length > packages)
    throw new ApiError(
      'conflict',
      `canadapost shows ${shipments.length} shipments under this booking's reference, more than its ${packages} packages`,
      'customer-request-id',
    );
  if (shipments.length < packages) return { partial: shipments.map((s) => s.shipmentId) };
  const [first] = shipments;
  return {
    found: {
      tracking_number: first!.pin,
      carrier_shipment_id: shipments.map((s) => s.shipmentId).join(' '),
      ...(first!.serviceCode ? { service_type: serviceSlug(first!.serviceCode) } : {}),
      package_tracking_numbers: shipments.map((s) => s.pin),
      ...(labels.length === shipments.length ? { packages: [...labels] } : {}),
    },
  };
}
