/**
 * End of day: the order. `GET /shipping/v1/shipments` lists the shipments no order holds yet;
 * `POST /shipping/v1/orders` makes the day's order of those asked for (all of them when none are
 * named), and `GET /shipping/v1/accounts/{account}/orders/{order_id}/summary` is the order summary
 * PDF handed over with the parcels.
 */
import type { ManifestRequest, ManifestResult } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { fillPath } from '../shared/endpoint.js';
import { obj, objects, text } from '../shared/json.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import type { AusPostOrderRequest } from './wire.js';

export interface OpenShipment {
  shipmentId: string;
  articleIds: string[];
}

/** The shipments of a listing (or of an order): ids and their items' article ids. */
export function parseShipmentList(body: unknown): OpenShipment[] {
  throwIfError(body);
  const list = obj(body)?.shipments;
  if (!Array.isArray(list)) throw unexpectedBody('shipments response (no shipments)');
  return objects(list).flatMap((s) => {
    const shipmentId = text(s.shipment_id);
    const articleIds = objects(s.items)
      .map((i) => text(obj(i.tracking_details)?.article_id))
      .filter((a): a is string => a !== undefined);
    return shipmentId ? [{ shipmentId, articleIds }] : [];
  });
}

/** The order of the asked shipments (by any of their article ids), or of every open one. */
export function buildManifestRequest(req: ManifestRequest, open: readonly OpenShipment[]): AusPostOrderRequest {
  const asked = new Set(req.tracking_numbers.map((n) => n.trim().toUpperCase()));
  const chosen =
    asked.size === 0 ? [...open] : open.filter((s) => s.articleIds.some((a) => asked.has(a.toUpperCase())));
  const covered = new Set(chosen.flatMap((s) => s.articleIds.map((a) => a.toUpperCase())));
  const missing = [...asked].filter((n) => !covered.has(n));
  if (missing.length > 0)
    throw new ApiError(
      'carrier_exception',
      `australiapost has no open shipment (not deleted, not in an order) for ${missing.join(', ')}`,
      'shipments not in GET /shipments',
    );
  if (chosen.length === 0)
    throw new ApiError(
      'carrier_exception',
      'australiapost has no open shipments to put in an order',
      'GET /shipments listed none',
    );
  return {
    order_reference: `Waybill ${req.ship_date}`,
    payment_method: 'CHARGE_TO_ACCOUNT',
    shipments: chosen.map((s) => ({ shipment_id: s.shipmentId })),
  };
}

/** The order's id and the article ids it holds. */
export function parseOrderResponse(body: unknown): { orderId: string; articleIds: string[] } {
  throwIfError(body);
  const order = obj(obj(body)?.order);
  const orderId = text(order?.order_id);
  if (!order || !orderId) throw unexpectedBody('order response (no order_id)');
  return { orderId, articleIds: parseShipmentList(order).flatMap((s) => s.articleIds) };
}

export function buildOrderSummaryRequest(account: string, orderId: string): string {
  return fillPath(ENDPOINTS.orderSummary.path, { account, orderId }, 'manifest');
}

export function parseManifestResponse(
  order: { orderId: string; articleIds: string[] },
  summary: Uint8Array,
): ManifestResult {
  if (!Buffer.from(summary.subarray(0, 1024)).toString('latin1').includes('%PDF-'))
    throw unexpectedBody('order summary (not a PDF)');
  return { carrier_manifest_id: order.orderId, tracking_numbers: order.articleIds, document: summary };
}
