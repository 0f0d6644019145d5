/**
 * Mappings between the public slugs (catalog.ts) and FedEx REST codes.
 * Every table cites the vendor document it comes from; where the vendor files in
 * carriers/carrier_a/vendor are silent, the FedEx "API Reference Guide" section is named.
 */
import { splitLabelType } from '../../domain/catalog.js';
import type { TrackingStage, Weekday } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import type { CarrierASmartPostIndicia } from './wire.js';
import type { CarrierAImageType, CarrierALabelStockType } from './wire-ship.js';

/**
 * Public service slug → FedEx `serviceType`.
 * Sources: vendor/services.csv (carrier_service_code column), rate-api.json / ship-api.json
 * `serviceType` examples, and the API Reference Guide "Service Types" lists (U.S., EU domestic,
 * "Europe New Domestic Services Portfolio"). FedEx REST renamed INTERNATIONAL_PRIORITY to
 * FEDEX_INTERNATIONAL_PRIORITY (services.csv, recorded ship requests); we send the new code and
 * accept both back. The SmartPost (Ground Economy) slugs all book SMART_POST and differ only in
 * `smartPostInfoDetail.indicia` (SMART_POST_INDICIA below).
 */
export const SERVICE_CODES: Readonly<Record<string, string>> = {
  carrier_a_1_day_freight: 'FEDEX_1_DAY_FREIGHT',
  carrier_a_2_day: 'FEDEX_2_DAY',
  carrier_a_2_day_am: 'FEDEX_2_DAY_AM',
  carrier_a_2_day_freight: 'FEDEX_2_DAY_FREIGHT',
  carrier_a_3_day_freight: 'FEDEX_3_DAY_FREIGHT',
  carrier_a_express_saver: 'FEDEX_EXPRESS_SAVER',
  carrier_a_first_freight: 'FEDEX_FIRST_FREIGHT',
  carrier_a_freight_economy: 'FEDEX_FREIGHT_ECONOMY',
  carrier_a_freight_priority: 'FEDEX_FREIGHT_PRIORITY',
  carrier_a_ground: 'FEDEX_GROUND',
  carrier_a_first_overnight: 'FIRST_OVERNIGHT',
  carrier_a_ground_home_delivery: 'GROUND_HOME_DELIVERY',
  carrier_a_priority_overnight: 'PRIORITY_OVERNIGHT',
  carrier_a_smart_post_media_mail: 'SMART_POST',
  carrier_a_smart_post_parcel_select: 'SMART_POST',
  carrier_a_smart_post_presorted_bound_printed_matter: 'SMART_POST',
  carrier_a_smart_post_presorted_standard: 'SMART_POST',
  carrier_a_smart_post_parcel_return: 'SMART_POST',
  carrier_a_standard_overnight: 'STANDARD_OVERNIGHT',
  carrier_a_europe_first_international_priority: 'EUROPE_FIRST_INTERNATIONAL_PRIORITY',
  carrier_a_international_economy: 'INTERNATIONAL_ECONOMY',
  carrier_a_international_economy_freight: 'INTERNATIONAL_ECONOMY_FREIGHT',
  carrier_a_international_first: 'INTERNATIONAL_FIRST',
  carrier_a_international_priority: 'FEDEX_INTERNATIONAL_PRIORITY',
  carrier_a_international_priority_express: 'FEDEX_INTERNATIONAL_PRIORITY_EXPRESS',
  carrier_a_international_priority_freight: 'INTERNATIONAL_PRIORITY_FREIGHT',
  carrier_a_next_day_early_morning: 'FEDEX_NEXT_DAY_EARLY_MORNING',
  carrier_a_next_day_mid_morning: 'FEDEX_NEXT_DAY_MID_MORNING',
  carrier_a_next_day_afternoon: 'FEDEX_NEXT_DAY_AFTERNOON',
  carrier_a_next_day_end_of_day: 'FEDEX_NEXT_DAY_END_OF_DAY',
  carrier_a_distance_deferred: 'FEDEX_DISTANCE_DEFERRED',
  carrier_a_next_day_freight: 'FEDEX_NEXT_DAY_FREIGHT',
  carrier_a_regional_economy: 'FEDEX_REGIONAL_ECONOMY',
  carrier_a_regional_economy_freight: 'FEDEX_REGIONAL_ECONOMY_FREIGHT',
  carrier_a_international_connect_plus: 'FEDEX_INTERNATIONAL_CONNECT_PLUS',
  carrier_a_first: 'FEDEX_FIRST',
  carrier_a_priority: 'FEDEX_PRIORITY',
  carrier_a_priority_express: 'FEDEX_PRIORITY_EXPRESS',
  carrier_a_transborder_distribution: 'TRANSBORDER_DISTRIBUTION',
  // Unprefixed legacy slugs of the spec's list. "international_express" has no FedEx service of
  // that exact name; International Priority Express is the express international product.
  international_priority: 'FEDEX_INTERNATIONAL_PRIORITY',
  international_express: 'FEDEX_INTERNATIONAL_PRIORITY_EXPRESS',
};

