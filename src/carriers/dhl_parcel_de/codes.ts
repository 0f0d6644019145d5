/**
 * dhl_parcel_de's code tables, both ways: the catalog's service slugs ↔ DHL product codes, label
 * types ↔ the Shipping API's docFormat and printFormat, tracking event codes → tracking stages, and
 * countries in ISO alpha-2 (Waybill) ↔ alpha-3 (the Shipping and Returns APIs).
 */
import { splitLabelType } from '../../domain/catalog.js';
import { ApiError } from '../../domain/errors.js';
import type { TrackingStage } from '../../domain/types.js';

/** The special service that asks for a return label with the outbound one (the Shipping API's dhlRetoure service). */
export const RETURN_LABEL = 'return_label';

/** Service slug → DHL product code (the Shipping API's `product`, the price list's service_code). */
export const SERVICE_CODES: Readonly<Record<string, string>> = {
  dhl_parcel_de_paket: 'V01PAK',
  dhl_parcel_de_kleinpaket: 'V62KP',
  dhl_parcel_de_europaket: 'V54EPAK',
  dhl_parcel_de_paket_international: 'V53WPAK',
  dhl_parcel_de_warenpost_international: 'V66WPI',
};

const SERVICE_SLUGS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SERVICE_CODES).map(([slug, code]) => [code, slug]),
);

/** The product code of a service slug; an unknown slug is the caller's mistake. */
export function productOf(service: string): string {
  const code = SERVICE_CODES[service];
  if (!code) throw new ApiError('schema_validation_error', `dhl_parcel_de has no service ${service}`, 'service');
  return code;
}

/** The service slug of a product code, else the code itself (a product this catalog does not list). */
export function serviceOf(product: string): string {
  return SERVICE_SLUGS[product] ?? product;
}

/**
 * The print media of the `printFormat` query parameter, by the size part of a label type. The
 * catalog's sizes use `_` where DHL writes `-` (a label type's size is letters, digits, `.` and `_`).
 */
export const PRINT_FORMATS: Readonly<Record<string, string>> = {
  A4: 'A4',
  '910_300_600': '910-300-600',
  '910_300_610': '910-300-610',
  '910_300_700': '910-300-700',
  '910_300_700_OZ': '910-300-700-oz',
  '910_300_710': '910-300-710',
  '910_300_300': '910-300-300',
  '910_300_300_OZ': '910-300-300-oz',
  '910_300_400': '910-300-400',
  '910_300_410': '910-300-410',
  '100X70MM': '100x70mm',
};

/** Label format of the catalog → the Shipping API's docFormat, and the format the bytes are of. */
const DOC_FORMATS: Readonly<Record<string, { docFormat: 'PDF' | 'ZPL2'; labelFormat: string }>> = {
  PDF: { docFormat: 'PDF', labelFormat: 'PDF' },
  ZPLII: { docFormat: 'ZPL2', labelFormat: 'ZPLII' },
};

/** A label type (`PDF`, `ZPLII__910_300_400`) → docFormat and printFormat; no size leaves the account's default medium. */
export function labelFormatOf(
  labelType: string | undefined,
  labelSize?: string,
): { docFormat: 'PDF' | 'ZPL2'; printFormat?: string; labelFormat: string } {
  const { format, size } = splitLabelType(labelType ?? 'PDF');
  const doc = DOC_FORMATS[format.toUpperCase()];
  if (!doc) throw new ApiError('schema_validation_error', `dhl_parcel_de prints no ${format} labels`, 'label_type');
  const medium = size ?? labelSize;
  if (medium === undefined) return doc;
  const printFormat = PRINT_FORMATS[medium.toUpperCase()];
  if (!printFormat)
    throw new ApiError('schema_validation_error', `dhl_parcel_de prints no labels of size ${medium}`, 'label_type');
  return { ...doc, printFormat };
}

/**
 * The tracking API's `standard-event-code` → stage, by the meanings the carrier's event table gives
 * them (ICE event × reason combinations, July 2024): VA electronic pre-advice, DD data service,
 * ES handed over to DHL, AE pickup successful, AN pickup not successful, AA departed from, EE
 * arrived at, NB normal processing, LA in storage, ZO customs clearance, GT money transfer, PO in
 * delivery process, ZF delivery to a postal outlet (waiting to be collected), ZN delivery attempt
 * not successful, BV exception, ZU delivery successful.
 */
const EVENT_STAGES: Readonly<Record<string, TrackingStage>> = {
  VA: 'CREATED',
  DD: 'CREATED',
  ES: 'PICKED_UP',
  AE: 'PICKED_UP',
  AN: 'EXCEPTION',
  AA: 'IN_TRANSIT',
  EE: 'IN_TRANSIT',
  NB: 'IN_TRANSIT',
  LA: 'IN_TRANSIT',
  ZO: 'IN_TRANSIT',
  GT: 'IN_TRANSIT',
  PO: 'OUT_FOR_DELIVERY',
  ZF: 'IN_TRANSIT',
  ZN: 'EXCEPTION',
  BV: 'EXCEPTION',
  ZU: 'DELIVERED',
};

/** ICE event codes that say more than their standard code: the sender cancelled the order. */
const ICE_STAGES: Readonly<Record<string, TrackingStage>> = { CANCL: 'SHIPMENT_VOIDED', DLVRD: 'DELIVERED' };

