/**
 * The emulator's Canada Post price list: each service's weight brackets (kg, upper bound → CAD),
 * size limits (cm) and transit days, as the carrier's service list gives them, times a zone
 * factor. Domestic zones are the distance between the postal regions of origin and destination
 * (the first letter of the postal code, west to east); the U.S. and the world are one zone each.
 * Quotes add the fuel surcharge, a contract's automation discount, and the taxes of the province
 * delivered to (GST, HST, or GST with Quebec's sales tax), as Canada Post's price details list them.
 */
import { round2 } from '../json.js';

export type Destination = 'CA' | 'US' | 'INT';

export interface Service {
  code: string;
  name: string;
  destination: Destination;
  /** [upper weight bound in kg, price in CAD], ascending. */
  brackets: ReadonlyArray<readonly [number, number]>;
  /** Largest length, width and height, cm. */
  maxCm: readonly [number, number, number];
  transitDays: readonly [number, number];
  /** Two letters of its S10 number; parcels carry a 16-digit PIN. */
  s10?: string;
}

const PARCEL = [1, 2, 5, 10, 20, 30] as const;
const PACKET = [0.5, 1, 1.5, 2] as const;
const brackets = (bounds: readonly number[], prices: readonly number[]) =>
  bounds.map((b, i) => [b, prices[i] ?? 0] as const);

export const SERVICES: readonly Service[] = [
  {
    code: 'DOM.RP',
    name: 'Regular Parcel',
    destination: 'CA',
    brackets: brackets(PARCEL, [9.99, 11.99, 12.99, 16.99, 22.99, 29.99]),
    maxCm: [200, 130, 130],
    transitDays: [4, 9],
  },
  {
    code: 'DOM.EP',
    name: 'Expedited Parcel',
    destination: 'CA',
    brackets: brackets(PARCEL, [11.99, 13.99, 14.99, 19.99, 26.99, 34.99]),
    maxCm: [200, 130, 130],
    transitDays: [2, 4],
  },
  {
    code: 'DOM.XP',
    name: 'Xpresspost',
    destination: 'CA',
    brackets: brackets(PARCEL, [14.99, 16.99, 18.99, 25.99, 35.99, 45.99]),
    maxCm: [200, 130, 130],
    transitDays: [1, 2],
  },
  {
    code: 'DOM.PC',
    name: 'Priority',
    destination: 'CA',
    brackets: brackets(PARCEL, [24.99, 27.99, 29.99, 39.99, 54.99, 72.99]),
    maxCm: [200, 130, 130],
    transitDays: [1, 1],
  },
  {
    code: 'USA.EP',
    name: 'Expedited Parcel USA',
    destination: 'US',
    brackets: brackets(PARCEL, [16.99, 19.99, 22.99, 29.99, 42.99, 56.99]),
    maxCm: [150, 100, 100],
    transitDays: [4, 7],
  },
  {
    code: 'USA.XP',
    name: 'Xpresspost USA',
    destination: 'US',
    brackets: brackets(PARCEL, [22.99, 25.99, 28.99, 37.99, 52.99, 69.99]),
    maxCm: [150, 100, 100],
    transitDays: [2, 3],
  },
  {
    code: 'USA.TP',
    name: 'Tracked Packet USA',
    destination: 'US',
    brackets: brackets(PACKET, [9.99, 11.99, 12.99, 14.99]),
    maxCm: [38, 27, 5],
    transitDays: [4, 7],
    s10: 'LM',
  },
  {
    code: 'USA.SP.AIR',
    name: 'Small Packet USA Air',
    destination: 'US',
    brackets: brackets([0.25, 0.5, 0.75, 1], [5.99, 7.49, 8.99, 10.49]),
    maxCm: [38, 27, 5],
    transitDays: [5, 8],
    s10: 'LM',
  },
  {
    code: 'INT.XP',
    name: 'Xpresspost International',
    destination: 'INT',
    brackets: brackets(PARCEL, [35.99, 39.99, 45.99, 59.99, 85.99, 115.99]),
    maxCm: [150, 100, 100],
    transitDays: [4, 7],
  },
  {
    code: 'INT.IP.AIR',
    name: 'International Parcel Air',
    destination: 'INT',
    brackets: brackets(PARCEL, [25.99, 29.99, 35.99, 49.99, 72.99, 99.99]),
    maxCm: [150, 100, 100],
    transitDays: [6, 12],
  },
  {
    code: 'INT.TP',
    name: 'Tracked Packet International',
    destination: 'INT',
    brackets: brackets(PACKET, [13.99, 16.99, 18.99, 21.99]),
    maxCm: [38, 27, 5],
    transitDays: [6, 10],
    s10: 'LM',
  },
  {
    code: 'INT.SP.AIR',
    name: 'Small Packet International Air',
    destination: 'INT',
    brackets: brackets(PACKET, [8.99, 10.99, 12.99, 14.99]),
    maxCm: [38, 27, 5],
    transitDays: [6, 10],
    s10: 'LM',
  },
];