/** SmartPost slug → indicia (rate-api.json / ship-api.json `SmartPostInfoDetail.indicia` enum). */
export const SMART_POST_INDICIA: Readonly<Record<string, CarrierASmartPostIndicia>> = {
  carrier_a_smart_post_media_mail: 'MEDIA_MAIL',
  carrier_a_smart_post_parcel_select: 'PARCEL_SELECT',
  carrier_a_smart_post_presorted_bound_printed_matter: 'PRESORTED_BOUND_PRINTED_MATTER',
  carrier_a_smart_post_presorted_standard: 'PRESORTED_STANDARD',
  carrier_a_smart_post_parcel_return: 'PARCEL_RETURN',
};

/**
 * FedEx serviceType → public slug, so a rate's `service_type` can be booked. Built from
 * SERVICE_CODES (prefixed slugs win over the unprefixed aliases), plus codes FedEx answers
 * with that we never send: the pre-rename INTERNATIONAL_PRIORITY, and SMART_POST, which
 * answers as the PARCEL_SELECT indicia (FedEx's default Ground Economy product).
 */
const REVERSE: Readonly<Record<string, string>> = (() => {
  const out: Record<string, string> = {};
  for (const [slug, code] of Object.entries(SERVICE_CODES)) {
    if (code !== 'SMART_POST' && out[code] === undefined) out[code] = slug;
  }
  out.INTERNATIONAL_PRIORITY = 'carrier_a_international_priority';
  out.SMART_POST = 'carrier_a_smart_post_parcel_select';
  return out;
})();

export function serviceCode(slug: string): string | undefined {
  return SERVICE_CODES[slug];
}

/** Our slug for a FedEx serviceType; an unknown code keeps a stable `carrier_a_<lowercase>` slug. */
export function serviceSlug(wireCode: string): string {
  return REVERSE[wireCode] ?? `carrier_a_${wireCode.toLowerCase()}`;
}

/**
 * FedEx Ground operating company (carrier code FDXG) services; all others are FedEx Express
 * (FDXE). pickup-api.json: `carrierCode` "FDXE - FedEx Express, FDXG - FedEx Ground".
 */
export const GROUND_SERVICE_CODES: ReadonlySet<string> = new Set([
  'FEDEX_GROUND',
  'GROUND_HOME_DELIVERY',
  'SMART_POST',
]);

/**
 * Public packaging slug → FedEx `packagingType` (API Reference Guide "Package Types";
 * YOUR_PACKAGING in every recorded request).
 */
export const PACKAGING_CODES: Readonly<Record<string, string>> = {
  your_packaging: 'YOUR_PACKAGING',
  carrier_a_envelope: 'FEDEX_ENVELOPE',
  carrier_a_pak: 'FEDEX_PAK',
  carrier_a_box: 'FEDEX_BOX',
  carrier_a_tube: 'FEDEX_TUBE',
  carrier_a_10kg_box: 'FEDEX_10KG_BOX',
  carrier_a_25kg_box: 'FEDEX_25KG_BOX',
};

export function packagingCode(slug: string): string | undefined {
  return PACKAGING_CODES[slug];
}

/** Label format → `labelSpecification.imageType` (ship-api.json LabelSpecification.imageType). ZPL is sent as ZPLII. */
const IMAGE_TYPES: Readonly<Record<string, CarrierAImageType>> = {
  PDF: 'PDF',
  PNG: 'PNG',
  ZPLII: 'ZPLII',
  ZPL: 'ZPLII',
  EPL2: 'EPL2',
};

