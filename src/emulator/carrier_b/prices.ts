/**
 * carrier_b's price list: which services run on a lane (Shipping.yaml Shipment_Service.Code;
 * vendor/services.csv for the domestic and international sets), a zone per lane and a price per
 * service from a zone × weight table. Deterministic, so tests can assert exact amounts:
 *
 *   price = (base + perLb × billable lb) × zone factor, billable lb = max(actual, dims / 139) rounded up
 *   negotiated = price × 0.95 (every account has a 5 % discount)
 *
 * Money in the currency of the origin (USD, CAD, GBP, EUR), converted at fixed rates.
 */
import { addBusinessDays } from '../calendar.js';
import { round2 } from '../json.js';

export interface ServiceDef {
  code: string;
  name: string;
  /** Business days in transit on its lane kind. */
  days: number;
  base: number;
  perLb: number;
}

const US_DOMESTIC: ServiceDef[] = [
  { code: '14', name: 'UPS Next Day Air Early', days: 1, base: 95, perLb: 4.1 },
  { code: '01', name: 'UPS Next Day Air', days: 1, base: 62, perLb: 3.2 },
  { code: '13', name: 'UPS Next Day Air Saver', days: 1, base: 55, perLb: 2.9 },
  { code: '59', name: 'UPS 2nd Day Air A.M.', days: 2, base: 34, perLb: 1.9 },
  { code: '02', name: 'UPS 2nd Day Air', days: 2, base: 29, perLb: 1.6 },
  { code: '12', name: 'UPS 3 Day Select', days: 3, base: 21, perLb: 1.1 },
  { code: '03', name: 'UPS Ground', days: 4, base: 11, perLb: 0.55 },
];
/** Mail Innovations classes rate and book on US domestic lanes when asked by code; Shop leaves them out. */
const MAIL_INNOVATIONS: ServiceDef[] = [
  { code: 'M2', name: 'First Class Mail', days: 4, base: 4.5, perLb: 0.4 },
  { code: 'M3', name: 'Priority Mail', days: 3, base: 7.9, perLb: 0.6 },
  { code: 'M4', name: 'Expedited Mail Innovations', days: 5, base: 5.2, perLb: 0.45 },
  { code: 'M5', name: 'Priority Mail Innovations', days: 8, base: 12, perLb: 1.4 },
  { code: 'M6', name: 'Economy Mail Innovations', days: 10, base: 9, perLb: 1.1 },
];
const OTHER_DOMESTIC: ServiceDef[] = [
  { code: '54', name: 'UPS Express Plus', days: 1, base: 70, perLb: 3.6 },
  { code: '07', name: 'UPS Express', days: 1, base: 52, perLb: 2.8 },
  { code: '65', name: 'UPS Express Saver', days: 1, base: 45, perLb: 2.4 },
  { code: '11', name: 'UPS Standard', days: 2, base: 12, perLb: 0.7 },
];
const INTERNATIONAL: ServiceDef[] = [
  { code: '54', name: 'UPS Worldwide Express Plus', days: 2, base: 120, perLb: 6.2 },
  { code: '07', name: 'UPS Worldwide Express', days: 2, base: 95, perLb: 5.1 },
  { code: '65', name: 'UPS Worldwide Saver', days: 3, base: 85, perLb: 4.6 },
  { code: '08', name: 'UPS Worldwide Expedited', days: 5, base: 60, perLb: 3.1 },
  { code: '11', name: 'UPS Standard', days: 6, base: 30, perLb: 1.4 },
];

const EU = new Set('AT,BE,BG,HR,CY,CZ,DK,EE,FI,FR,DE,GR,HU,IE,IT,LV,LT,LU,MT,NL,PL,PT,RO,SK,SI,ES,SE'.split(','));
const CURRENCIES: Record<string, { currency: string; rate: number }> = {
  US: { currency: 'USD', rate: 1 },
  PR: { currency: 'USD', rate: 1 },
  CA: { currency: 'CAD', rate: 1.36 },
  GB: { currency: 'GBP', rate: 0.79 },
};

export function currencyFor(country: string): { currency: string; rate: number } {
  return CURRENCIES[country] ?? (EU.has(country) ? { currency: 'EUR', rate: 0.92 } : { currency: 'USD', rate: 1 });
}

export interface Lane {
  from: string;
  to: string;
  domestic: boolean;
  /** UPS zone number as rating answers it ("Zone": "708"). */
  zone: number;
}

/** US zones 2–8 by the distance of the ZIP code's first digits; 1xx elsewhere domestic, 7xx international. */
export function laneFor(from: { country: string; postal?: string }, to: { country: string; postal?: string }): Lane {
  const domestic = from.country === to.country;
  if (!domestic)
    return {
      from: from.country,
      to: to.country,
      domestic,
      zone: EU.has(from.country) && EU.has(to.country) ? 704 : 708,
    };
  const a = Number(from.postal?.[0] ?? '0');
  const b = Number(to.postal?.[0] ?? '0');
  const zone =
    from.country === 'US' ? 2 + Math.min(6, Math.abs((Number.isNaN(a) ? 0 : a) - (Number.isNaN(b) ? 0 : b))) : 102;
  return { from: from.country, to: to.country, domestic, zone };
}

