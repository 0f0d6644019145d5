/**
 * carrier_d catalog slugs ↔ USPS v3 codes, both ways, in one place: mail classes, the four price
 * inputs behind every composite `service|packaging|machinability|entry_point` value, label image
 * types, extra services, pickup package types; tracking event codes are in codes-track.ts.
 */
import { splitLabelType } from '../../domain/catalog.js';
import { compositeServices, simpleServices } from './catalog.js';

export interface MailClassEntry {
  mailClass: string;
  name: string;
  international: boolean;
}

/**
 * Simple service values → USPS `mailClass` (domestic-prices.yaml MailClass, international-labels.yaml
 * InternationalPackageDescription.mailClass). The composites' `connect_local` part is the same class
 * as `carrier_d_connect_local` (the spec writes it that way).
 */
// One mail class a line (prettier-ignore): the table is read down its rows, as the USPS list is.
// prettier-ignore
export const MAIL_CLASSES: Readonly<Record<string, MailClassEntry>> = {
  parcel_select: { mailClass: 'PARCEL_SELECT', name: 'Parcel Select', international: false },
  carrier_d_ground_advantage: { mailClass: 'USPS_GROUND_ADVANTAGE', name: 'Ground Advantage', international: false },
  parcel_select_lightweight: { mailClass: 'PARCEL_SELECT_LIGHTWEIGHT', name: 'Parcel Select Lightweight', international: false },
  carrier_d_connect_local: { mailClass: 'USPS_CONNECT_LOCAL', name: 'Connect Local', international: false },
  connect_local: { mailClass: 'USPS_CONNECT_LOCAL', name: 'Connect Local', international: false },
  carrier_d_connect_regional: { mailClass: 'USPS_CONNECT_REGIONAL', name: 'Connect Regional', international: false },
  carrier_d_connect_mail: { mailClass: 'USPS_CONNECT_MAIL', name: 'Connect Mail', international: false },
  priority_mail_express: { mailClass: 'PRIORITY_MAIL_EXPRESS', name: 'Priority Mail Express', international: false },
  priority_mail: { mailClass: 'PRIORITY_MAIL', name: 'Priority Mail', international: false },
  first_class_package_service: { mailClass: 'FIRST-CLASS_PACKAGE_SERVICE', name: 'First-Class Package Service', international: false },
  library_mail: { mailClass: 'LIBRARY_MAIL', name: 'Library Mail', international: false },
  media_mail: { mailClass: 'MEDIA_MAIL', name: 'Media Mail', international: false },
  bound_printed_matter: { mailClass: 'BOUND_PRINTED_MATTER', name: 'Bound Printed Matter', international: false },
  first_class_package_international_service:
    { mailClass: 'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE', name: 'First-Class Package International Service', international: true },
  priority_mail_international: { mailClass: 'PRIORITY_MAIL_INTERNATIONAL', name: 'Priority Mail International', international: true },
  priority_mail_express_international: { mailClass: 'PRIORITY_MAIL_EXPRESS_INTERNATIONAL', name: 'Priority Mail Express International', international: true },
};

/** The simple value of a USPS mail class (first entry of MAIL_CLASSES wins). */
export function serviceOfMailClass(mailClass: string | undefined): string | undefined {
  if (!mailClass) return undefined;
  return simpleServices.find((s) => MAIL_CLASSES[s]?.mailClass === mailClass);
}

/** Simple values rated when the request names no service, per destination kind. */
export function simpleServicesFor(international: boolean): string[] {
  return simpleServices.filter((s) => MAIL_CLASSES[s]?.international === international);
}

/**
 * Packaging → USPS `rateIndicator` (domestic-labels.yaml packageDescription.rateIndicator, "Rate
 * indicator list"). The catalog's packaging list is that list in words. Two catalog values have no
 * v3 indicator of their own (5_digit_dimensional_*): they take the dimensional indicators DR/DN.
 */
