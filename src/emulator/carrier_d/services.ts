/**
 * carrier_d mail classes: for each, the zone × weight table it is priced by (prices.ts) and the
 * products (processing category, rate indicator, destination entry) it is sold as, with the flat
 * prices of flat-rate packaging.
 */
import { round2 } from '../json.js';

export interface Product {
  processingCategory: string;
  rateIndicator: string;
  destinationEntryFacilityType: string;
  description: string;
  /** Flat-rate packaging: one price whatever the weight and zone. */
  flat?: number;
}

export interface ClassDef {
  name: string;
  international: boolean;
  /** Price of the first pound per zone 1–9 (international: per price group 1–9). */
  base: readonly number[];
  /** Each further pound per zone. */
  step: readonly number[];
  maxLb: number;
  transitDays: number;
  products: readonly Product[];
}

/** Destination entry facilities, and what entering a parcel there leaves of its price (prices.ts). */
export const ENTRY_DISCOUNT: Record<string, number> = {
  NONE: 1,
  DESTINATION_NETWORK_DISTRIBUTION_CENTER: 0.85,
  DESTINATION_SECTIONAL_CENTER_FACILITY: 0.75,
  DESTINATION_SERVICE_HUB: 0.8,
  DESTINATION_DELIVERY_UNIT: 0.6,
};

const p = (
  processingCategory: string,
  rateIndicator: string,
  description: string,
  flat?: number,
  entry = 'NONE',
): Product => ({
  processingCategory,
  rateIndicator,
  destinationEntryFacilityType: entry,
  description,
  ...(flat !== undefined ? { flat } : {}),
});

const CATEGORY_WORDS: Record<string, string> = {
  MACHINABLE: 'Machinable',
  IRREGULAR: 'Irregular',
  NONSTANDARD: 'Nonstandard',
};
/** Rate indicators priced by weight: SP single-piece, BA basic, 5D 5-digit presort. */
const INDICATOR_WORDS: Record<string, string> = { SP: 'Single-piece', BA: 'Basic', '5D': '5-Digit' };

const weightProducts = (name: string, categories: string[], entries = ['NONE'], indicators = ['SP']): Product[] =>
  indicators.flatMap((ri) =>
    categories.flatMap((c) =>
      entries.map((e) => p(c, ri, `${name} ${CATEGORY_WORDS[c] ?? c} ${INDICATOR_WORDS[ri] ?? ri}`, undefined, e)),
    ),
  );

const CUBIC_SOFT_PACK = ['P5', 'P6', 'P7', 'P8', 'P9', 'Q6', 'Q7', 'Q8', 'Q9', 'Q0'].map((ri, i) =>
  p('MACHINABLE', ri, `Cubic Soft Pack Tier ${i + 1}`, round2(7.5 + i * 0.85)),
);
const ALL_ENTRIES = Object.keys(ENTRY_DISCOUNT);
const STD = ['MACHINABLE', 'NONSTANDARD'];
const BOOKS = ['MACHINABLE', 'IRREGULAR', 'NONSTANDARD'];

