/**
 * carrier_a services and lanes. Service types, names and the domestic/international split follow
 * vendor/services.csv and the service names real rate replies carry (samples/rating_responses.json,
 * fixtures/rate_RateResponse.json); service codes are the ones those replies show in
 * serviceDescription.code. Transit days and commit times are the emulator's deterministic choice.
 *
 * A lane classifies origin → destination: US domestic, domestic elsewhere, intra-EU or
 * international, plus a zone: US zones 2–8 from the distance between 3-digit ZIP prefixes (ZIP
 * prefixes run roughly east → west), domestic zones 1–5 elsewhere, international zones A–G from
 * the regions of the two countries.
 */
import { addBusinessDays, nextBusinessDay } from '../calendar.js';

export type Scope = 'US_DOMESTIC' | 'DOMESTIC' | 'INTRA_EU' | 'INTERNATIONAL';
export type PriceTable = 'ground' | 'express' | 'international';

export interface ServiceDef {
  type: string;
  name: string;
  code?: string;
  carrierCode: 'FDXE' | 'FDXG';
  category: 'EXPRESS' | 'GROUND';
  scopes: readonly Scope[];
  /** Residential-only (Home Delivery) or business-only (Ground) in the US. */
  residential?: boolean;
  table: PriceTable;
  /** Multiplier and fixed addition over the price table (USD). */
  factor: number;
  add: number;
  /** Business days in transit by zone index 0–6. */
  transit: readonly number[];
  /** Local commit time on the delivery day. */
  commitTime: string;
}

const US = ['US_DOMESTIC'] as const;
const ANY_DOMESTIC = ['US_DOMESTIC', 'DOMESTIC'] as const;
const INTL = ['INTERNATIONAL', 'INTRA_EU'] as const;
const EU = ['INTRA_EU'] as const;
const GROUND_DAYS = [1, 2, 3, 3, 4, 5, 5] as const;

/** A row of the table below, in ServiceDef's order. */
type Row = readonly [
  type: string,
  name: string,
  code: string | undefined,
  carrierCode: ServiceDef['carrierCode'],
  category: ServiceDef['category'],
  scopes: readonly Scope[],
  table: PriceTable,
  factor: number,
  add: number,
  transit: readonly number[],
  commitTime: string,
  residential?: boolean,
];

/**
 * One service a row (prettier-ignore): fourteen services are compared down their columns, which one
 * field a line would spread over 180 lines.
 */
// prettier-ignore
const ROWS: readonly Row[] = [
  ['FIRST_OVERNIGHT', 'FedEx First Overnight®', '06', 'FDXE', 'EXPRESS', US, 'express', 1.12, 35, [1, 1, 1, 1, 1, 1, 1], '08:00:00'],
  ['PRIORITY_OVERNIGHT', 'FedEx Priority Overnight®', '01', 'FDXE', 'EXPRESS', ANY_DOMESTIC, 'express', 1.12, 0, [1, 1, 1, 1, 1, 1, 1], '10:30:00'],
  ['STANDARD_OVERNIGHT', 'FedEx Standard Overnight®', '05', 'FDXE', 'EXPRESS', ANY_DOMESTIC, 'express', 1, 0, [1, 1, 1, 1, 1, 1, 1], '16:30:00'],
  ['FEDEX_2_DAY_AM', 'FedEx 2Day® AM', '49', 'FDXE', 'EXPRESS', US, 'express', 0.58, 0, [2, 2, 2, 2, 2, 2, 2], '10:30:00'],
  ['FEDEX_2_DAY', 'FedEx 2Day®', '03', 'FDXE', 'EXPRESS', US, 'express', 0.52, 0, [2, 2, 2, 2, 2, 2, 2], '16:30:00'],
  ['FEDEX_EXPRESS_SAVER', 'FedEx Express Saver®', '20', 'FDXE', 'EXPRESS', ANY_DOMESTIC, 'express', 0.45, 0, [3, 3, 3, 3, 3, 3, 3], '16:30:00'],
  ['FEDEX_GROUND', 'FedEx Ground®', '92', 'FDXG', 'GROUND', ANY_DOMESTIC, 'ground', 1, 0, GROUND_DAYS, '23:59:00', false],
  ['GROUND_HOME_DELIVERY', 'FedEx Home Delivery®', '90', 'FDXG', 'GROUND', US, 'ground', 1.04, 0, GROUND_DAYS, '20:00:00', true],
  ['INTERNATIONAL_FIRST', 'FedEx International First®', '06', 'FDXE', 'EXPRESS', INTL, 'international', 1.32, 95, [1, 1, 1, 2, 2, 2, 2], '08:00:00'],
  ['FEDEX_INTERNATIONAL_PRIORITY_EXPRESS', 'FedEx International Priority® Express', '2A', 'FDXE', 'EXPRESS', INTL, 'international', 1.32, 0, [1, 1, 2, 2, 2, 3, 3], '10:30:00'],
  ['FEDEX_INTERNATIONAL_PRIORITY', 'FedEx International Priority®', '2P', 'FDXE', 'EXPRESS', INTL, 'international', 1.18, 0, [2, 2, 3, 3, 3, 4, 4], '12:00:00'],
  ['INTERNATIONAL_ECONOMY', 'FedEx International Economy®', '03', 'FDXE', 'EXPRESS', INTL, 'international', 1, 0, [3, 4, 4, 5, 5, 6, 6], '23:59:00'],
  ['FEDEX_INTERNATIONAL_CONNECT_PLUS', 'FedEx International Connect Plus', 'EC', 'FDXE', 'EXPRESS', EU, 'international', 0.85, 0, [2, 3, 3, 4, 4, 5, 5], '23:59:00'],
  ['FEDEX_REGIONAL_ECONOMY', 'FedEx Regional Economy', undefined, 'FDXE', 'EXPRESS', EU, 'international', 0.7, 0, [2, 2, 3, 3, 4, 4, 4], '23:59:00'],
];