const RATE_INDICATORS: Readonly<Record<string, string>> = {
  your_packaging: 'SP',
  '3_digit': '3D',
  '3_digit_dimensional_rectangular': '3N',
  '3_digit_dimensional_nonrectangular': '3R',
  '5_digit': '5D',
  '5_digit_dimensional_nonrectangular': 'DN',
  '5_digit_dimensional_rectangular': 'DR',
  basic: 'BA',
  mixed_ndc: 'BB',
  cubic_pricing_tier_1: 'C1',
  cubic_pricing_tier_2: 'C2',
  cubic_pricing_tier_3: 'C3',
  cubic_pricing_tier_4: 'C4',
  cubic_pricing_tier_5: 'C5',
  cubic_parcel: 'CP',
  connect_local_mail: 'CM',
  ndc: 'DC',
  scf: 'DE',
  dimensional_nonrectangular: 'DN',
  dimensional_rectangular: 'DR',
  priority_mail_express_flat_rate_envelope_post_office_to_addressee: 'E4',
  priority_mail_express_legal_flat_rate_envelope: 'E6',
  priority_mail_express_legal_flat_rate_envelope_sunday_holiday: 'E7',
  legal_flat_rate_envelope: 'FA',
  medium_flat_rate_box_or_large_flat_rate_bag: 'FB',
  flat_rate_envelope: 'FE',
  padded_flat_rate_envelope: 'FP',
  small_flat_rate_box: 'FS',
  connect_local_single_piece: 'LC',
  flat_rate_box: 'FB',
  large_flat_rate_bag: 'FB',
  connect_local_oversized: 'LO',
  small_flat_rate_bag: 'LS',
  non_presorted: 'NP',
  oversized: 'OS',
  cubic_soft_pack_tier_1: 'P5',
  cubic_soft_pack_tier_2: 'P6',
  cubic_soft_pack_tier_3: 'P7',
  cubic_soft_pack_tier_4: 'P8',
  cubic_soft_pack_tier_5: 'P9',
  cubic_soft_pack_tier_6: 'Q6',
  cubic_soft_pack_tier_7: 'Q7',
  cubic_soft_pack_tier_8: 'Q8',
  cubic_soft_pack_tier_9: 'Q9',
  cubic_soft_pack_tier_10: 'Q0',
  priority_mail_express_single_piece: 'PA',
  large_flat_rate_box: 'PL',
  large_flat_rate_box_apo_fpo_dpo: 'PM',
  presorted: 'PR',
  scf_dimensional_nonrectangular: 'SN',
  scf_dimensional_rectangular: 'SR',
};

/** USPS Connect Local has its own indicators for the same words ("LC/LF/LL/LS" in the list). */
const CONNECT_LOCAL_INDICATORS: Readonly<Record<string, string>> = {
  your_packaging: 'LC',
  flat_rate_box: 'LF',
  large_flat_rate_bag: 'LL',
  small_flat_rate_bag: 'LS',
};

/** Flat-rate envelopes are priced as FLATS whatever their machinability (rate_RateResponse.json, "FP"). */
const ENVELOPE_INDICATORS = new Set(['E4', 'E6', 'E7', 'FA', 'FE', 'FP']);

/** The composite's machinability word → USPS `processingCategory` (domestic-prices.yaml BaseRatesQuery). */
const PROCESSING_CATEGORIES: Readonly<Record<string, string>> = {
  machinable: 'MACHINABLE',
  irregular: 'IRREGULAR',
  nonmachinable: 'NONSTANDARD',
};

/** The composite's entry point → USPS `destinationEntryFacilityType`. */
const ENTRY_FACILITIES: Readonly<Record<string, string>> = {
  none: 'NONE',
  ddu: 'DESTINATION_DELIVERY_UNIT',
  dndc: 'DESTINATION_NETWORK_DISTRIBUTION_CENTER',
  dscf: 'DESTINATION_SECTIONAL_CENTER_FACILITY',
  dhub: 'DESTINATION_SERVICE_HUB',
};

/** The four USPS price inputs a service value stands for. */
export interface PriceInputs {
  mailClass: string;
  processingCategory: string;
  rateIndicator: string;
  destinationEntryFacilityType: string;
  /** From a composite: the rate must match all four; from a simple value: the mail class only. */
  exact: boolean;
}

function rateIndicatorOf(service: string, packaging: string): string {
  const mailClass = MAIL_CLASSES[service]?.mailClass;
  if (mailClass === 'USPS_CONNECT_LOCAL' && CONNECT_LOCAL_INDICATORS[packaging])
    return CONNECT_LOCAL_INDICATORS[packaging] ?? 'LC';
  return RATE_INDICATORS[packaging] ?? 'SP';
}

function inputsOf(
  service: string,
  packaging: string,
  machinability: string,
  entry: string,
  exact: boolean,
): PriceInputs | undefined {
  const mc = MAIL_CLASSES[service];
  const category = PROCESSING_CATEGORIES[machinability];
  const facility = ENTRY_FACILITIES[entry];
  if (!mc || !category || !facility) return undefined;
  const rateIndicator = rateIndicatorOf(service, packaging);
  return {
    mailClass: mc.mailClass,
    processingCategory: ENVELOPE_INDICATORS.has(rateIndicator) ? 'FLATS' : category,
    rateIndicator,
    destinationEntryFacilityType: facility,
    exact,
  };
}

/**
 * The one table: every service value the catalog accepts (simple and composite) → USPS price inputs.
 * A simple value takes the request's packaging for its rate indicator and is machinable, entered at
 * no destination facility.
 */
export const COMPOSITE_INPUTS: ReadonlyMap<string, PriceInputs> = new Map(
  compositeServices.flatMap((value) => {
    const [service = '', packaging = '', machinability = '', entry = ''] = value.split('|');
    const inputs = inputsOf(service, packaging, machinability, entry, true);
    return inputs ? [[value, inputs] as const] : [];
  }),
);