export const serviceByCode = (code: string): Service | undefined => SERVICES.find((s) => s.code === code);

/** Postal regions by the first letter of a postal code, west (Yukon, BC) to east (Newfoundland). */
const REGIONS = 'YXVTSRPNMLKJHGECBA';

/** The zone between two Canadian postal codes, 0 (same region) to 5. */
export function domesticZone(from: string, to: string): number {
  const a = REGIONS.indexOf(from.charAt(0));
  const b = REGIONS.indexOf(to.charAt(0));
  if (a < 0 || b < 0) return 3;
  return Math.min(5, Math.floor(Math.abs(a - b) / 3));
}

export const FUEL_RATE = 0.1;
/** The contract customer's automation discount on the base price. */
export const AUTOMATION_DISCOUNT = 0.03;

/** The taxes of a delivery in a province, by the postal code's first letter. */
export function taxRates(destination: Destination, postalCode: string): { gst: number; pst: number; hst: number } {
  if (destination !== 'CA') return { gst: 0, pst: 0, hst: 0 };
  const letter = postalCode.charAt(0);
  // Ontario (K L M N P): HST 13 %; the Atlantic provinces (A B C E): HST 15 %.
  if ('KLMNP'.includes(letter)) return { gst: 0, pst: 0, hst: 0.13 };
  if ('ABCE'.includes(letter)) return { gst: 0, pst: 0, hst: 0.15 };
  // Quebec (G H J): GST and its own sales tax.
  if ('GHJ'.includes(letter)) return { gst: 0.05, pst: 0.09975, hst: 0 };
  return { gst: 0.05, pst: 0, hst: 0 };
}

export interface Quote {
  service: Service;
  base: number;
  fuel: number;
  discount: number;
  gst: number;
  pst: number;
  hst: number;
  preTax: number;
  due: number;
  transitDays: number;
}

/**
 * The price of one parcel, or undefined when the service does not take it (destination, weight or
 * size). `zone` is 0-5 for Canada; the U.S. and the world price as zone 2.
 */
export function quote(
  service: Service,
  input: { weightKg: number; dimsCm?: readonly number[]; zone: number; postalCode: string; contract: boolean },
): Quote | undefined {
  const bracket = service.brackets.find(([max]) => input.weightKg <= max);
  if (!bracket) return undefined;
  if (input.dimsCm) {
    const sorted = [...input.dimsCm].sort((x, y) => y - x);
    if (sorted.some((d, i) => d > (service.maxCm[i] ?? 0))) return undefined;
  }
  const base = round2(bracket[1] * (1 + 0.08 * input.zone));
  const discount = input.contract ? -round2(base * AUTOMATION_DISCOUNT) : 0;
  const fuel = round2((base + discount) * FUEL_RATE);
  const preTax = round2(base + discount + fuel);
  const rates = taxRates(service.destination, input.postalCode);
  const gst = round2(preTax * rates.gst);
  const pst = round2(preTax * rates.pst);
  const hst = round2(preTax * rates.hst);
  const [min, max] = service.transitDays;
  return {
    service,
    base,
    fuel,
    discount,
    gst,
    pst,
    hst,
    preTax,
    due: round2(preTax + gst + pst + hst),
    transitDays: Math.min(max, min + Math.floor(input.zone / 2)),
  };
}
