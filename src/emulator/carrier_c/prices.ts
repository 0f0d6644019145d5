/**
 * carrier_c products, zones and prices. Product codes and names are DHL's global products as the
 * fixtures and samples show them (P "EXPRESS WORLDWIDE", Y "EXPRESS 12:00", N domestic …).
 *
 * Prices: a weight × zone table per product. The weight bands and their zone-1 prices are
 * vendor/services.csv's (EUR, per kg band up to 70 kg); a zone multiplies them (domestic 1.0,
 * international zones 1–5 by region distance 1.0 … 1.8); above the last band each further kg costs
 * the last step again. Billable weight: the larger of actual and volumetric weight (L×W×H/5000 cm³
 * per kg, DHL Express's divisor). Totals are converted from EUR to the origin's currency at fixed rates.
 */
import { addBusinessDays, isBusinessDay, nextBusinessDay } from '../calendar.js';
import { round2 } from '../json.js';

export interface Product {
  code: string;
  name: string;
  scope: 'domestic' | 'international';
  /** Documents products (not customs declarable). */
  documents: boolean;
  /** services.csv code whose bands price this product, and a factor over them. */
  bands: string;
  factor: number;
  /** Business days in transit by zone 1–5 (domestic: zone 1). */
  transit: readonly number[];
  /** Local delivery time promised. */
  commitTime: string;
}

export const PRODUCTS: readonly Product[] = [
  {
    code: 'N',
    name: 'EXPRESS DOMESTIC',
    scope: 'domestic',
    documents: false,
    bands: 'N',
    factor: 1,
    transit: [1],
    commitTime: '18:00:00',
  },
  {
    code: '1',
    name: 'EXPRESS DOMESTIC 12:00',
    scope: 'domestic',
    documents: false,
    bands: '1',
    factor: 1,
    transit: [1],
    commitTime: '12:00:00',
  },
  {
    code: 'I',
    name: 'EXPRESS DOMESTIC 9:00',
    scope: 'domestic',
    documents: false,
    bands: '1',
    factor: 1.3,
    transit: [1],
    commitTime: '09:00:00',
  },
  {
    code: 'P',
    name: 'EXPRESS WORLDWIDE',
    scope: 'international',
    documents: false,
    bands: 'P',
    factor: 1,
    transit: [1, 2, 2, 3, 4],
    commitTime: '18:00:00',
  },
  {
    code: 'Y',
    name: 'EXPRESS 12:00',
    scope: 'international',
    documents: false,
    bands: 'T',
    factor: 1,
    transit: [1, 2, 2, 3, 4],
    commitTime: '12:00:00',
  },
  {
    code: 'E',
    name: 'EXPRESS 9:00',
    scope: 'international',
    documents: false,
    bands: 'Y',
    factor: 1,
    transit: [1, 2, 2, 3, 4],
    commitTime: '09:00:00',
  },
  {
    code: 'H',
    name: 'ECONOMY SELECT',
    scope: 'international',
    documents: false,
    bands: 'W',
    factor: 1,
    transit: [3, 4, 5, 6, 7],
    commitTime: '18:00:00',
  },
  {
    code: 'D',
    name: 'EXPRESS WORLDWIDE',
    scope: 'international',
    documents: true,
    bands: 'D',
    factor: 1,
    transit: [1, 2, 2, 3, 4],
    commitTime: '18:00:00',
  },
  {
    code: 'T',
    name: 'EXPRESS 12:00',
    scope: 'international',
    documents: true,
    bands: 'D',
    factor: 1.3,
    transit: [1, 2, 2, 3, 4],
    commitTime: '12:00:00',
  },
  {
    code: 'X',
    name: 'EXPRESS ENVELOPE',
    scope: 'international',
    documents: true,
    bands: 'X',
    factor: 1,
    transit: [1, 2, 2, 3, 4],
    commitTime: '18:00:00',
  },
];

/** services.csv: [upper kg limit, EUR] per band, for the codes the products price with. */
// One product's bands a line (prettier-ignore): the rows read as services.csv's price list.
// prettier-ignore
const BANDS: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  P: [[0.5, 29.9], [2, 35.9], [5, 45.9], [10, 62.9], [20, 89.9], [30, 119.9], [70, 159.9]],
  D: [[0.5, 22.9], [1, 27.9], [2, 32.9], [2.5, 35.9]],
  T: [[0.5, 39.9], [2, 45.9], [5, 55.9], [10, 75.9], [20, 109.9], [30, 149.9], [70, 199.9]],
  Y: [[0.5, 49.9], [2, 55.9], [5, 65.9], [10, 89.9], [20, 129.9], [30, 179.9], [70, 239.9]],
  W: [[0.5, 19.9], [2, 24.9], [5, 32.9], [10, 45.9], [20, 65.9], [30, 89.9], [70, 119.9]],
  N: [[0.5, 14.9], [2, 17.9], [5, 22.9], [10, 29.9], [20, 42.9], [30, 55.9], [70, 75.9]],
  1: [[0.5, 19.9], [2, 22.9], [5, 29.9], [10, 39.9], [20, 55.9], [30, 72.9], [70, 95.9]],
  X: [[0.3, 22.9], [0.5, 25.9]],
};

