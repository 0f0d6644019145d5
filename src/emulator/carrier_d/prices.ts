/**
 * carrier_d pricing: a package priced by its mail class's zone × weight table and products
 * (services.ts), flat-rate packaging at its flat price. Zones 1–9 come from the distance between the
 * three-digit ZIP prefixes (USPS zones are distance bands from the origin's sectional center);
 * international prices use a price group by country. COMMERCIAL (and CONTRACT) prices are 10 % under
 * RETAIL. Prices are USD.
 */
import { addBusinessDays } from '../calendar.js';
import { round2 } from '../json.js';
import { CLASSES, ENTRY_DISCOUNT, type Product } from './services.js';

/** Nonstandard parcels pay the "Nonstandard Length > 22" fee (domestic-prices.yaml TotalRatesSearchExample). */
const NONSTANDARD_FEE = 4;

/** Zone 1–9 from the distance between three-digit ZIP prefixes. */
export function zoneOf(originZip: string, destinationZip: string): number {
  const d = Math.abs(Number(originZip.slice(0, 3)) - Number(destinationZip.slice(0, 3)));
  const bands = [0, 50, 150, 300, 450, 600, 750, 900];
  let zone = 1;
  for (const b of bands) if (d > b) zone += 1;
  return Math.min(9, zone);
}

/** International price group 1–9 (Canada 1, Mexico 2, Western Europe 5, elsewhere 8). */
export function priceGroup(country: string): number {
  if (country === 'CA') return 1;
  if (country === 'MX') return 2;
  if ('GB,IE,FR,DE,NL,BE,LU,AT,CH,IT,ES,PT,DK,SE,NO,FI'.split(',').includes(country)) return 5;
  return 8;
}

export interface Priced {
  product: Product;
  price: number;
  fees: { name: string; SKU: string; price: number }[];
  transitDays: number;
  deliveryDate: string;
}

/** One product's price for a package (null when the class does not take its weight). */
export function priceOf(
  mailClass: string,
  product: Product,
  zone: number,
  weightLb: number,
  priceType: string,
  mailingDate: string,
): Priced | null {
  const def = CLASSES[mailClass];
  if (!def || weightLb > def.maxLb) return null;
  const i = Math.max(0, Math.min(8, zone - 1));
  const pounds = Math.max(1, Math.ceil(weightLb));
  const retail =
    product.flat ??
    ((def.base[i] ?? 0) + (pounds - 1) * (def.step[i] ?? 0)) *
      (ENTRY_DISCOUNT[product.destinationEntryFacilityType] ?? 1);
  const discounted = priceType === 'RETAIL' ? retail : retail * 0.9;
  const fees =
    product.processingCategory === 'NONSTANDARD' && product.flat === undefined
      ? [{ name: 'Nonstandard Length > 22', SKU: 'D811XVUXXXX0000', price: NONSTANDARD_FEE }]
      : [];
  return {
    product,
    price: round2(discounted),
    fees,
    transitDays: def.transitDays,
    deliveryDate: addBusinessDays(mailingDate, def.transitDays),
  };
}

/** Every product of the class priced for the package. */
export function pricesFor(
  mailClass: string,
  zone: number,
  weightLb: number,
  priceType: string,
  mailingDate: string,
): Priced[] {
  return (CLASSES[mailClass]?.products ?? [])
    .map((prod) => priceOf(mailClass, prod, zone, weightLb, priceType, mailingDate))
    .filter((x): x is Priced => x !== null);
}