/** ship-api.json LabelSpecification.labelStockType enum: the spec's sizes written without dots. */
// Several names a line (prettier-ignore): a list of 18 names is read at a glance, not down a page.
// prettier-ignore
const STOCK_TYPES: ReadonlySet<string> = new Set([
  'PAPER_4X6', 'STOCK_4X675', 'PAPER_4X675', 'PAPER_4X8', 'PAPER_4X9', 'PAPER_7X475',
  'PAPER_85X11_BOTTOM_HALF_LABEL', 'PAPER_85X11_TOP_HALF_LABEL', 'PAPER_LETTER',
  'STOCK_4X675_LEADING_DOC_TAB', 'STOCK_4X8', 'STOCK_4X9_LEADING_DOC_TAB', 'STOCK_4X6',
  'STOCK_4X675_TRAILING_DOC_TAB', 'STOCK_4X9_TRAILING_DOC_TAB', 'STOCK_4X9',
  'STOCK_4X85_TRAILING_DOC_TAB', 'STOCK_4X105_TRAILING_DOC_TAB',
]);

/**
 * `label_type` (bare or `<format>__<size>`) and `label_size` → FedEx image and stock type.
 * Defaults: PDF; PAPER_4X6 for PDF/PNG, STOCK_4X6 for thermal formats (spec "Label types").
 * Paper sizes only fit PDF/PNG and stock sizes only thermal printers: a mismatch is refused.
 */
export function labelSpecification(
  labelType: string | undefined,
  labelSize: string | undefined,
): { imageType: CarrierAImageType; labelStockType: CarrierALabelStockType } {
  const split = splitLabelType(labelType ?? 'PDF');
  const imageType = IMAGE_TYPES[split.format.toUpperCase()];
  if (!imageType)
    throw new ApiError(
      'schema_validation_error',
      `label_type ${labelType} is not offered by carrier_a`,
      'shipment.label_type',
    );
  const paper = imageType === 'PDF' || imageType === 'PNG';
  const size = labelSize ?? split.size;
  if (size === undefined) return { imageType, labelStockType: paper ? 'PAPER_4X6' : 'STOCK_4X6' };
  const stock = size.toUpperCase().replace(/\./g, '');
  if (!STOCK_TYPES.has(stock) || stock.startsWith('PAPER_') !== paper) {
    throw new ApiError(
      'schema_validation_error',
      `label size ${size} does not fit label format ${split.format} for carrier_a`,
      'shipment.label_size',
    );
  }
  return { imageType, labelStockType: stock };
}

/**
 * Shipment-level special services → FedEx `shipmentSpecialServices.specialServiceTypes`
 * (rate-api.json / ship-api.json ShipmentSpecialServicesRequested; API Reference Guide
 * "Shipment Level Special Service Types"). `list_rates` is not a service: it adds LIST to
 * `rateRequestType` (see rate.ts). `no_freight_rate` and `include_qr` have no FedEx REST
 * equivalent in the vendor files and are accepted without effect.
 */
export const SHIPMENT_SPECIAL_SERVICES: Readonly<Record<string, string>> = {
  saturday_delivery: 'SATURDAY_DELIVERY',
  carrier_a_one_rate: 'FEDEX_ONE_RATE',
  paperless_trade: 'ELECTRONIC_TRADE_DOCUMENTS',
};

/**
 * Package-level special services → `packageSpecialServices.signatureOptionType`
 * (ship-api.json PackageSpecialServicesRequested.signatureOptionType enum).
 */
export const PACKAGE_SIGNATURE_OPTIONS: Readonly<
  Record<string, 'ADULT' | 'DIRECT' | 'INDIRECT' | 'NO_SIGNATURE_REQUIRED'>
> = {
  adult_signature_required: 'ADULT',
  direct_signature_required: 'DIRECT',
  indirect_signature_required: 'INDIRECT',
  no_signature_required: 'NO_SIGNATURE_REQUIRED',
};

/** Reference type → `customerReferenceType` (ship-api.json CustomerReference.customerReferenceType enum). */
export const REFERENCE_TYPES: Readonly<
  Record<string, 'CUSTOMER_REFERENCE' | 'DEPARTMENT_NUMBER' | 'INVOICE_NUMBER' | 'P_O_NUMBER' | 'RMA_ASSOCIATION'>
> = {
  ref: 'CUSTOMER_REFERENCE',
  reference: 'CUSTOMER_REFERENCE',
  customer_reference: 'CUSTOMER_REFERENCE',
  department_number: 'DEPARTMENT_NUMBER',
  invoice_number: 'INVOICE_NUMBER',
  p_o_number: 'P_O_NUMBER',
  rma_number: 'RMA_ASSOCIATION',
};