const REGIONS: Readonly<Record<string, number>> = Object.fromEntries(
  [
    ['US,CA,MX', 0],
    ['GB,IE,DE,FR,NL,BE,LU,AT,CH,IT,ES,PT,DK,SE,NO,FI,PL,CZ,SK,HU,SI,HR,RO,BG,GR,EE,LV,LT,IS,MT,CY', 1],
    ['CN,HK,JP,KR,TW,SG,MY,TH,VN,PH,ID,IN', 2],
    ['AU,NZ', 3],
  ].flatMap(([list, region]) =>
    String(list)
      .split(',')
      .map((c) => [c, Number(region)]),
  ),
);

/** Zone 1–5: 1 domestic, 2 inside a region, then by how far apart the two regions are (unknown countries: 5). */
export function zoneOf(origin: string, destination: string): number {
  if (origin === destination) return 1;
  const a = REGIONS[origin];
  const b = REGIONS[destination];
  if (a === undefined || b === undefined) return 5;
  return Math.min(5, 2 + Math.abs(a - b));
}

const ZONE_FACTOR = [1, 1, 1.2, 1.4, 1.6, 1.8];

const CURRENCIES: Readonly<Record<string, [string, number]>> = {
  US: ['USD', 1.08],
  CA: ['CAD', 1.48],
  GB: ['GBP', 0.85],
  CZ: ['CZK', 25.2],
  CH: ['CHF', 0.95],
  JP: ['JPY', 162],
};

export function currencyFor(origin: string): { currency: string; rate: number } {
  const c = CURRENCIES[origin];
  return c ? { currency: c[0], rate: c[1] } : { currency: 'EUR', rate: 1 };
}

export interface PieceInput {
  weight: number;
  dimensions?: { length: number; width: number; height: number };
}

/** Billable kg of one piece: actual or volumetric, in kg, to 0.5 kg up. */
export function billableKg(piece: PieceInput, metric: boolean): { billable: number; volumetric: number } {
  const kg = metric ? piece.weight : piece.weight * 0.45359237;
  const d = piece.dimensions;
  const cm = metric ? 1 : 2.54;
  const volumetric = d ? (d.length * cm * (d.width * cm) * (d.height * cm)) / 5000 : 0;
  return { billable: Math.ceil(Math.max(kg, volumetric) * 2) / 2, volumetric: round2(volumetric) };
}

/** EUR price of one billable weight; undefined when the product does not carry that weight. */
function bandPrice(product: Product, kg: number, zone: number): number | undefined {
  const bands = BANDS[product.bands] ?? [];
  const found = bands.find(([max]) => kg <= max);
  const last = bands[bands.length - 1];
  const before = bands[bands.length - 2];
  let price: number | undefined = found?.[1];
  if (price === undefined && last && product.bands !== 'X' && product.bands !== 'D' && kg <= 300) {
    // Above 70 kg: every further kg costs what the last band adds per kg over the one before.
    const perKg = before ? (last[1] - before[1]) / (last[0] - before[0]) : 2;
    price = last[1] + (kg - last[0]) * perKg;
  }
  return price === undefined ? undefined : price * product.factor * (ZONE_FACTOR[zone] ?? 1.8);
}

export interface Quote {
  product: Product;
  zone: number;
  currency: string;
  base: number;
  fuel: number;
  total: number;
  volumetric: number;
  billable: number;
  transitDays: number;
}

const FUEL_PCT = 0.215;

export function quote(
  product: Product,
  origin: string,
  destination: string,
  pieces: PieceInput[],
  metric: boolean,
): Quote | undefined {
  const zone = product.scope === 'domestic' ? 1 : zoneOf(origin, destination);
  const { currency, rate } = currencyFor(origin);
  let base = 0;
  let volumetric = 0;
  let billable = 0;
  for (const piece of pieces) {
    const w = billableKg(piece, metric);
    const price = bandPrice(product, w.billable, zone);
    if (price === undefined) return undefined;
    base += price;
    volumetric += w.volumetric;
    billable += w.billable;
  }
  const baseLocal = round2(base * rate);
  const fuel = round2(baseLocal * FUEL_PCT);
  return {
    product,
    zone,
    currency,
    base: baseLocal,
    fuel,
    total: round2(baseLocal + fuel),
    volumetric: round2(volumetric),
    billable,
    transitDays: product.transit[Math.min(zone, product.transit.length) - 1] ?? 1,
  };
}

/** Products for a lane: domestic or international, documents or goods. */
export function productsFor(origin: string, destination: string, declarable: boolean): Product[] {
  const scope = origin === destination ? 'domestic' : 'international';
  return PRODUCTS.filter((p) => p.scope === scope && (scope === 'domestic' || p.documents === !declarable));
}

export function productByCode(code: string): Product | undefined {
  return PRODUCTS.find((p) => p.code === code);
}

/** The pickup day for a planned local date and time: the same business day before the 16:00 cut-off, else the next. */
export const CUTOFF = '16:00';

export function pickupDay(date: string, time: string): string {
  if (isBusinessDay(date) && time.slice(0, 5) < CUTOFF) return date;
  return nextBusinessDay(isBusinessDay(date) ? addBusinessDays(date, 1) : date);
}

export function deliveryDay(pickup: string, transitDays: number): string {
  return addBusinessDays(pickup, transitDays);
}
