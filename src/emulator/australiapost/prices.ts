/**
 * Australia Post's contract prices as the emulator quotes them: per product, a zone (Australia,
 * Asia Pacific, the rest of the world) and a weight band, ex GST, from the carrier's published
 * service list. Domestic prices carry 10 % GST; exports are GST-free. Every product takes parcels
 * of at most 22 kg and its own size limits (Express documents: an envelope's).
 */
import { round2 } from '../json.js';

export interface Product {
  id: string;
  /** `product_type` as the prices answer names it. */
  type: string;
  /** The label group (`preferences[].groups[].group`) its labels print in. */
  group: string;
  international: boolean;
  returns: boolean;
  /** Destination countries; undefined: every country of its kind (Australia, or abroad). */
  countries?: readonly string[];
  /** Upper bounds of the weight bands in kg, and the price of each, ex GST. */
  bands: readonly (readonly [maxKg: number, price: number])[];
  /** Longest side, then the two others, in cm. */
  maxCm: readonly [number, number, number];
  transitDays: number;
}

const PARCEL_BANDS = [0.5, 1, 3, 5, 10, 22] as const;
const INTL_BANDS = [0.5, 1, 2, 5, 10, 22] as const;
const bands = (limits: readonly number[], prices: readonly number[]): (readonly [number, number])[] =>
  limits.map((l, i) => [l, prices[i] ?? 0] as const);
const PARCEL: [number, number, number] = [105, 50, 50];
const ASIA_PACIFIC = ['NZ', 'SG', 'HK', 'JP', 'KR', 'MY', 'TH', 'ID', 'PH', 'IN', 'CN'];

export const PRODUCTS: readonly Product[] = [
  {
    id: 'T28',
    type: 'PARCEL POST',
    group: 'Parcel Post',
    international: false,
    returns: false,
    bands: bands(PARCEL_BANDS, [8.95, 10.5, 12.5, 14.95, 18.95, 25.95]),
    maxCm: PARCEL,
    transitDays: 3,
  },
  {
    id: 'E34',
    type: 'EXPRESS POST',
    group: 'Express Post',
    international: false,
    returns: false,
    bands: bands(PARCEL_BANDS, [12.95, 14.5, 17.5, 20.95, 26.95, 35.95]),
    maxCm: PARCEL,
    transitDays: 1,
  },
  {
    id: '3D55',
    type: 'PARCEL POST + SIGNATURE',
    group: 'Parcel Post',
    international: false,
    returns: false,
    bands: bands(PARCEL_BANDS, [10.95, 12.5, 14.95, 17.5, 21.95, 29.95]),
    maxCm: PARCEL,
    transitDays: 3,
  },
  {
    id: '3J55',
    type: 'EXPRESS POST + SIGNATURE',
    group: 'Express Post',
    international: false,
    returns: false,
    bands: bands(PARCEL_BANDS, [14.95, 16.5, 19.95, 23.5, 29.95, 39.95]),
    maxCm: PARCEL,
    transitDays: 1,
  },
  {
    id: 'PTI8',
    type: 'INTL STANDARD PACK & TRACK',
    group: 'International',
    international: true,
    returns: false,
    countries: ASIA_PACIFIC,
    bands: bands(INTL_BANDS, [15.9, 19.9, 25.9, 35.9, 49.9, 69.9]),
    maxCm: PARCEL,
    transitDays: 6,
  },
  {
    id: 'PTI7',
    type: 'INTL STANDARD WITH SIGNATURE',
    group: 'International',
    international: true,
    returns: false,
    bands: bands(INTL_BANDS, [18.9, 22.9, 29.9, 39.9, 55.9, 79.9]),
    maxCm: PARCEL,
    transitDays: 6,
  },
  {
    id: 'ECM8',
    type: 'INTL EXPRESS MERCH',
    group: 'International',
    international: true,
    returns: false,
    bands: bands(INTL_BANDS, [29.9, 35.9, 45.9, 59.9, 79.9, 109.9]),
    maxCm: PARCEL,
    transitDays: 2,
  },
  {
    id: 'ECD8',
    type: 'INTL EXPRESS DOCS',
    group: 'International',
    international: true,
    returns: false,
    bands: bands([0.5, 1, 1.5, 2], [25.9, 29.9, 32.9, 35.9]),
    maxCm: [35, 25, 5],
    transitDays: 2,
  },
  {
    id: 'PR',
    type: 'PARCEL POST RETURNS',
    group: 'Parcel Post',
    international: false,
    returns: true,
    bands: bands(PARCEL_BANDS, [7.5, 8.9, 10.9, 12.9, 16.9, 22.9]),
    maxCm: PARCEL,
    transitDays: 3,
  },
  {
    id: 'XPR',
    type: 'EXPRESS POST RETURNS',
    group: 'Express Post',
    international: false,
    returns: true,
    bands: bands(PARCEL_BANDS, [10.5, 12.5, 15.5, 18.5, 23.5, 31.5]),
    maxCm: PARCEL,
    transitDays: 1,
  },
];

export const productById = (id: string): Product | undefined => PRODUCTS.find((p) => p.id === id);

/** Every product that serves this destination (returns only when asked for). */
export function productsTo(country: string, opts: { returns?: boolean } = {}): Product[] {
  const domestic = country === 'AU';
  return PRODUCTS.filter(
    (p) =>
      p.international !== domestic &&
      (p.countries === undefined || p.countries.includes(country)) &&
      (opts.returns === undefined || p.returns === opts.returns),
  );
}

export interface ItemInput {
  weight: number;
  length?: number;
  width?: number;
  height?: number;
}

export const MAX_WEIGHT_KG = 22;

/** Why the item cannot go with the product, in Australia Post's words; undefined when it can. */
export function limitBreached(product: Product, item: ItemInput): string | undefined {
  const top = product.bands[product.bands.length - 1]?.[0] ?? MAX_WEIGHT_KG;
  if (item.weight > top)
    return `The weight of ${item.weight} kg exceeds the maximum of ${top} kg for the product ${product.id}.`;
  const sides = [item.length ?? 0, item.width ?? 0, item.height ?? 0].sort((a, b) => b - a);
  const [l, w, h] = product.maxCm;
  if ((sides[0] ?? 0) > l || (sides[1] ?? 0) > w || (sides[2] ?? 0) > h) {
    return `The dimensions of ${sides.join(' x ')} cm exceed the maximum of ${l} x ${w} x ${h} cm for the product ${product.id}.`;
  }
  return undefined;
}

export interface Price {
  exGst: number;
  gst: number;
  total: number;
}

/** The item's price with the product; undefined when no band holds its weight. */
export function priceOf(product: Product, item: ItemInput): Price | undefined {
  const band = product.bands.find(([max]) => item.weight <= max);
  if (!band || item.weight <= 0) return undefined;
  const exGst = band[1];
  const gst = product.international ? 0 : round2(exGst * 0.1);
  return { exGst, gst, total: round2(exGst + gst) };
}
