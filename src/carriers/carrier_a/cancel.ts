/**
 * Cancelling a shipment: FedEx PUT /ship/v1/shipments/cancel (ship-api.json
 * Full_Schema_Cancel_Shipment / CancelShipmentOutputVO), recorded as
 * fixtures/shipment_ShipmentCancelRequest.json and shipment_ShipmentCancelResponse.json.
 */
import type { CancelResult } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { bool, dig, obj, objects, text } from '../shared/json.js';
import { errorDetail, throwIfError, unexpectedBody } from './errors.js';
import type { CarrierACancelRequest } from './wire-ship.js';

export function buildCancelRequest(trackingNumber: string, accountNumber: string): CarrierACancelRequest {
  // DELETE_ALL_PACKAGES is the only deletionControl value: a multi-piece shipment is cancelled whole.
  return { accountNumber: { value: accountNumber }, deletionControl: 'DELETE_ALL_PACKAGES', trackingNumber };
}

export function parseCancelResponse(body: unknown): CancelResult {
  throwIfError(body);
  const output = obj(dig(body, 'output'));
  const cancelled = bool(output?.cancelledShipment);
  if (!output || cancelled === undefined) throw unexpectedBody('cancel response (no cancelledShipment)');
  // The vendor schema calls the text `message`; the recorded answer calls it `successMessage`.
  const wireMessage = text(output.successMessage) ?? text(output.message);
  if (cancelled) return { message: wireMessage ?? 'Shipment cancelled' };
  const alerts = objects(output.alerts);
  const message =
    alerts
      .map((a) => text(a.message))
      .filter((m): m is string => m !== undefined)
      .join('; ') ||
    wireMessage ||
    'carrier_a did not cancel the shipment';
  const codes = alerts.map((a) => text(a.code)).filter((c): c is string => c !== undefined);
  throw new ApiError('carrier_exception', message, errorDetail('alert', codes, text(dig(body, 'transactionId'))));
}
