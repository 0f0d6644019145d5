/**
 * Cancelling: a contract shipment not yet transmitted is voided, `DELETE
 * /rs/{customer}/{mobo}/shipment/{id}` (204); once transmitted Canada Post refuses the void (code
 * 8064) and a refund request cancels it, `POST …/shipment/{id}/refund` with a
 * `shipment-refund-request` (fixtures shipment_ShipmentRefundRequestXML, …ResponseXML). A
 * non-contract shipment is paid when made and is only ever refunded (`…/ncshipment/{id}/refund`).
 * The answer's message says which was done.
 */
import type { CancelResult } from '../../domain/types.js';
import { fillPath } from '../shared/endpoint.js';
import { parseXml, xmlRoot, xmlText } from '../shared/xml.js';
import { ENDPOINTS, NAMESPACES } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import type { CpcRefundRequest } from './wire.js';

type Account = { customer: string; mobo: string; contract?: string };

/** The void of one contract shipment. */
export function buildCancelRequest(shipmentId: string, account: Account): { path: string } {
  return {
    path: fillPath(
      ENDPOINTS.void.path,
      { customer: account.customer, mobo: account.mobo, id: shipmentId },
      'carrier_shipment_id',
    ),
  };
}

/** A void answers 204 without a body; any other success is not one Canada Post documents. */
export function parseCancelResponse(status: number, shipmentIds: readonly string[]): CancelResult {
  if (status !== 204 && status !== 200) throw unexpectedBody(`void response (HTTP ${status})`);
  return { message: `canadapost voided shipment ${shipmentIds.join(', ')} before it was transmitted` };
}

/** The refund request of one shipment: contract or not, and the e-mail Canada Post answers it at. */
export function buildRefundRequest(
  shipmentId: string,
  account: Account,
  email: string,
): { path: string; root: string; body: CpcRefundRequest } {
  if (account.contract) {
    return {
      path: fillPath(
        ENDPOINTS.refund.path,
        { customer: account.customer, mobo: account.mobo, id: shipmentId },
        'carrier_shipment_id',
      ),
      root: 'shipment-refund-request',
      body: { '@_xmlns': NAMESPACES.shipment, email },
    };
  }
  return {
    path: fillPath(
      ENDPOINTS.refundNonContract.path,
      { customer: account.customer, id: shipmentId },
      'carrier_shipment_id',
    ),
    root: 'non-contract-shipment-refund-request',
    body: { '@_xmlns': NAMESPACES.ncshipment, email },
  };
}

/** `shipment-refund-request-info` (or its non-contract twin) → the service ticket. */
export function parseRefundResponse(xml: string): { ticketId: string; date?: string } {
  const doc = parseXml(xml);
  throwIfError(doc);
  const root =
    xmlRoot(doc, 'shipment-refund-request-info') ?? xmlRoot(doc, 'non-contract-shipment-refund-request-info');
  const ticketId = xmlText(root?.['service-ticket-id']);
  if (!ticketId) throw unexpectedBody('refund response (no service-ticket-id)');
  const date = xmlText(root?.['service-ticket-date']);
  return { ticketId, ...(date ? { date } : {}) };
}

/** What the cancel answers after refund requests: the tickets, and that the refund takes days. */
export function refundMessage(tickets: readonly { shipmentId: string; ticketId: string }[]): string {
  const list = tickets.map((t) => `${t.shipmentId} (service ticket ${t.ticketId})`).join(', ');
  return `canadapost had transmitted shipment ${list}: a refund was requested instead of a void; Canada Post processes refunds within a few days`;
}