/** An event's stage: its ICE code where that decides it, else its standard event code; unknown codes are in transit. */
export function stageOf(standardCode: string | undefined, ice: string | undefined): TrackingStage {
  return (ice && ICE_STAGES[ice]) || (standardCode && EVENT_STAGES[standardCode]) || 'IN_TRANSIT';
}

/** ISO 3166-1 alpha-2 → alpha-3 for the countries DHL Parcel Germany ships to most (Europe and the main overseas markets). */
// Filled to the width (prettier-ignore): 85 pairs of codes are looked up, not read one a line.
// prettier-ignore
const ALPHA3: Readonly<Record<string, string>> = {
  AD: 'AND', AE: 'ARE', AL: 'ALB', AR: 'ARG', AT: 'AUT', AU: 'AUS', BA: 'BIH', BE: 'BEL', BG: 'BGR', BR: 'BRA',
  BY: 'BLR', CA: 'CAN', CH: 'CHE', CL: 'CHL', CN: 'CHN', CO: 'COL', CY: 'CYP', CZ: 'CZE', DE: 'DEU', DK: 'DNK',
  EE: 'EST', EG: 'EGY', ES: 'ESP', FI: 'FIN', FO: 'FRO', FR: 'FRA', GB: 'GBR', GI: 'GIB', GL: 'GRL', GR: 'GRC',
  HK: 'HKG', HR: 'HRV', HU: 'HUN', ID: 'IDN', IE: 'IRL', IL: 'ISR', IN: 'IND', IS: 'ISL', IT: 'ITA', JP: 'JPN',
  KR: 'KOR', LI: 'LIE', LT: 'LTU', LU: 'LUX', LV: 'LVA', MA: 'MAR', MC: 'MCO', MD: 'MDA', ME: 'MNE', MK: 'MKD',
  MT: 'MLT', MX: 'MEX', MY: 'MYS', NL: 'NLD', NO: 'NOR', NZ: 'NZL', PH: 'PHL', PL: 'POL', PT: 'PRT', RO: 'ROU',
  RS: 'SRB', SA: 'SAU', SE: 'SWE', SG: 'SGP', SI: 'SVN', SK: 'SVK', SM: 'SMR', TH: 'THA', TR: 'TUR', TW: 'TWN',
  UA: 'UKR', US: 'USA', VA: 'VAT', VN: 'VNM', ZA: 'ZAF',
};

const ALPHA2: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(ALPHA3).map(([a2, a3]) => [a3, a2]));

/** A country in the alpha-3 code the Shipping API asks for; one not in the table is refused before any call. */
export function alpha3(country: string, field: string): string {
  const code = ALPHA3[country.toUpperCase()];
  if (!code)
    throw new ApiError(
      'schema_validation_error',
      `dhl_parcel_de ships to no country ${country} (or Waybill does not know its three-letter code)`,
      field,
    );
  return code;
}

/** An alpha-3 code back to alpha-2, else the value as it is. */
export function alpha2(country: string): string {
  return ALPHA2[country.toUpperCase()] ?? country;
}

/**
 * The tracking API writes an event's country as words in the answer's language ("Germany",
 * "Deutschland"), sometimes as a code ("DE"). The names of the countries of the table above, in
 * English and German where they differ, lower-cased.
 */
// Filled to the width (prettier-ignore): a lookup of names, not read one a line.
// prettier-ignore
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  austria: 'AT', österreich: 'AT', belgium: 'BE', belgien: 'BE', bulgaria: 'BG', bulgarien: 'BG', croatia: 'HR',
  kroatien: 'HR', cyprus: 'CY', zypern: 'CY', 'czech republic': 'CZ', czechia: 'CZ', tschechien: 'CZ', denmark: 'DK',
  dänemark: 'DK', estonia: 'EE', estland: 'EE', finland: 'FI', finnland: 'FI', france: 'FR', frankreich: 'FR',
  germany: 'DE', deutschland: 'DE', greece: 'GR', griechenland: 'GR', hungary: 'HU', ungarn: 'HU', ireland: 'IE',
  irland: 'IE', italy: 'IT', italien: 'IT', latvia: 'LV', lettland: 'LV', lithuania: 'LT', litauen: 'LT',
  luxembourg: 'LU', luxemburg: 'LU', malta: 'MT', netherlands: 'NL', 'the netherlands': 'NL', niederlande: 'NL',
  poland: 'PL', polen: 'PL', portugal: 'PT', romania: 'RO', rumänien: 'RO', slovakia: 'SK', slowakei: 'SK',
  slovenia: 'SI', slowenien: 'SI', spain: 'ES', spanien: 'ES', sweden: 'SE', schweden: 'SE', switzerland: 'CH',
  schweiz: 'CH', norway: 'NO', norwegen: 'NO', 'united kingdom': 'GB', 'great britain': 'GB', großbritannien: 'GB',
  'united states': 'US', 'united states of america': 'US', usa: 'US', china: 'CN', japan: 'JP', canada: 'CA',
  kanada: 'CA', australia: 'AU', australien: 'AU', liechtenstein: 'LI', iceland: 'IS', island: 'IS', turkey: 'TR',
  türkei: 'TR',
};

/** An event's country as ISO alpha-2: a two- or three-letter code, or a name of the table; else undefined. */
export function countryOfEvent(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^[A-Za-z]{2}$/.test(v)) return v.toUpperCase();
  if (/^[A-Za-z]{3}$/.test(v) && ALPHA2[v.toUpperCase()]) return ALPHA2[v.toUpperCase()];
  return COUNTRY_NAMES[v.toLowerCase()];
}
