/**
 * Australia Post tracking: `GET /shipping/v1/track?tracking_ids=a,b,…` (at most 10 ids) answers 200
 * with one `tracking_results[]` entry per id: a known
 * article with its events newest first and its status, an unknown one with
 * `errors: [{ code: "ESB-10001", name: "Invalid tracking ID" }]`, a deleted one as Cancelled. More
 * than 10 ids is the whole call's 400 (51101 TOO_MANY_AP_TRACKING_IDS).
 */
import type { FastifyInstance } from 'fastify';
import { str } from '../json.js';
import type { AustraliaPostCtx } from './context.js';
import { failures } from './errors.js';
import { productById } from './prices.js';
import { eventReply, eventsUntil } from './timeline.js';

export const MAX_TRACKING_IDS = 10;

function statusOf(latest: string | undefined): string {
  if (latest === undefined || latest.startsWith('Shipping information')) return 'Initiated';
  return latest === 'Delivered' ? 'Delivered' : 'In transit';
}

export function registerTrackRoutes(app: FastifyInstance, ctx: AustraliaPostCtx): void {
  app.get<{ Querystring: Record<string, unknown> }>('/shipping/v1/track', ctx.tag('track'), async (request) => {
    const ids = (str(request.query.tracking_ids) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0) throw failures.missing('tracking_ids');
    if (ids.length > MAX_TRACKING_IDS) {
      throw failures.many([
        {
          code: '51101',
          name: 'TOO_MANY_AP_TRACKING_IDS',
          message: `The request must contain ${MAX_TRACKING_IDS} or less AP article ids, consignment ids, or barcode ids.`,
        },
      ]);
    }
    const now = ctx.clock.now();
    return {
      tracking_results: ids.map((id) => {
        const found = ctx.state.byArticle(id.toUpperCase());
        if (!found) return { tracking_id: id, errors: [{ code: 'ESB-10001', name: 'Invalid tracking ID' }] };
        // A deleted shipment keeps the shipping information it had, under the status Cancelled.
        const deleted = !ctx.state.shipments.has(found.shipment.shipmentId);
        const events = eventsUntil(found.shipment, deleted ? found.shipment.bookedAt : now).reverse();
        const status = deleted ? 'Cancelled' : statusOf(events[0]?.description);
        return {
          tracking_id: id,
          status,
          trackable_items: [
            {
              article_id: found.item.articleId,
              product_type: productById(found.item.productId)?.type ?? 'eParcel',
              events: events.map(eventReply),
              status,
            },
          ],
        };
      }),
    };
  });
}
