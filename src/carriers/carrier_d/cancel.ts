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
import { fillPath } from '../shared/endpoint.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';

/** S10 numbers of international labels: two letters, nine digits, "US" (e.g. LZ…US, EZ000012162US). */
export function isInternationalNumber(trackingNumber: string): boolean {
  return /^[A-Z]{2}\d{9}US$/i.test(trackingNumber.replace(/\s+/g, ''));
}

/** The catalog's international mail classes: their labels were bought from the international-labels API. */
export function isInternationalService(service: string): boolean {
  // Composite values (`service|packaging|…`) name the mail class first.
  const mailClass = service.split('|')[0] ?? '';
  return mailClass.endsWith('_international') || mailClass.endsWith('_international_service');
}

/**
 * The label is cancelled at the API it was bought from. What the service stored decides (an
 * international mail class); without a stored booking, the number's shape. USPS prints numbers in
 * groups: spaces go, letters are upper case.
 */
export function buildCancelRequest(trackingNumber: string, service?: string): string {
  const number = trackingNumber.replace(/\s+/g, '').toUpperCase();
  const international = service !== undefined ? isInternationalService(service) : isInternationalNumber(number);
  return fillPath(
    international ? ENDPOINTS.cancelInternational.path : ENDPOINTS.cancel.path,
    { trackingNumber: number },
    'tracking_number',
  );
}

export function parseCancelResponse(body: unknown): CancelResult {
  throwIfError(body, { notFound: true });
  const root = obj(body);
  const status = text(root?.status);
  if (!root || !status) throw unexpectedBody('cancel response (no status)');
  const number = text(root.trackingNumber) ?? '';
  if (status === 'CANCELED') return { message: `Label ${number} cancelled` };
  // A label already in a Shipping Services File cannot be cancelled: USPS opens a refund dispute.
  if (status === 'DISPUTED')
    return { message: `Refund requested for label ${number} (dispute ${text(root.disputeId) ?? 'pending'})` };
  throw new ApiError(
    'carrier_exception',
    `carrier_d did not cancel label ${number}: ${status}`,
    `carrier_d cancel status: ${status}`,
  );
}