export const SERVICES: readonly ServiceDef[] = ROWS.map(
  ([type, name, code, carrierCode, category, scopes, table, factor, add, transit, commitTime, residential]) => ({
    type,
    name,
    ...(code === undefined ? {} : { code }),
    carrierCode,
    category,
    scopes,
    ...(residential === undefined ? {} : { residential }),
    table,
    factor,
    add,
    transit,
    commitTime,
  }),
);

export function serviceByType(type: string): ServiceDef | undefined {
  return SERVICES.find((s) => s.type === type);
}

/** The name printed on labels: ASCII, upper case, without the ® marks. */
export function labelServiceName(service: ServiceDef): string {
  return service.name.replace(/®/g, '').toUpperCase();
}

export interface Lane {
  scope: Scope;
  /** 0–6, the column of the price table and of the transit days. */
  zoneIndex: number;
  /** As FedEx prints it in rateZone: "2"–"8", "1"–"5" or "A"–"G". */
  rateZone: string;
}

/** EU members plus the countries vendor/services.csv lists for the intra-Europe services. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT,BE,BG,HR,CY,CZ,DK,EE,FI,FR,DE,GR,HU,IE,IT,LV,LT,LU,MT,NL,PL,PT,RO,SK,SI,ES,SE,GB'.split(','),
);

type Region = 'NA' | 'LATAM' | 'EU' | 'MEA' | 'ASIA' | 'OCEANIA';
const REGION_OF: Record<string, Region> = {
  US: 'NA',
  CA: 'NA',
  MX: 'NA',
  PR: 'NA',
  BR: 'LATAM',
  AR: 'LATAM',
  CL: 'LATAM',
  CO: 'LATAM',
  PE: 'LATAM',
  CH: 'EU',
  NO: 'EU',
  IS: 'EU',
  CN: 'ASIA',
  HK: 'ASIA',
  JP: 'ASIA',
  KR: 'ASIA',
  TW: 'ASIA',
  SG: 'ASIA',
  MY: 'ASIA',
  TH: 'ASIA',
  VN: 'ASIA',
  PH: 'ASIA',
  IN: 'ASIA',
  ID: 'ASIA',
  AU: 'OCEANIA',
  NZ: 'OCEANIA',
};
const REGIONS: readonly Region[] = ['NA', 'LATAM', 'EU', 'MEA', 'ASIA', 'OCEANIA'];
/** Zone index between regions, symmetric; rows and columns in REGIONS order. */
const REGION_ZONES: readonly (readonly number[])[] = [
  [0, 1, 2, 4, 3, 4],
  [1, 0, 4, 5, 5, 5],
  [2, 4, 0, 2, 4, 5],
  [4, 5, 2, 1, 3, 6],
  [3, 5, 4, 3, 0, 2],
  [4, 5, 5, 6, 2, 0],
];