/**
 * FedEx tracking status / scan event codes → our TrackingStage.
 * Source: vendor/Tracking-Status-Codes.html ("Movement" and "Regulatory" tables; the
 * "Possession" table reuses codes such as CA with another meaning and is not a scan status),
 * plus the derived codes of track.json (`latestStatusDetail.derivedCode`, `scanEvents[].derivedStatusCode`:
 * "IN" initiated / label created). Choices: delays (DD, DY, CD, PD) and return-to-shipper are
 * EXCEPTION because the shipment is off plan; driver-side codes before pickup (EP, DS, AP)
 * are DRIVER_ASSIGNED; expired or cancelled return labels (RD, LP) and CA are SHIPMENT_VOIDED;
 * hold-at-location (HL, HP) stays IN_TRANSIT (not delivered, nothing wrong).
 */
// One stage a line (prettier-ignore): the codes are read by stage, as the comment above groups them.
// prettier-ignore
export const TRACKING_STAGE_BY_CODE: Readonly<Record<string, TrackingStage>> = {
  OC: 'CREATED', IN: 'CREATED', RP: 'CREATED', RG: 'CREATED',
  EP: 'DRIVER_ASSIGNED', DS: 'DRIVER_ASSIGNED', AP: 'DRIVER_ASSIGNED',
  PU: 'PICKED_UP', PX: 'PICKED_UP',
  IT: 'IN_TRANSIT', IX: 'IN_TRANSIT', AR: 'IN_TRANSIT', DP: 'IN_TRANSIT', AF: 'IN_TRANSIT', AA: 'IN_TRANSIT',
  AC: 'IN_TRANSIT', AO: 'IN_TRANSIT', AX: 'IN_TRANSIT', CH: 'IN_TRANSIT', EA: 'IN_TRANSIT', EO: 'IN_TRANSIT',
  FD: 'IN_TRANSIT', LO: 'IN_TRANSIT', OF: 'IN_TRANSIT', OW: 'IN_TRANSIT', OX: 'IN_TRANSIT', PF: 'IN_TRANSIT',
  PL: 'IN_TRANSIT', PM: 'IN_TRANSIT', SF: 'IN_TRANSIT', SP: 'IN_TRANSIT', TR: 'IN_TRANSIT', CC: 'IN_TRANSIT',
  CP: 'IN_TRANSIT', RR: 'IN_TRANSIT', RM: 'IN_TRANSIT', RC: 'IN_TRANSIT', HL: 'IN_TRANSIT', HP: 'IN_TRANSIT',
  OD: 'OUT_FOR_DELIVERY', ED: 'OUT_FOR_DELIVERY', AD: 'OUT_FOR_DELIVERY',
  DL: 'DELIVERED',
  DE: 'EXCEPTION', SE: 'EXCEPTION', DD: 'EXCEPTION', DY: 'EXCEPTION', CD: 'EXCEPTION', PD: 'EXCEPTION',
  RS: 'EXCEPTION', DR: 'EXCEPTION',
  CA: 'SHIPMENT_VOIDED', LP: 'SHIPMENT_VOIDED', RD: 'SHIPMENT_VOIDED',
};

export function trackingStage(code: string | undefined): TrackingStage | undefined {
  return code === undefined ? undefined : TRACKING_STAGE_BY_CODE[code.toUpperCase()];
}

/** rate-api.json CommitDetail.daysInTransit / TransitDays.minimumTransitTime enum words → days. */
// Kept as two lines (prettier-ignore): the words are read as the counting sequence they are.
// prettier-ignore
const NUMBER_WORDS = [
  'ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN', 'ELEVEN',
  'TWELVE', 'THIRTEEN', 'FOURTEEN', 'FIFTEEN', 'SIXTEEN', 'SEVENTEEN', 'EIGHTEEN', 'NINETEEN', 'TWENTY',
];

/** "THREE_DAYS" → 3, "ONE_DAY" → 1 (also the "TW0_DAYS" typo of the vendor example); else undefined. */
export function transitDays(code: string | undefined): number | undefined {
  const m = code === undefined ? null : /^([A-Z0-9]+)_DAYS?$/.exec(code.toUpperCase().replace(/0/g, 'O'));
  if (!m || m[1] === undefined) return undefined;
  const n = NUMBER_WORDS.indexOf(m[1]);
  return n > 0 ? n : undefined;
}

const WEEKDAYS: readonly Weekday[] = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

/** "Thu", "THU", "THURSDAY" → "THU"; else undefined. */
export function weekday(value: string | undefined): Weekday | undefined {
  const head = value?.trim().slice(0, 3).toUpperCase();
  return WEEKDAYS.find((d) => d === head);
}
