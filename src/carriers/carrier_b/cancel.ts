/**
 * Voiding a shipment: UPS `DELETE /api/shipments/{version}/void/cancel/{shipmentidentificationnumber}`
 * (Shipping.yaml VOIDSHIPMENTResponseWrapper), recorded as fixtures/shipment_ShipmentCancelResponseJSON.json
 * and samples/shipping_cancel_response.json. The call has no body: the path names the shipment,
 * and voiding the shipment identification number voids every package of it.
 */
import type { CancelResult } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dig, obj, objectList, text } from '../shared/json.js';
import { fillPath } from '../shared/endpoint.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody, errorDetail } from './errors.js';
import { responseFailed } from './mapping.js';

export function buildCancelRequest(shipmentId: string): string {
  return fillPath(ENDPOINTS.cancel.path, { shipmentId }, 'tracking_number');
}

export function parseCancelResponse(body: unknown, transactionId?: string): CancelResult {
  throwIfError(body, { transactionId, notFound: true });
  const response = obj(dig(body, 'VoidShipmentResponse'));
  if (!response) throw unexpectedBody('void response (no VoidShipmentResponse)');
  const failed = responseFailed(response);
  if (failed) throw failed;
  const summary = obj(dig(response, 'SummaryResult', 'Status'));
  if (!summary) throw unexpectedBody('void response (no SummaryResult)');
  if (text(summary.Code) === '1') return { message: text(summary.Description) ?? 'Shipment voided' };
  // A partial void names the packages UPS could not void.
  const refused = objectList(response.PackageLevelResult).filter((p) => text(dig(p, 'Status', 'Code')) !== '1');
  const message = refused
    .map((p) => `${text(p.TrackingNumber) ?? 'package'}: ${text(dig(p, 'Status', 'Description')) ?? 'not voided'}`)
    .join('; ');
  throw new ApiError(
    'carrier_exception',
    message || text(summary.Description) || 'carrier_b did not void the shipment',
    errorDetail([text(summary.Code) ?? ''].filter(Boolean), transactionId),
  );
}
