/**
 * Mappings between the public slugs (catalog.ts) and DHL Express MyDHL API codes. Every
 * table cites the vendor document it comes from (vendor/express-api-3.1.1_swagger.yaml unless
 * another file is named).
 */
import { splitLabelType } from '../../domain/catalog.js';
import { ApiError } from '../../domain/errors.js';
import type { TrackingStage } from '../../domain/types.js';
import type { CarrierCEncodingFormat } from './wire.js';

/**
 * Catalog service slug → DHL global product code (one letter or digit), both ways. The spec's
 * slugs name DHL's global products, the letter ending most of them ("express_worldwide_p" is P).
 * The fixtures agree (rate_RateResponse.json: P "EXPRESS WORLDWIDE", Y "EXPRESS 12:00").
 * vendor/services.csv names some letters differently (Y "Express 9:00", K "Express 10:30",
 * G "GlobalMail"); the spec's catalog is followed, since it is what clients send.
 */
export const PRODUCT_CODES: Readonly<Record<string, string>> = {
  domestic_express_1200: '1',
  b2c2: '2',
  b2c3: '3',
  jetline: '4',
  sprintline: '5',
  express_easy_7: '7',
  express_easy_8: '8',
  europack_9: '9',
  breakbulk_economy: 'A',
  breakbulk_express: 'B',
  medical_express_c: 'C',
  express_worldwide_d: 'D',
  express_900_e: 'E',
  freight_worldwide: 'F',
  domestic_economy_select: 'G',
  economy_select_h: 'H',
  domestic_express_900_i: 'I',
  jumbo_box: 'J',
  express_900: 'K',
  express_1030_l: 'L',
  express_1030_m: 'M',
  domestic_express: 'N',
  domestic_express_1030: 'O',
  express_worldwide_p: 'P',
  medical_express_q: 'Q',
  globalmail_business: 'R',
  same_day: 'S',
  express_1200_t: 'T',
  express_worldwide_u: 'U',
  europack_v: 'V',
  economy_select_w: 'W',
  express_envelope: 'X',
  express_1200_y: 'Y',
};

const PRODUCT_SLUGS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(PRODUCT_CODES).map(([slug, code]) => [code, slug]),
);

export function productCode(slug: string): string | undefined {
  return PRODUCT_CODES[slug];
}

/** Our slug for a DHL product code; an unknown code keeps a stable `carrier_c_<code>` slug. */
export function productSlug(code: string): string {
  return PRODUCT_SLUGS[code.toUpperCase()] ?? `carrier_c_${code.toLowerCase()}`;
}

/** Document products: their content is not customs declarable (products D "documents", X envelope). */
export const DOCUMENT_PRODUCTS: ReadonlySet<string> = new Set(['D', 'X']);

/**
 * Packaging slug → `packages[].typeCode` (enum 1CE … XPD: "Please contact your DHL Express
 * representative if you wish to use a DHL specific package otherwise ignore this element").
 * Customer packaging sends nothing. `document` marks packagings whose content is documents.
 */
export const PACKAGING: Readonly<Record<string, { typeCode?: string; document: boolean }>> = {
  your_packaging: { document: false },
  other_carrier_c_packaging_pa_parcel: { document: false },
  domestic: { document: false },
  carrier_c_flyer: { document: false },
  'customer-provided_dc_document': { document: true },
  express_document: { typeCode: 'XPD', document: true },
  carrier_c_express_envelope_fr_freight: { typeCode: 'XPD', document: true },
  jumbo_document: { typeCode: '8BX', document: true },
  jumbo_box: { typeCode: '8BX', document: false },
  jumbo_parcel: { typeCode: '8BX', document: false },
  jumbo_junior_document: { typeCode: '5BX', document: true },
  junior_jumbo_box: { typeCode: '5BX', document: false },
  jumbo_junior_parcel: { typeCode: '5BX', document: false },
};

/**
 * Shipment special services → `valueAddedServices[].serviceCode`, from the vendor file's list of
 * service names and codes (the /rates example answer: "DUTY TAX PAID" DD, "PAPERLESS TRADE" WY,
 * "DATA STAGING 03" PT …). lithium_ion_pi965_section_ii has no entry there; HB is DHL's code for
 * "Lithium ion PI965 section II" in its reference data. Special services that are not value-added
 * services are handled where they act: hide_account (waybillDoc hideAccountNumber), include_qr
 * (imageOptions qr-code), importer_of_record (customerDetails.importerDetails). cod and breakbulk
 * have no MyDHL value-added service and are refused (see unsupportedSpecialService).
 */
