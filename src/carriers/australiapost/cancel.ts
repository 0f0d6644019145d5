/**
 * Cancelling = deleting the shipment: `DELETE /shipping/v1/shipments/{shipment_id}`, possible while
 * no order holds it (after the day's manifest it is refused in Australia Post's words). The answer
 * is empty, or `{}`.
 */
import type { CancelResult } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { fillPath } from '../shared/endpoint.js';
import type { StoredShipmentRef } from '../carrier.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError } from './errors.js';

/** The path of the deletion; the shipment id Australia Post gave at booking is needed. */
export function buildCancelRequest(shipment: StoredShipmentRef): string {
  const id = shipment.carrier_shipment_id;
  if (!id) {
    throw new ApiError(
      'carrier_exception',
      `australiapost deletes shipments by their shipment id, which Waybill did not keep for ${shipment.tracking_number}`,
      'no carrier_shipment_id stored',
    );
  }
  return fillPath(ENDPOINTS.cancel.path, { shipmentId: id }, 'tracking_number');
}

export function parseCancelResponse(body: unknown, shipment: StoredShipmentRef): CancelResult {
  throwIfError(body);
  return { message: `Shipment ${shipment.carrier_shipment_id ?? shipment.tracking_number} deleted` };
}