function regionOf(country: string): Region {
  return REGION_OF[country] ?? (EU_COUNTRIES.has(country) ? 'EU' : 'MEA');
}

function zip3(postal: string | undefined): number | undefined {
  const digits = postal?.replace(/\D/g, '') ?? '';
  return digits.length >= 3 ? Number(digits.slice(0, 3)) : undefined;
}

export function laneFor(from: { country: string; postal?: string }, to: { country: string; postal?: string }): Lane {
  if (from.country === to.country) {
    if (from.country === 'US') {
      const a = zip3(from.postal);
      const b = zip3(to.postal);
      const index = a === undefined || b === undefined ? 3 : Math.min(6, Math.floor(Math.abs(a - b) / 130));
      return { scope: 'US_DOMESTIC', zoneIndex: index, rateZone: String(index + 2) };
    }
    const key = (p?: string): number =>
      parseInt(
        (p ?? '')
          .replace(/[^0-9a-z]/gi, '')
          .slice(0, 2)
          .padEnd(2, '0'),
        36,
      ) || 0;
    const index =
      from.postal && to.postal ? Math.min(4, Math.floor(Math.abs(key(from.postal) - key(to.postal)) / 260)) : 2;
    return { scope: 'DOMESTIC', zoneIndex: index, rateZone: String(index + 1) };
  }
  const row = REGIONS.indexOf(regionOf(from.country));
  const col = REGIONS.indexOf(regionOf(to.country));
  const index = REGION_ZONES[row]?.[col] ?? 6;
  const scope: Scope = EU_COUNTRIES.has(from.country) && EU_COUNTRIES.has(to.country) ? 'INTRA_EU' : 'INTERNATIONAL';
  return { scope, zoneIndex: index, rateZone: 'ABCDEFG'[index] ?? 'G' };
}

/** Services offered on a lane, in FedEx's traditional order, honouring the residential split. */
export function servicesFor(lane: Lane, residential: boolean): ServiceDef[] {
  return SERVICES.filter(
    (s) =>
      s.scopes.includes(lane.scope) &&
      (lane.scope !== 'US_DOMESTIC' || s.residential === undefined || s.residential === residential),
  );
}

const DAY_WORDS = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN'];

/** Transit time as FedEx spells it in commit.transitDays and operationalDetail.transitTime: "TWO_DAYS". */
export function transitWord(days: number): string {
  return days === 1 ? 'ONE_DAY' : `${DAY_WORDS[days] ?? 'TEN'}_DAYS`;
}

export function transitDays(service: ServiceDef, lane: Lane): number {
  return service.transit[lane.zoneIndex] ?? service.transit[service.transit.length - 1] ?? 1;
}

/** Estimated delivery: the ship date moved to a business day, plus the transit business days. */
export function deliveryDate(service: ServiceDef, lane: Lane, shipDate: string): string {
  return addBusinessDays(nextBusinessDay(shipDate), transitDays(service, lane));
}

/** A FedEx-style 4-letter station id ("MEMA") derived from a city, for location ids and pickups. */
export function stationId(city: string | undefined, countryCode: string): string {
  const letters = (city ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  return `${(letters + countryCode + 'XXX').slice(0, 3)}A`;
}

/** serviceDescription as replies carry it (fixtures/rate_RateResponse.json, shipment_IntlShipmentResponse.json). */
export function serviceDescription(service: ServiceDef) {
  const ascii = service.name.replace(/®/g, '');
  return {
    serviceType: service.type,
    ...(service.code ? { code: service.code } : {}),
    names: [
      { type: 'long', encoding: 'utf-8', value: service.name },
      { type: 'long', encoding: 'ascii', value: ascii },
    ],
    serviceCategory: 'parcel',
    description: ascii,
    astraDescription: ascii
      .replace(/^FedEx /, '')
      .toUpperCase()
      .slice(0, 12),
  };
}
