/**
 * Rating from a price list: DHL Parcel Germany publishes its prices but offers no rating API, so
 * "the request" is the question put to the list (where from, where to, each parcel's weight and
 * sides) and "the response" is the list's bands that answer it. Each parcel is a shipment of its
 * own at DHL, priced by its band; a service is offered only when every parcel fits one of its
 * bands, and a parcel no band of any service takes is refused, never priced by a guess.
 */
import { ApiError } from '../../domain/errors.js';
import type { Rate, ShipmentRequest } from '../../domain/types.js';
import { toDecimalString } from '../shared/json.js';
import { catalog } from './catalog.js';
import { serviceOf, SERVICE_CODES } from './codes.js';
import { PUBLISHED_LIST_NAME, type PriceBand } from './codes-prices.js';
import { kilograms, servesCountry, sidesCm } from './mapping.js';

export interface PriceQuery {
  destination: string;
  parcels: { kg: number; sidesCm?: [number, number, number] }[];
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
    parcels: req.packages.map((p) => {
      const sides = sidesCm(p, req.dim_units);
      return { kg: kilograms(p.weight, req.weight_units), ...(sides ? { sidesCm: sides } : {}) };
    }),
    ...(product ? { product } : {}),
  };
}

function fits(band: PriceBand, parcel: PriceQuery['parcels'][number]): boolean {
  const lowest = parcel.kg >= band.minKg;
  if (!lowest || parcel.kg > band.maxKg) return false;
  return parcel.sidesCm === undefined || parcel.sidesCm.every((side, i) => side <= (band.maxCm[i] ?? 0));
}

/** The lightest band of the product taking the parcel (bands meet at their limits: the lower one wins). */
function bandFor(bands: readonly PriceBand[], parcel: PriceQuery['parcels'][number]): PriceBand | undefined {
  return bands.find((b) => fits(b, parcel));
}

/**
 * The rates the published price list gives the query, cheapest first, each saying so (a list a
 * merchant uploads is priced before any carrier is asked: services/accounts, price lists).
 */
export function parseRateResponse(bands: readonly PriceBand[], query: PriceQuery): Rate[] {
  const list = PUBLISHED_LIST_NAME;
  const named = new Set(bands.flatMap((b) => b.countries));
  const serving = bands.filter(
    (b) => servesCountry(b, query.destination, named) && (query.product === undefined || b.product === query.product),
  );
  if (serving.length === 0) {
    throw new ApiError(
      'carrier_exception',
      `dhl_parcel_de's ${list} price list has no ${query.product ? `${serviceOf(query.product)} ` : ''}service to ${query.destination}`,
      'recipient.country',
    );
  }
  const products = [...new Set(serving.map((b) => b.product))];
  // A parcel over every band of every serving product: a clear refusal naming it.
  const heavy = query.parcels.findIndex((p) => !serving.some((b) => fits(b, p)));
  if (heavy >= 0) {
    const limit = Math.max(...serving.map((b) => b.maxKg));
    throw new ApiError(
      'schema_validation_error',
      `packages[${heavy}] (${query.parcels[heavy]?.kg} kg${query.parcels[heavy]?.sidesCm ? `, ${query.parcels[heavy]?.sidesCm?.join(' x ')} cm` : ''}) is over every weight band or size limit of dhl_parcel_de's ${list} price list to ${query.destination} (at most ${limit} kg)`,
      `packages[${heavy}]`,
    );
  }
  const rates: Rate[] = [];
  for (const product of products) {
    const own = serving.filter((b) => b.product === product);
    const picked = query.parcels.map((p) => bandFor(own, p));
    if (picked.some((b) => b === undefined)) continue;
    const chosen = picked as PriceBand[];
    const cents = chosen.reduce((sum, b) => sum + Math.round(Number(b.price) * 100), 0);
    const slug = serviceOf(product);
    rates.push({
      service_type: slug,
      service_name: `${catalog.serviceNames?.[slug] ?? slug} (${list} price list)`,
      total_cost: toDecimalString(cents / 100),
      currency: chosen[0]?.currency ?? 'EUR',
      transit_days: Math.max(...chosen.map((b) => b.transitDays[1])),
      price_list: { source: 'published' },
    });
  }
  return rates.sort((a, b) => Number(a.total_cost) - Number(b.total_cost));
}
