/**
 * carrier_a pricing: a zone × weight table per service, dimensional weight, surcharges.
 *
 * The table: three base tables (ground, express, international) give, per zone column 0–6, the
 * price of a 1 lb package and the step per further pound up to 150 lb (services.csv's limit); a
 * service scales its table by a factor plus a fixed addition (services.ts). Prices are USD and are
 * converted to the origin country's currency at fixed rates.
 *
 * Billable weight per package: the actual weight or the dimensional weight (L×W×H/139 in→lb, the
 * dimDivisor real replies show; /5000 for cm→kg), whichever is larger, rounded up to a whole pound.
 * Surcharges: ADDITIONAL_HANDLING per package over 50 lb or longer than 48 in; RESIDENTIAL_DELIVERY
 * once per shipment, on the first package ("Shipment level charges have been added to first
 * package", fixtures/rate_RateResponse.json); FUEL as a percentage of freight and surcharges.
 * ACCOUNT rates carry a 10 % volume discount on the base charge; LIST rates none.
 */
import { round2 } from '../json.js';
import type { Lane, PriceTable, ServiceDef } from './services.js';

export const MAX_PACKAGE_LB = 150;
export const DIM_DIVISOR_IN = 139;
export const DIM_DIVISOR_CM = 5000;
export const LB_PER_KG = 2.20462;
const ACCOUNT_DISCOUNT = 0.1;

const TABLES: Record<PriceTable, { base: readonly number[]; step: readonly number[]; fuelPct: number }> = {
  ground: {
    base: [10.2, 10.75, 11.3, 11.9, 12.45, 13.1, 13.6],
    step: [0.55, 0.7, 0.85, 1.05, 1.25, 1.45, 1.65],
    fuelPct: 16.25,
  },
  express: {
    base: [58.9, 65.3, 71.7, 78.1, 84.5, 90.9, 97.3],
    step: [3.8, 4.3, 4.8, 5.3, 5.8, 6.3, 6.8],
    fuelPct: 18.5,
  },
  international: { base: [62, 78, 95, 112, 128, 145, 160], step: [4.1, 5, 5.9, 6.8, 7.7, 8.6, 9.5], fuelPct: 20 },
};

const CURRENCIES: Record<string, { currency: string; rate: number }> = {
  US: { currency: 'USD', rate: 1 },
  CA: { currency: 'CAD', rate: 1.37 },
  GB: { currency: 'GBP', rate: 0.79 },
};
const EURO = { currency: 'EUR', rate: 0.92 };
const EUROZONE = new Set('AT,BE,HR,CY,EE,FI,FR,DE,GR,IE,IT,LV,LT,LU,MT,NL,PT,SK,SI,ES'.split(','));

export function currencyFor(originCountry: string): { currency: string; rate: number } {
  return CURRENCIES[originCountry] ?? (EUROZONE.has(originCountry) ? EURO : { currency: 'USD', rate: 1 });
}

export interface PackageInput {
  weight: { units: 'LB' | 'KG'; value: number };
  dimensions?: { length: number; width: number; height: number; units: 'IN' | 'CM' };
}

export interface Surcharge {
  type: string;
  description: string;
  level: 'PACKAGE' | 'SHIPMENT';
  amount: number;
}

export interface Charges {
  baseCharge: number;
  discount: number;
  netFreight: number;
  surcharges: Surcharge[];
  totalSurcharges: number;
  netCharge: number;
}

export interface PackageQuote {
  billedLb: number;
  dimLb?: number;
  method: 'ACTUAL' | 'DIM';
  list: Charges;
  account: Charges;
}

export interface Quote {
  service: ServiceDef;
  lane: Lane;
  currency: string;
  fuelPct: number;
  /** Units replies report weights in: those of the first package. */
  units: 'LB' | 'KG';
  billedLb: number;
  dimLb?: number;
  method: 'ACTUAL' | 'DIM';
  packages: PackageQuote[];
  list: Charges;
  account: Charges;
}

export function toLb(weight: PackageInput['weight']): number {
  return weight.units === 'KG' ? weight.value * LB_PER_KG : weight.value;
}

export function dimWeightLb(dims: PackageInput['dimensions']): number | undefined {
  if (!dims) return undefined;
  const volume = dims.length * dims.width * dims.height;
  return dims.units === 'CM' ? (volume / DIM_DIVISOR_CM) * LB_PER_KG : volume / DIM_DIVISOR_IN;
}

