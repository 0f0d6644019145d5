/**
 * Mappings between the public slugs (catalog.ts) and UPS codes, one table per kind, both
 * ways. Every table cites the vendor document it comes from.
 */
import { splitLabelType } from '../../domain/catalog.js';
import { ApiError } from '../../domain/errors.js';
import type { TrackingStage } from '../../domain/types.js';

/**
 * Public service slug → UPS `Service.Code` (Shipping.yaml Shipment_Service.Code, Rating.yaml the
 * same list; vendor/services.csv). SurePost is not in the vendor list: 92 (less than 1 lb) and 93
 * (1 lb or greater) are the codes UPS answers SurePost rates with. The unprefixed Mail Innovations
 * classes of the spec are USPS mail classes UPS carries as Expedited (parcel select) or Economy
 * (bound printed matter, media, marketing and standard mail) Mail Innovations.
 */
export const SERVICE_CODES: Readonly<Record<string, string>> = {
  carrier_b_next_day_air: '01',
  carrier_b_second_day_air: '02',
  carrier_b_ground: '03',
  carrier_b_express: '07',
  carrier_b_expedited: '08',
  carrier_b_standard: '11',
  carrier_b_three_day_select: '12',
  carrier_b_next_day_air_saver: '13',
  carrier_b_next_day_air_early: '14',
  carrier_b_worldwide_economy_ddu: '17',
  carrier_b_express_plus: '54',
  carrier_b_second_day_air_am: '59',
  carrier_b_saver: '65',
  carrier_b_access_point_economy: '70',
  carrier_b_worldwide_economy_ddp: '72',
  carrier_b_today_standard: '82',
  carrier_b_today_dedicated_courier: '83',
  carrier_b_today_intercity: '84',
  carrier_b_today_express: '85',
  carrier_b_today_express_saver: '86',
  carrier_b_surepost_lt_1lb: '92',
  carrier_b_surepost: '93',
  carrier_b_worldwide_express_freight: '96',
  carrier_b_first_class_mail: 'M2',
  carrier_b_priority_mail: 'M3',
  carrier_b_expedited_mail_innovations: 'M4',
  carrier_b_priority_mail_innovations: 'M5',
  carrier_b_economy_mail_innovations: 'M6',
  parcel_select: 'M4',
  parcel_select_lightweight_irreg: 'M4',
  standard_flats: 'M6',
  bpm_parcels: 'M6',
  bpm_flats: 'M6',
  media_mail: 'M6',
  marketing_parcels: 'M6',
};

/** UPS code → slug: the prefixed slug wins over the unprefixed mail classes that share its code. */
const SERVICE_SLUGS: Readonly<Record<string, string>> = (() => {
  const out: Record<string, string> = {};
  for (const [slug, code] of Object.entries(SERVICE_CODES)) if (out[code] === undefined) out[code] = slug;
  return out;
})();

export function serviceCode(slug: string): string | undefined {
  return SERVICE_CODES[slug];
}

/** Our slug for a UPS service code; an unknown code keeps a stable `carrier_b_<code>` slug. */
export function serviceSlug(code: string): string {
  return SERVICE_SLUGS[code] ?? `carrier_b_${code.toLowerCase()}`;
}

/** Shipping.yaml Shipment_Service.Code names, for rates whose Service.Description is empty (every fixture). */
// Filled to the width (prettier-ignore): a lookup of 26 names, not read one a line.
// prettier-ignore
const SERVICE_NAMES: Readonly<Record<string, string>> = {
  '01': 'Next Day Air', '02': '2nd Day Air', '03': 'Ground', '07': 'Express', '08': 'Expedited', '11': 'UPS Standard',
  '12': '3 Day Select', '13': 'Next Day Air Saver', '14': 'UPS Next Day Air Early', '17': 'UPS Worldwide Economy DDU',
  '54': 'Express Plus', '59': '2nd Day Air A.M.', '65': 'UPS Saver', '70': 'UPS Access Point Economy',
  '72': 'UPS Worldwide Economy DDP', '82': 'UPS Today Standard', '83': 'UPS Today Dedicated Courier',
  '84': 'UPS Today Intercity', '85': 'UPS Today Express', '86': 'UPS Today Express Saver',
  '92': 'UPS SurePost Less Than 1 lb', '93': 'UPS SurePost', '96': 'UPS Worldwide Express Freight',
  M2: 'First Class Mail', M3: 'Priority Mail', M4: 'Expedited Mail Innovations', M5: 'Priority Mail Innovations',
  M6: 'Economy Mail Innovations',
};

export function serviceName(code: string): string {
  return SERVICE_NAMES[code] ?? code;
}

/** Mail Innovations services need USPSEndorsement and PackageID (Shipping.yaml ShipmentRequest_Shipment). */
export function isMailInnovations(code: string): boolean {
  return /^M\d$/.test(code);
}

