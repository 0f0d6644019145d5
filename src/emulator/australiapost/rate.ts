/**
 * Australia Post prices: `POST /shipping/v1/prices/items` prices each item with every product of
 * the lane (or the `product_ids` asked for), answering `{ items: [{ …sides, prices[], errors[],
 * warnings[] }] }` as the recorded answers do. A product the item is too heavy or too large for is
 * a warning of that item; an item no product can carry is a 400 in the carrier's words.
 */
import type { FastifyInstance } from 'fastify';
import { at, num, round2, strings } from '../json.js';
import type { AustraliaPostCtx } from './context.js';
import { failures, type AusPostError } from './errors.js';
import { limitBreached, priceOf, productById, productsTo, type Product } from './prices.js';
import { Problems, readItems, readPlace } from './request.js';

function priceReply(
  product: Product,
  price: { exGst: number; gst: number; total: number },
  coverAmount: number | undefined,
): Record<string, unknown> {
  const signature = product.type.includes('SIGNATURE') || product.international;
  return {
    product_id: product.id,
    product_type: product.type,
    options: { signature_on_delivery_option: signature, authority_to_leave_option: !signature },
    calculated_price: price.total,
    calculated_price_ex_gst: price.exGst,
    calculated_gst: price.gst,
    ...(coverAmount === undefined
      ? {}
      : {
          features: {
            TRANSIT_COVER: {
              type: 'TRANSIT_COVER',
              // Cover of $100 is included; each further $100 costs $1.50 (capped at $5,000 of cover).
              attributes: { rate: 1.5, maximum_cover: 5000, cover_amount: coverAmount, included_cover: 100 },
              price: {
                calculated_price: round2(Math.ceil(Math.max(0, Math.min(coverAmount, 5000) - 100) / 100) * 1.5),
              },
              bundled: false,
            },
          },
        }),
  };
}

export function registerRateRoutes(app: FastifyInstance, ctx: AustraliaPostCtx): void {
  app.post('/shipping/v1/prices/items', ctx.tag('rate'), async (request) => {
    const body = request.body;
    const p = new Problems();
    readPlace(body, 'from', p);
    const to = readPlace(body, 'to', p);
    const items = readItems(body, 'items', p);
    p.throwIfAny();
    const refused: AusPostError[] = [];
    const replies = items.map((item, i) => {
      const asked = strings(item.raw.product_ids);
      const candidates =
        asked.length > 0
          ? asked.map((id) => productById(id)).filter((x): x is Product => x !== undefined)
          : productsTo(to.country);
      const warnings: Record<string, unknown>[] = [];
      const prices: Record<string, unknown>[] = [];
      let breach: string | undefined;
      for (const product of candidates) {
        const why = limitBreached(product, item);
        const price = why === undefined ? priceOf(product, item) : undefined;
        if (!price) {
          breach ??= why;
          warnings.push({
            code: '43003',
            name: 'NO_PRICE_SCALE_FOUND_FOR_QUANTITY',
            message:
              why ?? `The service ${product.id} is not available based upon the submitted weight of ${item.weight} kg.`,
            context: [],
          });
          continue;
        }
        prices.push(priceReply(product, price, num(at(item.raw, 'features.TRANSIT_COVER.attributes.cover_amount'))));
      }
      if (prices.length === 0 && breach !== undefined)
        refused.push({ code: '44022', name: 'ITEM_EXCEEDS_PRODUCT_LIMITS', message: breach, field: `items[${i}]` });
      return {
        weight: item.weight,
        height: item.height,
        length: item.length,
        width: item.width,
        prices,
        errors: [],
        warnings,
      };
    });
    if (refused.length > 0) throw failures.many(refused);
    return { items: replies };
  });
}
