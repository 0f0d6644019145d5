/**
 * Cancelling a label = asking USPS for the label's cancellation or refund:
 * `DELETE /labels/v3/label/{trackingNumber}` (domestic-labels.yaml delete-label-by-tracking) or
 * `DELETE /international-labels/v3/international-label/{trackingNumber}`, with the payment token.
 * Answer: CancelResponse `{trackingNumber, status: CANCELED | DISPUTED, disputeId?}`
 * (fixtures/shipment_ShipmentCancelResponse.json).
 */
import type { CancelResult } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { obj, text } from '../shared/json.js';
import { errorFromJson, unexpectedBody } from './errors.js';

/** IMpb numbers of international labels start with two letters and end in "US" (e.g. LZ…US). */
export function isInternationalNumber(trackingNumber: string): boolean {
  return /^[A-Z]{2}\d{9}US$/i.test(trackingNumber);
}

export function buildCancelRequest(trackingNumber: string): string {
  const n = encodeURIComponent(trackingNumber.replace(/\s+/g, ''));
  return isInternationalNumber(trackingNumber) ? `/international-labels/v3/international-label/${n}` : `/labels/v3/label/${n}`;
}

export function parseCancelResponse(body: unknown): CancelResult {
  const error = errorFromJson(200, body, { notFound: true });
  if (error) throw error;
  const root = obj(body);
  const status = text(root?.status);
  if (!root || !status) throw unexpectedBody('cancel response (no status)');
  const number = text(root.trackingNumber) ?? '';
  if (status === 'CANCELED') return { message: `Label ${number} cancelled` };
  // A label already in a Shipping Services File cannot be cancelled: USPS opens a refund dispute.
  if (status === 'DISPUTED') return { message: `Refund requested for label ${number} (dispute ${text(root.disputeId) ?? 'pending'})` };
  throw new ApiError('carrier_exception', `carrier_d did not cancel label ${number}: ${status}`, `carrier_d cancel status: ${status}`);
}
