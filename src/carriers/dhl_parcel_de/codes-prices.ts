/**
 * The published price list of DHL Parcel Germany (business customer list prices, EUR, per parcel):
 * weight bands per product, with the size each band takes and the transit days the carrier states.
 * The carrier has no rating API; rate.ts prices from this table as every price list is priced
 * (src/domain/price-list.ts).
 *
 * `countries` empty means every country the other rows do not name (the rest of the world: Germany
 * and the EU are named by theirs). A band covers weights above `minKg` up to and including `maxKg`
 * (the lightest band from `minKg` itself).
 */

export interface PriceBand {
  product: string;
  zone: 'domestic' | 'europe' | 'world';
  countries: readonly string[];
  minKg: number;
  maxKg: number;
  /** Longest, middle and shortest side in cm. */
  maxCm: readonly [number, number, number];
  price: string;
  currency: string;
  transitDays: readonly [min: number, max: number];
}

/** The EU's customs union: no customs declaration, and the EU parcel's zone. */
export const EU_COUNTRIES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];
const PARCEL: readonly [number, number, number] = [120, 60, 60];
const SMALL: readonly [number, number, number] = [35.3, 25, 5];

const band = (
  product: string,
  zone: PriceBand['zone'],
  minKg: number,
  maxKg: number,
  price: string,
  transitDays: readonly [number, number],
  maxCm = PARCEL,
): PriceBand => ({
  product,
  zone,
  countries: zone === 'domestic' ? ['DE'] : zone === 'europe' ? EU_COUNTRIES : [],
  minKg,
  maxKg,
  maxCm,
  price,
  currency: 'EUR',
  transitDays,
});

export const PUBLISHED_PRICES: readonly PriceBand[] = [
  band('V62KP', 'domestic', 0.01, 1, '3.39', [1, 2], SMALL),
  band('V01PAK', 'domestic', 0.01, 2, '7.50', [1, 2]),
  band('V01PAK', 'domestic', 2, 5, '7.50', [1, 2]),
  band('V01PAK', 'domestic', 5, 10, '10.30', [1, 2]),
  band('V01PAK', 'domestic', 10, 20, '18.80', [1, 2]),
  band('V01PAK', 'domestic', 20, 31.5, '19.97', [1, 2]),
  band('V54EPAK', 'europe', 0.01, 2, '13.99', [3, 5]),
  band('V54EPAK', 'europe', 2, 5, '15.99', [3, 5]),
  band('V54EPAK', 'europe', 5, 10, '19.99', [3, 5]),
  band('V54EPAK', 'europe', 10, 20, '28.99', [3, 5]),
  band('V54EPAK', 'europe', 20, 31.5, '34.99', [3, 5]),
  band('V53WPAK', 'world', 0.01, 2, '15.99', [5, 10]),
  band('V53WPAK', 'world', 2, 5, '18.99', [5, 10]),
  band('V53WPAK', 'world', 5, 10, '24.99', [5, 10]),
  band('V53WPAK', 'world', 10, 20, '35.99', [5, 10]),
  band('V53WPAK', 'world', 20, 31.5, '44.99', [5, 10]),
  band('V66WPI', 'world', 0.01, 0.5, '3.99', [7, 14], SMALL),
  band('V66WPI', 'world', 0.5, 1, '5.49', [7, 14], SMALL),
];

/** The name a rate answer gives the list it priced from. */
export const PUBLISHED_LIST_NAME = 'published';