function longestSideIn(dims: PackageInput['dimensions']): number {
  if (!dims) return 0;
  const longest = Math.max(dims.length, dims.width, dims.height);
  return dims.units === 'CM' ? longest / 2.54 : longest;
}

function charges(base: number, discount: number, surcharges: Surcharge[]): Charges {
  const netFreight = round2(base - discount);
  const totalSurcharges = round2(surcharges.reduce((sum, s) => sum + s.amount, 0));
  return {
    baseCharge: base,
    discount,
    netFreight,
    surcharges,
    totalSurcharges,
    netCharge: round2(netFreight + totalSurcharges),
  };
}

function sumCharges(parts: Charges[]): Charges {
  const byType = new Map<string, Surcharge>();
  for (const part of parts) {
    for (const s of part.surcharges) {
      const seen = byType.get(s.type);
      byType.set(
        s.type,
        seen
          ? { ...seen, amount: round2(seen.amount + s.amount) }
          : { ...s, level: s.type === 'ADDITIONAL_HANDLING' ? 'PACKAGE' : 'SHIPMENT' },
      );
    }
  }
  const base = round2(parts.reduce((sum, p) => sum + p.baseCharge, 0));
  const discount = round2(parts.reduce((sum, p) => sum + p.discount, 0));
  return charges(base, discount, [...byType.values()]);
}

export function quote(
  service: ServiceDef,
  lane: Lane,
  originCountry: string,
  residential: boolean,
  packages: PackageInput[],
): Quote {
  const table = TABLES[service.table];
  const { currency, rate } = currencyFor(originCountry);
  const column = Math.min(lane.zoneIndex, table.base.length - 1);
  const pkgQuotes = packages.map((pkg, index): PackageQuote => {
    const actualLb = toLb(pkg.weight);
    const dimLb = dimWeightLb(pkg.dimensions);
    const billedLb = Math.max(1, Math.ceil(Math.max(actualLb, dimLb ?? 0) - 1e-9));
    const usd = ((table.base[column] ?? 0) + (table.step[column] ?? 0) * (billedLb - 1)) * service.factor + service.add;
    const base = round2(usd * rate);
    const extras: Surcharge[] = [];
    if (actualLb > 50 || longestSideIn(pkg.dimensions) > 48) {
      extras.push({
        type: 'ADDITIONAL_HANDLING',
        description: 'Additional Handling Surcharge',
        level: 'PACKAGE',
        amount: round2(28.5 * rate),
      });
    }
    if (index === 0 && residential) {
      const amount = service.category === 'GROUND' ? 5.95 : 6.15;
      extras.push({
        type: 'RESIDENTIAL_DELIVERY',
        description: 'Residential delivery',
        level: 'SHIPMENT',
        amount: round2(amount * rate),
      });
    }
    const priced = (discount: number): Charges => {
      const subtotal = base - discount + extras.reduce((sum, s) => sum + s.amount, 0);
      const fuel: Surcharge = {
        type: 'FUEL',
        description: 'Fuel Surcharge',
        level: 'SHIPMENT',
        amount: round2((subtotal * table.fuelPct) / 100),
      };
      return charges(base, discount, [...extras, fuel]);
    };
    return {
      billedLb,
      dimLb: dimLb === undefined ? undefined : round2(dimLb),
      method: dimLb !== undefined && dimLb > actualLb ? 'DIM' : 'ACTUAL',
      list: priced(0),
      account: priced(round2(base * ACCOUNT_DISCOUNT)),
    };
  });
  const dims = pkgQuotes.map((p) => p.dimLb).filter((d): d is number => d !== undefined);
  return {
    service,
    lane,
    currency,
    fuelPct: table.fuelPct,
    units: packages[0]?.weight.units ?? 'LB',
    billedLb: pkgQuotes.reduce((sum, p) => sum + p.billedLb, 0),
    dimLb: dims.length ? round2(dims.reduce((a, b) => a + b, 0)) : undefined,
    method: pkgQuotes.some((p) => p.method === 'DIM') ? 'DIM' : 'ACTUAL',
    packages: pkgQuotes,
    list: sumCharges(pkgQuotes.map((p) => p.list)),
    account: sumCharges(pkgQuotes.map((p) => p.account)),
  };
}

/** A weight in the reply's units: whole pounds, or kilograms to one decimal. */
export function weightIn(units: 'LB' | 'KG', lb: number): { units: 'LB' | 'KG'; value: number } {
  return units === 'KG' ? { units, value: Math.round((lb / LB_PER_KG) * 10) / 10 } : { units, value: round2(lb) };
}