/** Public packaging slug → UPS package code (Shipping.yaml Package_Packaging.Code). */
export const PACKAGING_CODES: Readonly<Record<string, string>> = {
  carrier_b_letter: '01',
  your_packaging: '02',
  tube: '03',
  pak: '04',
  carrier_b_express_box: '21',
  carrier_b_25kg_box: '24',
  carrier_b_10kg_box: '25',
  pallet: '30',
  small_express_box: '2a',
  medium_express_box: '2b',
  large_express_box: '2c',
  flats: '56',
  parcels: '57',
  bpm: '58',
  first_class: '59',
  priority: '60',
  machinables: '61',
  irregulars: '62',
  parcel_post: '63',
  bpm_parcel: '64',
  media_mail: '65',
  bpm_flat: '66',
  standard_flat: '67',
};

export function packagingCode(slug: string): string | undefined {
  return PACKAGING_CODES[slug];
}

/** What UPS is asked for (`LabelImageFormat.Code`) and what the user gets back. */
export interface LabelChoice {
  /** Shipping.yaml LabelSpecification_LabelImageFormat.Code: GIF, PNG, ZPL, EPL or SPL. */
  imageFormat: 'GIF' | 'PNG' | 'ZPL' | 'EPL' | 'SPL';
  /** PDF: UPS has no PDF label, so the PNG it returns is placed on a PDF page (ship.ts). */
  deliver: 'GIF' | 'PNG' | 'ZPL' | 'EPL' | 'SPL' | 'PDF';
  /** LabelStockSize (required by Shipping.yaml LabelSpecification): 4×6, or 4×8 for thermal formats. */
  stock: { Height: '6' | '8'; Width: '4' };
}

const THERMAL = new Set(['ZPL', 'EPL', 'SPL']);

/**
 * `label_type` (bare or `<format>__<size>`) and `label_size` → UPS label specification. The default
 * is PDF. GIF, PNG and PDF are 4×6 images; thermal labels are 4×6 unless 4X8 is asked. `qrcode` is refused: the Shipping API returns QR codes only for electronic return
 * labels sent by UPS, not as a label format.
 */
export function labelChoice(labelType: string | undefined, labelSize: string | undefined): LabelChoice {
  const split = splitLabelType(labelType ?? 'PDF');
  const format = split.format.toUpperCase();
  const size = (labelSize ?? split.size)?.toUpperCase().replace(/\./g, '');
  if (format === 'GIF' || format === 'PNG' || format === 'PDF') {
    if (size !== undefined && size !== '4X6') {
      throw new ApiError(
        'schema_validation_error',
        `label size ${size} does not fit label format ${format} for carrier_b`,
        'shipment.label_size',
      );
    }
    return { imageFormat: format === 'GIF' ? 'GIF' : 'PNG', deliver: format, stock: { Height: '6', Width: '4' } };
  }
  if (THERMAL.has(format)) {
    if (size !== undefined && size !== '4X6' && size !== '4X8') {
      throw new ApiError(
        'schema_validation_error',
        `label size ${size} does not fit label format ${format} for carrier_b`,
        'shipment.label_size',
      );
    }
    const f = format as 'ZPL' | 'EPL' | 'SPL';
    return { imageFormat: f, deliver: f, stock: { Height: size === '4X8' ? '8' : '6', Width: '4' } };
  }
  throw new ApiError(
    'schema_validation_error',
    `label_type ${labelType} is not offered by carrier_b`,
    'shipment.label_type',
  );
}

/**
 * Shipment-level special services → ShipmentServiceOptions indicator members (Shipping.yaml
 * ShipmentRequest_Shipment_ShipmentServiceOptions; "empty tag, any value inside is ignored").
 */
export const SHIPMENT_INDICATORS: Readonly<Record<string, string>> = {
  saturday_delivery: 'SaturdayDeliveryIndicator',
  saturday_pickup: 'SaturdayPickupIndicator',
  deliver_to_addressee_only: 'DeliverToAddresseeOnlyIndicator',
  direct_delivery_only: 'DirectDeliveryOnlyIndicator',
  carrier_b_carbon_neutral: 'UPScarbonneutralIndicator',
  hold_for_pickup: 'HoldForPickupIndicator',
  dropoff_at_carrier_b_facility: 'DropoffAtUPSFacilityIndicator',
  commercial_invoice_removal: 'CommercialInvoiceRemovalIndicator',
  import_control: 'ImportControlIndicator',
  return_of_documents: 'ReturnOfDocumentIndicator',
  sdl_shipment: 'SDLShipmentIndicator',
  exchange_forward: 'ExchangeForwardIndicator',
};

/** Special services → ShipmentServiceOptions.RestrictedArticles indicators (Shipping.yaml RestrictedArticles). */
export const RESTRICTED_ARTICLES: Readonly<Record<string, string>> = {
  diagnostic_specimens: 'DiagnosticSpecimensIndicator',
  alcoholic_beverages: 'AlcoholicBeveragesIndicator',
  perishables: 'PerishablesIndicator',
  plants: 'PlantsIndicator',
  seeds: 'SeedsIndicator',
  special_exceptions: 'SpecialExceptionsIndicator',
  tobacco: 'TobaccoIndicator',
};

