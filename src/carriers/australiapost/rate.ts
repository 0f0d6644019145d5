/**
 * Rating: ShipmentRequest → `POST /shipping/v1/prices/items` (each package an item, kg and cm), and
 * its answer → one Rate per product that priced every item. `total_cost` is what the merchant pays:
 * the price with GST (`calculated_price`) plus transit cover when asked for.
 */
import type { Rate, ShipmentRequest } from '../../domain/types.js';
import { dropUndefined, numeric, obj, objects, text, toDecimalString, type JsonObject } from '../shared/json.js';
import { productId, productSlug, TRANSIT_DAYS } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { eachPackage, features, packaging, place } from './mapping.js';
import type { AusPostPriceRequest } from './wire.js';

export function buildRateRequest(req: ShipmentRequest): AusPostPriceRequest {
  const products = req.service === undefined ? undefined : [productId(req.service)];
  const type = packaging(req);
  return dropUndefined<AusPostPriceRequest>({
    from: place(req.sender),
    to: place(req.recipient),
    items: eachPackage(req).map((p, i) => ({
      item_reference: String(i + 1),
      length: p.length,
      width: p.width,
      height: p.height,
      weight: p.weight,
      packaging_type: type,
      product_ids: products,
      features: features(req, p.pkg),
    })),
  });
}

/** Prices of the features the price carries and does not bundle (transit cover). */
function featurePrices(price: JsonObject): number {
  const list = Object.values(obj(price.features) ?? {}).flatMap((f) => {
    const o = obj(f);
    // Some answers nest the feature once more, under `feature`.
    return o && obj(o.feature) ? [obj(o.feature)!] : o ? [o] : [];
  });
  return list
    .filter((f) => f.bundled !== true)
    .reduce((sum, f) => sum + (numeric(obj(f.price)?.calculated_price) ?? 0), 0);
}

interface Priced {
  name: string;
  total: number;
  items: number;
}

/** The prices answer → one Rate per product every item was priced with, summed over the items. */
export function parseRateResponse(body: unknown): Rate[] {
  throwIfError(body);
  const items = obj(body)?.items;
  if (!Array.isArray(items)) throw unexpectedBody('rate response (no items)');
  const list = objects(items);
  const byProduct = new Map<string, Priced>();
  for (const item of list) {
    for (const price of objects(item.prices)) {
      const id = text(price.product_id);
      const amount = numeric(price.calculated_price);
      if (!id || amount === undefined) continue;
      const seen = byProduct.get(id) ?? { name: text(price.product_type) ?? id, total: 0, items: 0 };
      seen.total += amount + featurePrices(price);
      seen.items += 1;
      byProduct.set(id, seen);
    }
  }
  return [...byProduct]
    .filter(([, p]) => p.items === list.length)
    .map(([id, p]) =>
      dropUndefined<Rate>({
        service_type: productSlug(id),
        service_name: p.name,
        total_cost: toDecimalString(p.total),
        currency: 'AUD',
        transit_days: TRANSIT_DAYS[id.toUpperCase()],
      }),
    );
}
