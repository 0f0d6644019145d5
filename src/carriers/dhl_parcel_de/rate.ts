/**
 * Rating from a price list: DHL Parcel Germany publishes its prices but offers no rating API, so
 * "the request" is the question put to the list (where from, where to, each parcel's weight and
 * sides) and "the response" is the list's bands that answer it. Each parcel is a shipment of its
 * own at DHL, priced by its band; a service is offered only when every parcel fits one of its
 * bands, and a parcel no band of any service takes is refused, never priced by a guess.
 */
import { ApiError } from '../../domain/errors.js';
import { listRates, pricedParcel, type PricedParcel, type PriceBand as ListBand } from '../../domain/price-list.js';
import type { Rate, ShipmentRequest } from '../../domain/types.js';
import { catalog } from './catalog.js';
import { serviceOf, SERVICE_CODES } from './codes.js';
import { PUBLISHED_LIST_NAME, type PriceBand } from './codes-prices.js';

export interface PriceQuery {
  destination: string;
  parcels: PricedParcel[];
  /** Only this product, when the request names a service. */
  product?: string;
}

export function buildRateRequest(req: ShipmentRequest): PriceQuery {
  if (req.sender.country !== 'DE') {
    throw new ApiError(
      'schema_validation_error',
      `dhl_parcel_de ships from Germany only, not from ${req.sender.country}`,
      'sender.country',
    );
  }
  const product = req.service === undefined ? undefined : SERVICE_CODES[req.service];
  if (req.service !== undefined && product === undefined)
    throw new ApiError('schema_validation_error', `dhl_parcel_de has no service ${req.service}`, 'service');
  return {
    destination: req.recipient.country,
    parcels: req.packages.map((p) => pricedParcel(p, req.weight_units, req.dim_units)),
    ...(product ? { product } : {}),
  };
}

/** A band of the published list as every price list is priced (src/domain/price-list.ts), by its service's slug. */
function listBand(b: PriceBand): ListBand {
  const slug = serviceOf(b.product);
  return {
    service: slug,
    service_name: `${catalog.serviceNames?.[slug] ?? slug} (${PUBLISHED_LIST_NAME} price list)`,
    zone: b.zone,
    countries: b.countries,
    min_kg: b.minKg,
    max_kg: b.maxKg,
    max_cm: b.maxCm,
    price: b.price,
    currency: b.currency,
    transit_days: b.transitDays,
  };
}

/**
 * The rates the published price list gives the query, cheapest first, each saying so; priced as a
 * list a merchant uploads is (which is priced before any carrier is asked: services/accounts, price
 * lists). A destination the list does not serve is the carrier's refusal.
 */
export function parseRateResponse(bands: readonly PriceBand[], query: PriceQuery): Rate[] {
  const label = `dhl_parcel_de's ${PUBLISHED_LIST_NAME} price list`;
  const service = query.product === undefined ? undefined : serviceOf(query.product);
  const q = { destination: query.destination, parcels: query.parcels, ...(service ? { service } : {}) };
  const { serving, rates } = listRates(bands.map(listBand), q, label);
  if (!serving) {
    throw new ApiError(
      'carrier_exception',
      `${label} has no ${service ? `${service} ` : ''}service to ${query.destination}`,
      'recipient.country',
    );
  }
  return rates.map((r) => ({ ...r, price_list: { source: 'published' } }));
}
