/**
 * DHL Parcel Germany has no rating API: what the emulator needs of its prices is where each
 * product goes and the heaviest parcel it takes, which the Shipping API checks on every booking
 * (the published weight bands' upper limits).
 */

export interface Product {
  code: string;
  name: string;
  maxKg: number;
  /** Where it goes: Germany only, the EU, or abroad (the EU included). */
  reach: 'domestic' | 'eu' | 'abroad';
  /** Whether its numbers are UPU S10 (letters, digits, DE) rather than DHL Paket numbers. */
  s10: boolean;
  /** Business days from the ship date to delivery. */
  transitDays: number;
}

export const PRODUCTS: Readonly<Record<string, Product>> = {
  V01PAK: { code: 'V01PAK', name: 'DHL PAKET', maxKg: 31.5, reach: 'domestic', s10: false, transitDays: 1 },
  V62KP: { code: 'V62KP', name: 'DHL KLEINPAKET', maxKg: 1, reach: 'domestic', s10: false, transitDays: 1 },
  V54EPAK: { code: 'V54EPAK', name: 'DHL EUROPAKET', maxKg: 31.5, reach: 'eu', s10: false, transitDays: 3 },
  V53WPAK: {
    code: 'V53WPAK',
    name: 'DHL PAKET INTERNATIONAL',
    maxKg: 31.5,
    reach: 'abroad',
    s10: false,
    transitDays: 5,
  },
  V66WPI: { code: 'V66WPI', name: 'DHL WARENPOST INTERNATIONAL', maxKg: 1, reach: 'abroad', s10: true, transitDays: 7 },
};

export const EU_ALPHA3 = new Set([
  'AUT',
  'BEL',
  'BGR',
  'HRV',
  'CYP',
  'CZE',
  'DNK',
  'EST',
  'FIN',
  'FRA',
  'GRC',
  'HUN',
  'IRL',
  'ITA',
  'LVA',
  'LTU',
  'LUX',
  'MLT',
  'NLD',
  'POL',
  'PRT',
  'ROU',
  'SVK',
  'SVN',
  'ESP',
  'SWE',
]);

/** Whether the product goes to this (alpha-3) country from Germany. */
export function reaches(product: Product, country: string): boolean {
  if (product.reach === 'domestic') return country === 'DEU';
  if (product.reach === 'eu') return EU_ALPHA3.has(country);
  return country !== 'DEU';
}