/** International form types asked by special services (Shipping.yaml InternationalForms.FormType). */
export const FORM_TYPES: Readonly<Record<string, string>> = { cn22_form: '09', premium_care_form: '10' };

/**
 * Accepted without a UPS member of their own: `list_rates` and `no_transit_times` steer rating
 * (rate.ts), `goods_not_in_free_circulation` and `mi_label_cn22` are Shipment members (ship.ts),
 * `additional_document` is an InternationalForms member; `paperless_trade`, `include_qr` and
 * `mi_rate` have no member in the vendor files and change nothing.
 *
 * Services that need a member the public interface does not carry (a COD amount and funds
 * code, an alternate delivery address): refused rather than booked without their effect.
 */
export const UNSUPPORTED_SERVICES: ReadonlySet<string> = new Set([
  'cod',
  'access_point_cod',
  'alternate_delivery_address',
]);

/** Reference types → UPS reference number codes (Shipping.yaml "Reference Number Code table"). */
export const REFERENCE_CODES: Readonly<Record<string, string>> = {
  invoice_number: 'IK',
  p_o_number: 'PO',
  department_number: 'DP',
  rma_number: 'RZ',
};

/**
 * Tracking status codes (`status.statusCode`, zero-padded on the wire) → stage. Source:
 * vendor/Tracking-status-description-codes.html, every code of the table. Choices: delays,
 * failed attempts, returns to sender and holds for instructions are EXCEPTION (the shipment is off
 * plan); "on the way to UPS" and order-processed codes before UPS has the parcel are CREATED;
 * access-point and hold-for-pickup codes stay IN_TRANSIT (the recipient does not have it yet);
 * "scheduled for pickup today" is DRIVER_ASSIGNED; drop-offs by the customer are PICKED_UP.
 */
const STAGE_RANGES: ReadonlyArray<[TrackingStage, number[]]> = [
  ['CREATION_PENDING', [0]],
  ['CREATED', [3, 79, 80, 133, 157, 166]],
  ['DRIVER_ASSIGNED', [77]],
  ['PICKED_UP', [38, 160, 167, 168, 169]],
  ['OUT_FOR_DELIVERY', [6, 21, 37, 72, 78, 89, 91, 146, 162]],
  ['DELIVERED', [11, 26, 143, 144, 155, 156]],
  ['SHIPMENT_VOIDED', [7]],
  [
    'EXCEPTION',
    [
      13, 22, 23, 24, 29, 30, 32, 33, 34, 35, 36, 43, 46, 48, 49, 50, 51, 52, 53, 58, 59, 60, 61, 62, 64, 65, 66, 67,
      68, 69, 76, 81, 83, 85, 86, 90, 93, 118, 119, 124, 125, 127, 128, 129, 130, 131, 132, 135, 139, 140, 141, 142,
      145, 147, 148, 149, 163,
    ],
  ],
];
const STAGE_BY_STATUS: ReadonlyMap<number, TrackingStage> = new Map(
  STAGE_RANGES.flatMap(([stage, codes]) => codes.map((c) => [c, stage] as const)),
);
/** Every other documented code (5, 10, 12, 14, 16–20, 25, 27, 28, …, 165) is movement: IN_TRANSIT. */
const LAST_DOCUMENTED_STATUS = 169;

/**
 * Activity types (vendor/Tracking-package-activity-types.html): D delivered, I in transit or out
 * for delivery, M billing information received, MV billing information voided, X exception, plus
 * P pickup, which UPS answers although the page omits it. DO/DD are container freight stations,
 * W warehousing: movement. NA: nothing known yet.
 */
// Filled to the width (prettier-ignore): eleven short pairs read as one table.
// prettier-ignore
const STAGE_BY_TYPE: Readonly<Record<string, TrackingStage>> = {
  D: 'DELIVERED', I: 'IN_TRANSIT', M: 'CREATED', MV: 'SHIPMENT_VOIDED', X: 'EXCEPTION', P: 'PICKED_UP',
  DO: 'IN_TRANSIT', DD: 'IN_TRANSIT', W: 'IN_TRANSIT', U: 'IN_TRANSIT', NA: 'CREATION_PENDING',
};

/**
 * The stage of one UPS status. The activity type is UPS's own coarse class and decides for
 * delivered, voided and exception; the status code refines the rest (the recorded answers carry
 * codes that contradict the type, e.g. type X with statusCode 003).
 */
export function trackingStage(type: string | undefined, statusCode: string | undefined): TrackingStage | undefined {
  const t = type?.toUpperCase();
  if (t === 'D' || t === 'MV' || t === 'X') return STAGE_BY_TYPE[t];
  const n = statusCode !== undefined && /^\d+$/.test(statusCode) ? Number(statusCode) : undefined;
  if (n !== undefined && n <= LAST_DOCUMENTED_STATUS) return STAGE_BY_STATUS.get(n) ?? 'IN_TRANSIT';
  return t === undefined ? undefined : STAGE_BY_TYPE[t];
}
