/**
 * Deterministic postage: a zone × weight table per mail class (src/carriers/carrier_d_reseller/README.md §6, §13 MailClass).
 * Zones come from the distance between the ZIP codes' first three digits (1 … 8, like USPS's zone
 * chart in spirit); flat-rate shapes cost the same everywhere; international classes price by
 * weight and a country group. Fees are flat per extra service (§6c Fees).
 */
import { ElsFailure } from './context.js';

export interface MailClassInfo {
  name: string;
  international: boolean;
  /** Base price at zone 1 for the first pound, then per zone and per further pound. */
  base: number;
  perZone: number;
  perLb: number;
  /** Heaviest piece in ounces (407 above it). */
  maxOz: number;
  transitDays: number;
  /** S10 prefix of international numbers. */
  prefix?: string;
}

export const MAIL_CLASSES: Record<string, MailClassInfo> = {
  First: {
    name: 'First-Class Mail',
    international: false,
    base: 3.5,
    perZone: 0.15,
    perLb: 0,
    maxOz: 13,
    transitDays: 3,
  },
  Priority: {
    name: 'Priority Mail',
    international: false,
    base: 7.9,
    perZone: 0.9,
    perLb: 1.1,
    maxOz: 1120,
    transitDays: 2,
  },
  PriorityExpress: {
    name: 'Priority Mail Express',
    international: false,
    base: 26.35,
    perZone: 2.4,
    perLb: 2.2,
    maxOz: 1120,
    transitDays: 1,
  },
  GroundAdvantage: {
    name: 'USPS Ground Advantage',
    international: false,
    base: 4.75,
    perZone: 0.55,
    perLb: 0.8,
    maxOz: 1120,
    transitDays: 4,
  },
  ParcelSelect: {
    name: 'Parcel Select',
    international: false,
    base: 6.4,
    perZone: 0.5,
    perLb: 0.7,
    maxOz: 1120,
    transitDays: 5,
  },
  MediaMail: {
    name: 'Media Mail',
    international: false,
    base: 3.65,
    perZone: 0,
    perLb: 0.7,
    maxOz: 1120,
    transitDays: 6,
  },
  LibraryMail: {
    name: 'Library Mail',
    international: false,
    base: 3.47,
    perZone: 0,
    perLb: 0.66,
    maxOz: 1120,
    transitDays: 6,
  },
  RetailGround: {
    name: 'USPS Retail Ground',
    international: false,
    base: 8.9,
    perZone: 0.8,
    perLb: 1.0,
    maxOz: 1120,
    transitDays: 5,
  },
  FirstClassMailInternational: {
    name: 'First-Class Mail International',
    international: true,
    base: 1.5,
    perZone: 0,
    perLb: 0,
    maxOz: 3.5,
    transitDays: 10,
    prefix: 'LX',
  },
  FirstClassPackageInternationalService: {
    name: 'First-Class Package International Service',
    international: true,
    base: 14.5,
    perZone: 0,
    perLb: 4.5,
    maxOz: 64,
    transitDays: 10,
    prefix: 'LZ',
  },
  PriorityMailInternational: {
    name: 'Priority Mail International',
    international: true,
    base: 31.35,
    perZone: 0,
    perLb: 3.9,
    maxOz: 1120,
    transitDays: 7,
    prefix: 'CP',
  },
  PriorityMailExpressInternational: {
    name: 'Priority Mail Express International',
    international: true,
    base: 45.95,
    perZone: 0,
    perLb: 4.2,
    maxOz: 1120,
    transitDays: 4,
    prefix: 'EZ',
  },
};

/** Flat-rate shapes: one price whatever the weight and zone (domestic Priority / Express). */
const FLAT_RATES: Record<string, number> = {
  FlatRateEnvelope: 9.85,
  FlatRateLegalEnvelope: 10.15,
  FlatRatePaddedEnvelope: 10.4,
  FlatRateGiftCardEnvelope: 9.85,
  FlatRateWindowEnvelope: 9.85,
  FlatRateCardboardEnvelope: 9.85,
  SmallFlatRateEnvelope: 9.85,
  SmallFlatRateBox: 10.4,
  MediumFlatRateBox: 17.1,
  LargeFlatRateBox: 22.8,
  DVDFlatRateBox: 10.4,
  LargeVideoFlatRateBox: 17.1,
  LargeFlatRateBoardGameBox: 22.8,
  RegionalRateBoxA: 11.5,
  RegionalRateBoxB: 19.25,
};

export const SHAPES = new Set([
  'Card',
  'Letter',
  'Flat',
  'Parcel',
  'LargeParcel',
  'IrregularParcel',
  'Box',
  ...Object.keys(FLAT_RATES),
]);

/** Per-service fees (§6c Fees children), USD. */
export const FEES: Record<string, number> = {
  DeliveryConfirmation: 0,
  SignatureConfirmation: 3.4,
  AdultSignature: 7.65,
  CertifiedMail: 4.4,
  InsuredMail: 2.85,
  RegisteredMail: 15.75,
  ReturnReceipt: 3.55,
  RestrictedDelivery: 6.8,
  HoldForPickup: 0,
  COD: 9.2,
};

/** Zone 1 … 8 from the ZIP codes' first three digits. */
export function zoneOf(fromZip: string, toZip: string): number {
  const a = Number(fromZip.slice(0, 3));
  const b = Number(toZip.slice(0, 3));
  return Math.min(8, 1 + Math.floor(Math.abs(a - b) / 120));
}

export function isZip5(value: string | undefined): value is string {
  return value !== undefined && /^\d{5}$/.test(value);
}

/** Country group multiplier of international postage (Canada and Mexico are cheapest). */
function countryFactor(country: string): number {
  if (country === 'CA' || country === 'MX') return 0.8;
  if (['GB', 'DE', 'FR', 'NL', 'IE', 'IT', 'ES'].includes(country)) return 1;
  return 1.15;
}

export interface Price {
  postage: number;
  zone: number;
}

/** Postage of one piece; the class's limits answered as ELS codes (§14: 407, 412/413, 420). */
export function postageOf(
  mailClass: string,
  shape: string,
  weightOz: number,
  fromZip: string,
  toZip: string,
  country: string,
): Price {
  const info = MAIL_CLASSES[mailClass];
  if (!info) throw new ElsFailure(405, `Invalid mail class ${mailClass}.`);
  if (!SHAPES.has(shape)) throw new ElsFailure(413, `Invalid mailpiece shape ${shape}.`);
  if (!(weightOz > 0)) throw new ElsFailure(406, 'Mailpiece weight must be greater than zero.');
  if (weightOz > info.maxOz)
    throw new ElsFailure(407, `Mailpiece weight exceeds maximum for ${info.name} (${info.maxOz} oz).`);
  if (info.international) {
    const lbs = Math.max(0, Math.ceil(weightOz / 16) - 1);
    return { postage: round2((info.base + info.perLb * lbs) * countryFactor(country)), zone: 0 };
  }
  const zone = zoneOf(fromZip, toZip);
  const flat = FLAT_RATES[shape];
  if (flat !== undefined && (mailClass === 'Priority' || mailClass === 'PriorityExpress')) {
    return { postage: round2(mailClass === 'PriorityExpress' ? flat * 3 : flat), zone };
  }
  const lbs = Math.max(0, Math.ceil(weightOz / 16) - 1);
  return { postage: round2(info.base + info.perZone * (zone - 1) + info.perLb * lbs), zone };
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