export function priceInputs(service: string, packaging: string): PriceInputs | undefined {
  if (service.includes('|')) return COMPOSITE_INPUTS.get(service);
  return inputsOf(service, packaging, 'machinable', 'none', false);
}

/**
 * The service value to answer for a USPS rate: the first composite with exactly these inputs (so it
 * books the same price), else the simple value of the mail class.
 */
export function serviceOfRate(r: {
  mailClass?: string;
  processingCategory?: string;
  rateIndicator?: string;
  destinationEntryFacilityType?: string;
}): string | undefined {
  for (const [value, i] of COMPOSITE_INPUTS) {
    if (
      i.mailClass === r.mailClass &&
      i.processingCategory === r.processingCategory &&
      i.rateIndicator === r.rateIndicator &&
      i.destinationEntryFacilityType === (r.destinationEntryFacilityType ?? 'NONE')
    ) {
      return value;
    }
  }
  return serviceOfMailClass(r.mailClass);
}

export function serviceName(service: string): string {
  const [base = service, ...rest] = service.split('|');
  const name = MAIL_CLASSES[base]?.name ?? base;
  return rest.length > 0 ? `${name} (${rest.join(', ').replace(/_/g, ' ')})` : name;
}

/**
 * Label formats of the catalog → ImageInfo.imageType (domestic-labels.yaml ImageInfo). ZPL is asked
 * for at 203 dpi, the resolution of the thermal printers the catalog's stock sizes are made for.
 */
export const IMAGE_TYPES: Readonly<Record<string, { imageType: string; format: string }>> = {
  PDF: { imageType: 'PDF', format: 'PDF' },
  PNG: { imageType: 'PNG', format: 'PNG' },
  ZPL: { imageType: 'ZPL203DPI', format: 'ZPL' },
};

/** The catalog's label sizes are USPS `labelType` values as they are; 4X6LABEL when none is asked. */
export function labelSpec(
  labelType: string | undefined,
  labelSize: string | undefined,
): { imageType: string; labelType: string; format: string } {
  const { format, size } = splitLabelType(labelType ?? 'PDF');
  const entry = IMAGE_TYPES[format.toUpperCase()] ?? { imageType: 'PDF', format: 'PDF' };
  return { imageType: entry.imageType, format: entry.format, labelType: labelSize ?? size ?? '4X6LABEL' };
}

/**
 * Special services → USPS extra service codes (domestic-labels.yaml packageOptions / extraServices;
 * the catalog comment in catalog.ts). Insurance depends on the declared value (930 up to $500,
 * 931 above); restricted delivery combines with the signature services.
 */
export const EXTRA_SERVICES: Readonly<Record<string, number>> = {
  delivery_confirmation: 920,
  signature_confirmation: 921,
  adult_signature_required: 922,
  certified_mail: 910,
  return_receipt: 955,
  sunday_delivery: 991,
};

export function extraServiceCodes(services: readonly string[], value: number | undefined): number[] {
  const codes: number[] = [];
  const restricted = services.includes('restricted_delivery');
  for (const s of services) {
    if (s === 'insurance') codes.push((value ?? 0) > 500 ? 931 : 930);
    else if (s === 'signature_confirmation' && restricted) codes.push(924);
    else if (s === 'adult_signature_required' && restricted) codes.push(923);
    else if (s === 'certified_mail' && restricted) codes.push(911);
    else if (EXTRA_SERVICES[s] !== undefined) codes.push(EXTRA_SERVICES[s] ?? 920);
  }
  if (
    restricted &&
    !services.some((s) => ['signature_confirmation', 'adult_signature_required', 'certified_mail'].includes(s))
  )
    codes.push(934);
  return [...new Set(codes)];
}

/** carrier-pickup.yaml packages[].packageType for each mail class. */
export function pickupPackageType(service: string | undefined): string {
  const mailClass = service ? MAIL_CLASSES[service.split('|')[0] ?? '']?.mailClass : undefined;
  switch (mailClass) {
    case 'PRIORITY_MAIL_EXPRESS':
      return 'PRIORITY_MAIL_EXPRESS';
    case 'PRIORITY_MAIL':
      return 'PRIORITY_MAIL';
    case 'USPS_GROUND_ADVANTAGE':
      return 'GROUND_ADVANTAGE';
    case 'FIRST-CLASS_PACKAGE_SERVICE':
      return 'FIRST-CLASS_PACKAGE_SERVICE';
    case 'PRIORITY_MAIL_INTERNATIONAL':
    case 'PRIORITY_MAIL_EXPRESS_INTERNATIONAL':
    case 'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE':
      return 'INTERNATIONAL';
    default:
      return 'OTHER';
  }
}
