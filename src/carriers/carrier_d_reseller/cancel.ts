/**
 * Cancelling = refunding the postage: RefundRequest (GetRefundXML) with the PIC numbers of every
 * label of the shipment, and RefundResponse → CancelResult (README.md §8; VCR get_refund_*).
 * RefundResponse has no Status: success is per `Refund` (RefundStatus Approved | DeniedInvalid).
 */
import type { CancelResult } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { xmlAttr, xmlElement, xmlList, xmlText } from '../shared/xml.js';
import { errorDetail, throwIfError, unexpectedBody } from './errors.js';
import { certifiedIntermediary, responseRoot } from './mapping.js';
import type { Credentials, WireRefundRequest } from './wire.js';

export function buildCancelRequest(picNumbers: readonly string[], creds: Credentials): WireRefundRequest {
  return {
    RequesterID: creds.requesterId,
    RequestID: `refund-${picNumbers[0] ?? ''}`.slice(0, 50),
    CertifiedIntermediary: certifiedIntermediary(creds),
    PicNumbers: { PicNumber: [...picNumbers] },
  };
}

export function parseCancelResponse(body: string, picNumbers: readonly string[]): CancelResult {
  const root = responseRoot(body, 'RefundResponse');
  throwIfError(root);
  const refunds = xmlList(root.Refund).map((r) => ({
    pic: xmlAttr(r, 'PicNumber'),
    status: xmlText(xmlElement(r)?.RefundStatus),
    message: xmlText(xmlElement(r)?.RefundStatusMessage),
  }));
  if (refunds.length === 0 || refunds.some((r) => r.status === undefined))
    throw unexpectedBody('refund response (no RefundStatus)');
  const denied = refunds.filter((r) => r.status !== 'Approved');
  if (denied.length > 0) {
    const message = denied.map((r) => `${r.pic ?? '?'}: ${r.message ?? r.status}`).join('; ');
    throw new ApiError(
      'carrier_exception',
      `carrier_d_reseller refused the refund of ${message}`,
      errorDetail(`RefundStatus ${denied.map((r) => r.status).join(', ')}`),
    );
  }
  const n = picNumbers.length;
  return { message: `Refund approved for ${n === 1 ? 'label' : `${n} labels`} ${picNumbers.join(', ')}` };
}