export const CLASSES: Record<string, ClassDef> = {
  USPS_GROUND_ADVANTAGE: {
    name: 'USPS Ground Advantage',
    international: false,
    base: [5.25, 5.35, 5.45, 5.7, 6.05, 6.45, 6.95, 7.45, 9],
    step: [0.55, 0.6, 0.7, 0.85, 1, 1.2, 1.4, 1.6, 2],
    maxLb: 70,
    transitDays: 5,
    products: [...weightProducts('USPS Ground Advantage', STD), ...CUBIC_SOFT_PACK],
  },
  'FIRST-CLASS_PACKAGE_SERVICE': {
    name: 'First-Class Package Service',
    international: false,
    base: [4.75, 4.85, 4.95, 5.1, 5.3, 5.5, 5.75, 6.1, 7],
    step: [0.5, 0.55, 0.6, 0.7, 0.8, 0.95, 1.1, 1.3, 1.6],
    maxLb: 1,
    transitDays: 4,
    products: weightProducts('First-Class Package Service', STD),
  },
  PRIORITY_MAIL: {
    name: 'Priority Mail',
    international: false,
    base: [8.7, 8.9, 9.1, 9.7, 10.4, 11.2, 12.1, 13, 15],
    step: [0.9, 1, 1.2, 1.5, 1.9, 2.3, 2.7, 3.1, 3.8],
    maxLb: 70,
    transitDays: 3,
    products: [
      ...weightProducts('Priority Mail', STD),
      p('FLATS', 'FE', 'Priority Mail Flat Rate Envelope', 9.85),
      p('FLATS', 'FP', 'Priority Mail Padded Flat Rate Envelope', 10.4),
      p('FLATS', 'FA', 'Priority Mail Legal Flat Rate Envelope', 10.15),
      ...['MACHINABLE', 'NONSTANDARD'].flatMap((c) => [
        p(c, 'FS', 'Priority Mail Small Flat Rate Box', 10.4),
        p(c, 'FB', 'Priority Mail Medium Flat Rate Box', 17.05),
        p(c, 'PL', 'Priority Mail Large Flat Rate Box', 22.8),
        p(c, 'PM', 'Priority Mail Large Flat Rate Box APO/FPO/DPO', 21.3),
      ]),
      ...CUBIC_SOFT_PACK.slice(0, 5).map((c) => ({
        ...c,
        description: `Priority Mail ${c.description}`,
        flat: round2((c.flat ?? 0) + 2),
      })),
    ],
  },
  PRIORITY_MAIL_EXPRESS: {
    name: 'Priority Mail Express',
    international: false,
    base: [28.75, 28.75, 30.45, 33.1, 35.5, 38, 40.6, 43.4, 50],
    step: [2.5, 2.6, 2.9, 3.3, 3.8, 4.3, 4.9, 5.5, 6.5],
    maxLb: 70,
    transitDays: 2,
    products: [
      ...weightProducts('Priority Mail Express', STD),
      p('MACHINABLE', 'PA', 'Priority Mail Express Single-piece', undefined),
      p('FLATS', 'FE', 'Priority Mail Express Flat Rate Envelope', 30.45),
      p('FLATS', 'FP', 'Priority Mail Express Padded Flat Rate Envelope', 31.2),
      p('FLATS', 'E4', 'Priority Mail Express Flat Rate Envelope Post Office To Addressee', 30.45),
      p('FLATS', 'E6', 'Priority Mail Express Legal Flat Rate Envelope', 31),
      p('FLATS', 'E7', 'Priority Mail Express Legal Flat Rate Envelope Sunday/Holiday', 43.5),
    ],
  },
  PARCEL_SELECT: {
    name: 'Parcel Select',
    international: false,
    base: [5, 5.1, 5.2, 5.45, 5.8, 6.2, 6.7, 7.2, 8.5],
    step: [0.5, 0.55, 0.65, 0.8, 0.95, 1.15, 1.35, 1.5, 1.9],
    maxLb: 70,
    transitDays: 7,
    products: weightProducts('Parcel Select', STD, ALL_ENTRIES),
  },
  PARCEL_SELECT_LIGHTWEIGHT: {
    name: 'Parcel Select Lightweight',
    international: false,
    base: [4.2, 4.25, 4.3, 4.4, 4.55, 4.7, 4.9, 5.1, 5.9],
    step: [0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.2],
    maxLb: 1,
    transitDays: 7,
    products: weightProducts('Parcel Select Lightweight', ['MACHINABLE', 'IRREGULAR', 'NONSTANDARD']),
  },
  USPS_CONNECT_LOCAL: {
    name: 'USPS Connect Local',
    international: false,
    base: Array(9).fill(4.35) as number[],
    step: Array(9).fill(0.3) as number[],
    maxLb: 25,
    transitDays: 1,
    products: [
      p('MACHINABLE', 'LC', 'Connect Local Machinable DDU', undefined, 'DESTINATION_DELIVERY_UNIT'),
      p('NONSTANDARD', 'LC', 'Connect Local Nonstandard DDU', undefined, 'DESTINATION_DELIVERY_UNIT'),
      p('MACHINABLE', 'LF', 'Connect Local Flat Rate Box', 13.25, 'DESTINATION_DELIVERY_UNIT'),
      p('MACHINABLE', 'LL', 'Connect Local Large Flat Rate Bag', 12.5, 'DESTINATION_DELIVERY_UNIT'),
      p('MACHINABLE', 'LS', 'Connect Local Small Flat Rate Bag', 4.95, 'DESTINATION_DELIVERY_UNIT'),
    ],
  },
  USPS_CONNECT_REGIONAL: {
    name: 'USPS Connect Regional',
    international: false,
    base: [5.1, 5.2, 5.3, 5.5, 5.9, 6.3, 6.8, 7.3, 8.6],
    step: [0.5, 0.55, 0.6, 0.75, 0.9, 1.1, 1.3, 1.5, 1.8],
    maxLb: 20,
    transitDays: 2,
    products: weightProducts('Connect Regional', STD),
  },
  USPS_CONNECT_MAIL: {
    name: 'USPS Connect Mail',
    international: false,
    base: Array(9).fill(3.6) as number[],
    step: Array(9).fill(0.35) as number[],
    maxLb: 1,
    transitDays: 5,
    products: weightProducts('Connect Mail', STD),
  },
  MEDIA_MAIL: {
    name: 'Media Mail',
    international: false,
    base: Array(9).fill(4.13) as number[],
    step: Array(9).fill(0.75) as number[],
    maxLb: 70,
    transitDays: 8,
    products: weightProducts('Media Mail', BOOKS, ['NONE'], ['SP', 'BA', '5D']),
  },
  LIBRARY_MAIL: {
    name: 'Library Mail',
    international: false,
    base: Array(9).fill(3.94) as number[],
    step: Array(9).fill(0.72) as number[],
    maxLb: 70,
    transitDays: 8,
    products: weightProducts('Library Mail', BOOKS, ['NONE'], ['SP', 'BA']),
  },
  BOUND_PRINTED_MATTER: {
    name: 'Bound Printed Matter',
    international: false,
    base: [3.8, 3.85, 3.9, 4, 4.15, 4.3, 4.5, 4.7, 5.2],
    step: [0.2, 0.22, 0.25, 0.3, 0.36, 0.42, 0.5, 0.58, 0.7],
    maxLb: 15,
    transitDays: 8,
    products: [
      ...weightProducts('Bound Printed Matter', BOOKS),
      ...BOOKS.flatMap((c) => ALL_ENTRIES.map((e) => p(c, 'PR', 'Bound Printed Matter Presorted', undefined, e))),
    ],
  },
  'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE': {
    name: 'First-Class Package International Service',
    international: true,
    base: [15.75, 17.5, 18.9, 19.4, 20.6, 21.3, 22.1, 23.5, 25],
    step: [1.8, 2.2, 2.6, 2.9, 3.2, 3.5, 3.8, 4.2, 4.6],
    maxLb: 4,
    transitDays: 14,
    products: [
      p('MACHINABLE', 'SP', 'First-Class Package International Service'),
      p('NONSTANDARD', 'SP', 'First-Class Package International Service Nonstandard'),
    ],
  },
  PRIORITY_MAIL_INTERNATIONAL: {
    name: 'Priority Mail International',
    international: true,
    base: [45.95, 52.3, 60.1, 63.9, 66.5, 68.8, 70.1, 74.9, 80],
    step: [3.5, 4.1, 4.9, 5.6, 6.2, 6.8, 7.4, 8.1, 8.9],
    maxLb: 66,
    transitDays: 10,
    products: [
      p('MACHINABLE', 'SP', 'Priority Mail International'),
      p('NONSTANDARD', 'SP', 'Priority Mail International Nonstandard'),
    ],
  },
  PRIORITY_MAIL_EXPRESS_INTERNATIONAL: {
    name: 'Priority Mail Express International',
    international: true,
    base: [62.6, 70.55, 78.9, 82.3, 86.9, 90.2, 93.1, 99.4, 105],
    step: [4.8, 5.4, 6.2, 6.9, 7.6, 8.3, 9.1, 9.9, 10.9],
    maxLb: 66,
    transitDays: 5,
    products: [
      p('MACHINABLE', 'SP', 'Priority Mail Express International'),
      p('NONSTANDARD', 'SP', 'Priority Mail Express International Nonstandard'),
    ],
  },
};

/** The product a label asks for: exact, else same indicator, else (simple services) the class's single-piece product. */
export function productFor(
  mailClass: string,
  processingCategory: string,
  rateIndicator: string,
  entry: string,
): Product | undefined {
  const products = CLASSES[mailClass]?.products ?? [];
  const category = processingCategory === 'NON_MACHINABLE' ? 'NONSTANDARD' : processingCategory;
  return (
    products.find(
      (x) =>
        x.processingCategory === category &&
        x.rateIndicator === rateIndicator &&
        x.destinationEntryFacilityType === entry,
    ) ??
    products.find((x) => x.rateIndicator === rateIndicator && x.destinationEntryFacilityType === entry) ??
    products.find((x) => x.rateIndicator === rateIndicator)
  );
}
