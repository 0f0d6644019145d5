/**
 * Price lists: rates from a table of weight bands instead of a carrier's rating API. A merchant
 * uploads one per shipping account (its negotiated prices, for any carrier), and it replaces what
 * the carrier would answer for that account. Weights are in kg and sides in cm, as carriers publish
 * their lists; a request in LB or IN is converted before it is priced.
 */
import { ApiError } from './errors.js';
import type { DimUnit, Package, Rate, WeightUnit } from './shipment.js';

/** One row: a service's price for a weight band to a zone. */
export interface PriceBand {
  /** The service as /rate answers it and /ship books it (a service of the carrier's catalog). */
  service: string;
  service_name: string;
  zone: string;
  /**
   * ISO alpha-2 destinations. Empty: every destination no other row of the list names (the rest of
   * the world).
   */
  countries: readonly string[];
  /** A band takes weights above `min_kg` up to and including `max_kg`; the lightest band from `min_kg` itself. */
  min_kg: number;
  max_kg: number;
  /** Longest, middle and shortest side in cm; absent: no size limit. */
  max_cm?: readonly [number, number, number];
  /** Decimal text, e.g. "7.50". */
  price: string;
  currency: string;
  transit_days: readonly [min: number, max: number];
}

/** Rows one list may hold: far more than any carrier's list, few enough to price from in memory. */
export const MAX_PRICE_LIST_ROWS = 5000;

export interface PricedParcel {
  kg: number;
  /** Longest first, when all three sides are given. */
  cm?: readonly [number, number, number];
}

const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;

/** A package as the list prices it: kg to the gram, sides in cm to the millimetre, longest first. */
export function pricedParcel(pkg: Package, weightUnit: WeightUnit, dimUnit: DimUnit): PricedParcel {
  const kg = Math.round((weightUnit === 'LB' ? pkg.weight * KG_PER_LB : pkg.weight) * 1000) / 1000;
  if (pkg.length === undefined || pkg.width === undefined || pkg.height === undefined) return { kg };
  const sides = [pkg.length, pkg.width, pkg.height]
    .map((s) => Math.round((dimUnit === 'IN' ? s * CM_PER_IN : s) * 10) / 10)
    .sort((a, b) => b - a);
  return { kg, cm: [sides[0] ?? 0, sides[1] ?? 0, sides[2] ?? 0] };
}

function fits(band: PriceBand, parcel: PricedParcel): boolean {
  if (parcel.kg < band.min_kg || parcel.kg > band.max_kg) return false;
  const limit = band.max_cm;
  return limit === undefined || parcel.cm === undefined || parcel.cm.every((side, i) => side <= (limit[i] ?? 0));
}

/** Whether a band serves the destination: by name, or as the rest of the world when no row names it. */
function serves(band: PriceBand, country: string, named: ReadonlySet<string>): boolean {
  return band.countries.length > 0 ? band.countries.includes(country) : !named.has(country);
}

const cents = (price: string): number => Math.round(Number(price) * 100);
const decimal = (c: number): string => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

export interface PriceQuestion {
  destination: string;
  parcels: readonly PricedParcel[];
  /** Only this service, when the request names one. */
  service?: string;
}

/**
 * The rates a list gives, cheapest first. Each parcel is priced by the lightest band of the service
 * that takes it (bands meet at their limits: the lower one wins); a service is offered only when
 * every parcel fits one of its bands. A parcel over every band of every serving service is refused
 * naming it, never priced by a guess; `label` names the list in messages ("the uploaded price list").
 * `serving` is false when no band serves the destination (and the service asked): what that means is
 * the list's owner's to say, as is an empty list of rates (no single service takes every parcel).
 */
export function listRates(
  bands: readonly PriceBand[],
  q: PriceQuestion,
  label: string,
): { serving: boolean; rates: Rate[] } {
  const named = new Set(bands.flatMap((b) => b.countries));
  const serving = bands.filter(
    (b) => serves(b, q.destination, named) && (q.service === undefined || b.service === q.service),
  );
  if (serving.length === 0) return { serving: false, rates: [] };
  const over = q.parcels.findIndex((p) => !serving.some((b) => fits(b, p)));
  if (over >= 0) {
    const p = q.parcels[over]!;
    const heaviest = Math.max(...serving.map((b) => b.max_kg));
    throw new ApiError(
      'schema_validation_error',
      `packages[${over}] (${p.kg} kg${p.cm ? `, ${p.cm.join(' x ')} cm` : ''}) is over every weight band or size limit of ${label} to ${q.destination} (at most ${heaviest} kg)`,
      `packages[${over}]`,
    );
  }
  const rates: Rate[] = [];
  for (const service of new Set(serving.map((b) => b.service))) {
    const own = serving.filter((b) => b.service === service);
    const picked = q.parcels.map((p) => own.find((b) => fits(b, p)));
    if (picked.some((b) => b === undefined)) continue;
    const chosen = picked as PriceBand[];
    // A service whose bands mix currencies cannot add them up: the list's own mistake, refused at upload.
    rates.push({
      service_type: service,
      service_name: chosen[0]!.service_name,
      total_cost: decimal(chosen.reduce((sum, b) => sum + cents(b.price), 0)),
      currency: chosen[0]!.currency,
      transit_days: Math.max(...chosen.map((b) => b.transit_days[1])),
    });
  }
  return { serving: true, rates: rates.sort((a, b) => cents(a.total_cost) - cents(b.total_cost)) };
}

/** The rates of a merchant's uploaded list: a destination or a set of parcels it does not price is no_qualifying_rate. */
export function priceFromList(bands: readonly PriceBand[], q: PriceQuestion, label: string): Rate[] {
  const { serving, rates } = listRates(bands, q, label);
  if (!serving) {
    throw new ApiError(
      'no_qualifying_rate',
      `${label} has no ${q.service ? `${q.service} ` : ''}rate to ${q.destination}`,
      'recipient.country',
    );
  }
  if (rates.length === 0) {
    throw new ApiError(
      'no_qualifying_rate',
      `no single service of ${label} takes every package to ${q.destination}; rate them apart`,
      'packages',
    );
  }
  return rates;
}