/** Services UPS offers on a lane; `all` adds the classes a Shop does not quote (Mail Innovations). */
export function servicesFor(lane: Lane, all = false): ServiceDef[] {
  if (lane.domestic && lane.from === 'US') return all ? [...US_DOMESTIC, ...MAIL_INNOVATIONS] : US_DOMESTIC;
  if (lane.domestic) return OTHER_DOMESTIC;
  return INTERNATIONAL;
}

export function serviceOn(lane: Lane, code: string): ServiceDef | undefined {
  return servicesFor(lane, true).find((s) => s.code === code);
}

const LB_PER_KG = 2.20462;
/** Every account's negotiated discount: 5 %. */
const NEGOTIATED = 0.95;

export interface PackageInput {
  weight: number;
  unit: 'LBS' | 'KGS';
  dims?: { length: number; width: number; height: number; unit: 'IN' | 'CM' };
}

export function billableLb(p: PackageInput): number {
  const actual = p.unit === 'KGS' ? p.weight * LB_PER_KG : p.weight;
  const d = p.dims;
  const dim = d ? (d.length * d.width * d.height) / (d.unit === 'CM' ? 16.387 * 139 : 139) : 0;
  return Math.max(1, Math.ceil(Math.max(actual, dim)));
}

export interface Quote {
  currency: string;
  base: number;
  fuel: number;
  total: number;
  negotiated: number;
  billableLb: number;
  days: number;
  packages: PackageQuote[];
}

/** One package's share of a quote: what RatedPackage itemises. */
export interface PackageQuote {
  weight: number;
  billableLb: number;
  base: number;
  fuel: number;
  total: number;
}

export function quote(service: ServiceDef, lane: Lane, packages: PackageInput[]): Quote {
  const { currency, rate } = currencyFor(lane.from);
  const lb = packages.reduce((s, p) => s + billableLb(p), 0);
  const zoneFactor = lane.domestic ? 1 + (lane.zone % 100) * 0.08 : lane.zone === 704 ? 1.3 : 1.6;
  const base = round2((service.base * packages.length + service.perLb * lb) * zoneFactor * rate);
  const perPackage = packages.map((p): PackageQuote => {
    const pkgBase = round2((service.base + service.perLb * billableLb(p)) * zoneFactor * rate);
    const pkgFuel = round2(pkgBase * 0.12);
    return {
      weight: p.weight,
      billableLb: billableLb(p),
      base: pkgBase,
      fuel: pkgFuel,
      total: round2(pkgBase + pkgFuel),
    };
  });
  // UPS itemises fuel (ItemizedCharges code 375, fixtures/rate_RateResponseJSON.json) at a fixed 12 % here.
  const fuel = round2(base * 0.12);
  const total = round2(base + fuel);
  const days = service.code === '03' && lane.domestic ? Math.max(1, Math.min(5, (lane.zone % 100) - 1)) : service.days;
  return {
    currency,
    base,
    fuel,
    total,
    negotiated: round2(total * NEGOTIATED),
    billableLb: lb,
    days,
    packages: perPackage,
  };
}

export function deliveryDate(shipDate: string, days: number): string {
  return addBusinessDays(shipDate, days);
}

const money = (currency: string, value: number) => ({ CurrencyCode: currency, MonetaryValue: value.toFixed(2) });

/** The charge members of a RatedShipment / ShipmentCharges, strings like UPS sends them. */
export function chargeBlock(q: Quote) {
  return {
    BaseServiceCharge: money(q.currency, q.base),
    TransportationCharges: money(q.currency, q.total),
    ItemizedCharges: [{ Code: '375', CurrencyCode: q.currency, MonetaryValue: q.fuel.toFixed(2) }],
    ServiceOptionsCharges: money(q.currency, 0),
    TotalCharges: money(q.currency, q.total),
  };
}

/** Each package's charges, its weight as sent and its billable pounds (RatedPackage, a list from v2403 on; fixtures/rate_RateResponseJSON.json). */
export function ratedPackages(q: Quote) {
  return q.packages.map((p) => ({
    BaseServiceCharge: money(q.currency, p.base),
    TransportationCharges: money(q.currency, p.total),
    ServiceOptionsCharges: money(q.currency, 0),
    ItemizedCharges: [{ Code: '375', CurrencyCode: q.currency, MonetaryValue: p.fuel.toFixed(2) }],
    TotalCharges: money(q.currency, p.total),
    Weight: String(p.weight),
    BillingWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: p.billableLb.toFixed(1) },
  }));
}

/** Negotiated charges: the base and the total, 5 % off (BaseServiceCharge from subversion 2201 on, Rating.yaml). */
export function negotiatedBlock(q: Quote) {
  return {
    BaseServiceCharge: money(q.currency, round2(q.base * NEGOTIATED)),
    TotalCharge: money(q.currency, q.negotiated),
  };
}
