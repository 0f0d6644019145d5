/**
 * Rates from an account's uploaded price list, in place of its carrier's: the request is read as
 * for the carrier (account defaults, catalog checks), then priced from the list's bands. Each rate
 * says it came from the uploaded list and when that list was uploaded.
 */
import { priceFromList, pricedParcel } from '../../domain/price-list.js';
import type { Rate, ShipmentRequest } from '../../domain/types.js';
import type { PriceListRecord } from '../../storage/repositories/price-lists.js';

export function rateFromList(list: PriceListRecord, req: ShipmentRequest): Rate[] {
  const parcels = req.packages.map((p) => pricedParcel(p, req.weight_units, req.dim_units));
  const rates = priceFromList(
    list.bands,
    { destination: req.recipient.country, parcels, ...(req.service ? { service: req.service } : {}) },
    `the uploaded price list of shipping account ${list.shipping_account}`,
  );
  return rates.map((r) => ({ ...r, price_list: { source: 'uploaded', uploaded_at: list.uploaded_at } }));
}