export const VALUE_ADDED_SERVICES: Readonly<Record<string, string>> = {
  duties_and_taxes_paid: 'DD',
  lithium_ion_pi965_section_ii: 'HB',
  lithium_ion_pi967_section_ii: 'HV',
  dry_ice_un1845: 'HC',
  lithium_ion_pi965_966_section_ii: 'HD',
  excepted_quantity: 'HH',
  consumer_commodities: 'HK',
  no_signature_required: 'SX',
  insurance: 'II',
  paperless_trade: 'WY',
  data_staging_03: 'PT',
  data_staging_06: 'PU',
  data_staging_12: 'PV',
  data_staging_24: 'PW',
  neutral_delivery: 'NN',
  saturday_delivery: 'AA',
  broker_notification: 'WG',
  // Package-level: "DANGEROUS GOODS" HE, sent for the shipment (MyDHL has no per-package services).
  dangerous_goods: 'HE',
};

/** Special services the MyDHL API cannot express; asking for them is a clear 400, not a silent drop. */
const UNSUPPORTED_SPECIAL_SERVICES: Readonly<Record<string, string>> = {
  cod: 'the MyDHL API offers no cash on delivery',
  breakbulk: 'breakbulk is a product (breakbulk_express, breakbulk_economy), not a value-added service',
};

export function unsupportedSpecialService(slug: string): ApiError | undefined {
  const why = UNSUPPORTED_SPECIAL_SERVICES[slug];
  return why === undefined
    ? undefined
    : new ApiError(
        'schema_validation_error',
        `special service ${slug} cannot be booked with carrier_c: ${why}`,
        'shipment.special_services',
      );
}

/**
 * Label type → `outputImageProperties.encodingFormat` and the label `templateName` (ShipmentRequest
 * outputImageProperties: encodingFormat enum pdf, zpl, lp2, epl; label templates ECOM26_84_001
 * (default, 8×4), ECOM26_84_A4_001, ECOM_TC_A4, ECOM26_A6_002 (6×4), ECOM26_84CI_001; fitLabelsToA4
 * puts ECOM26_A6_002 on an A4 page). The encodingFormat enum has no image format: a PNG label is
 * asked for as the PDF of the same template and drawn as a PNG by the adapter (`png`).
 */
interface LabelSpec {
  encodingFormat: CarrierCEncodingFormat;
  templateName: string;
  fitLabelsToA4?: boolean;
  /** The label is wanted as a PNG: the PDF answered is rasterised at the printer's resolution. */
  png?: boolean;
}

const LABEL_SPECS: Readonly<Record<string, LabelSpec>> = {
  PDF: { encodingFormat: 'pdf', templateName: 'ECOM26_84_001' },
  PDF__8X4_PDF: { encodingFormat: 'pdf', templateName: 'ECOM26_84_001' },
  PDF__8X4_A4_PDF: { encodingFormat: 'pdf', templateName: 'ECOM26_84_A4_001' },
  PDF__8X4_A4_TC_PDF: { encodingFormat: 'pdf', templateName: 'ECOM_TC_A4' },
  PDF__8X4_CI_PDF: { encodingFormat: 'pdf', templateName: 'ECOM26_84CI_001' },
  PDF__6X4_PDF: { encodingFormat: 'pdf', templateName: 'ECOM26_A6_002' },
  PDF__6X4_A4_PDF: { encodingFormat: 'pdf', templateName: 'ECOM26_A6_002', fitLabelsToA4: true },
  ZPL2: { encodingFormat: 'zpl', templateName: 'ECOM26_84_001' },
  ZPL2__8X4_thermal: { encodingFormat: 'zpl', templateName: 'ECOM26_84_001' },
  ZPL2__6X4_thermal: { encodingFormat: 'zpl', templateName: 'ECOM26_A6_002' },
  EPL2: { encodingFormat: 'epl', templateName: 'ECOM26_84_001' },
  PNG: { encodingFormat: 'pdf', templateName: 'ECOM26_84_001', png: true },
};

/** `label_type` (bare or `<format>__<size>`) and `label_size` → the MyDHL label settings. */
export function labelSpec(labelType: string | undefined, labelSize: string | undefined): LabelSpec {
  const { format, size } = splitLabelType(labelType ?? 'PDF');
  const chosen = labelSize ?? size;
  const key = chosen === undefined ? format : `${format}__${chosen}`;
  const spec =
    LABEL_SPECS[key] ?? Object.entries(LABEL_SPECS).find(([k]) => k.toUpperCase() === key.toUpperCase())?.[1];
  if (!spec)
    throw new ApiError(
      'schema_validation_error',
      `label type ${key} is not offered by carrier_c`,
      chosen === undefined ? 'shipment.label_type' : 'shipment.label_size',
    );
  return spec;
}

/** Reference types of the spec for carrier_c → `customerReferences[].typeCode` (enum: CU customer reference, MAB …). */
export const REFERENCE_TYPES: Readonly<Record<string, string>> = {
  ref: 'CU',
  reference: 'CU',
  // "MAB: Mother Airway Bill" and its piece-level counterpart (customerReferences typeCode enum).
  mother_tracking_number: 'MAB',
  mother_piece_tracking_number: 'MAB',
};

/**
 * Tracking codes → stage. The event codes and shipment-level statuses are the `express` rows of
 * vendor/status.csv (101 delivered, 102 transit, 103 failure, 104 pre-transit; AD … SM). The
 * tracking answer's `status` carries the shipment-level words. Choices: clearance and payment
 * holds, delivery failures, refusals and returns are EXCEPTION (off plan); PD partial delivery is
 * EXCEPTION too, since not every piece arrived; DD "delivered damaged" is still DELIVERED;
 * SA "shipment acceptance" is DHL taking the shipment, so PICKED_UP; WC "with delivering courier"
 * is OUT_FOR_DELIVERY.
 */
export const TRACKING_STAGE_BY_CODE: Readonly<Record<string, TrackingStage>> = {
  'PRE-TRANSIT': 'CREATED',
  '104': 'CREATED',
  TRANSIT: 'IN_TRANSIT',
  '102': 'IN_TRANSIT',
  DELIVERED: 'DELIVERED',
  '101': 'DELIVERED',
  FAILURE: 'EXCEPTION',
  '103': 'EXCEPTION',
  PU: 'PICKED_UP',
  SA: 'PICKED_UP',
  AD: 'IN_TRANSIT',
  AF: 'IN_TRANSIT',
  AR: 'IN_TRANSIT',
  BN: 'IN_TRANSIT',
  BR: 'IN_TRANSIT',
  CC: 'IN_TRANSIT',
  CR: 'IN_TRANSIT',
  DF: 'IN_TRANSIT',
  FD: 'IN_TRANSIT',
  IC: 'IN_TRANSIT',
  PL: 'IN_TRANSIT',
  RR: 'IN_TRANSIT',
  SC: 'IN_TRANSIT',
  TP: 'IN_TRANSIT',
  TR: 'IN_TRANSIT',
  PY: 'IN_TRANSIT',
  SM: 'IN_TRANSIT',
  WC: 'OUT_FOR_DELIVERY',
  OK: 'DELIVERED',
  DD: 'DELIVERED',
  BA: 'EXCEPTION',
  CA: 'EXCEPTION',
  CD: 'EXCEPTION',
  CM: 'EXCEPTION',
  CS: 'EXCEPTION',
  DS: 'EXCEPTION',
  HP: 'EXCEPTION',
  MC: 'EXCEPTION',
  MD: 'EXCEPTION',
  MS: 'EXCEPTION',
  ND: 'EXCEPTION',
  NH: 'EXCEPTION',
  OH: 'EXCEPTION',
  PD: 'EXCEPTION',
  RD: 'EXCEPTION',
  RT: 'EXCEPTION',
  SS: 'EXCEPTION',
  UD: 'EXCEPTION',
};

export function trackingStage(code: string | undefined): TrackingStage | undefined {
  return code === undefined ? undefined : TRACKING_STAGE_BY_CODE[code.trim().toUpperCase()];
}
