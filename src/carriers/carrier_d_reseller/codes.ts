/**
 * Mappings between the public slugs (catalog.ts) (carrier_d_reseller catalog) and the
 * Endicia Label Server's codes, both ways, one table each. Every value is cited to a section of README.md.
 */
import { splitLabelType } from '../../domain/catalog.js';
import type { TrackingStage } from '../../domain/types.js';

/**
 * Service slug → MailClass (README.md §13 "MailClass"). `carrier_d_return` has no mail class of
 * its own: ELS return labels are ordinary labels addressed back to the merchant, so it books
 * GroundAdvantage, the class the current guide maps parcel returns to (§13, DOC note).
 */
export const SERVICE_CODES: Readonly<Record<string, string>> = {
  first: 'First',
  priority: 'Priority',
  priority_express: 'PriorityExpress',
  library_mail: 'LibraryMail',
  media_mail: 'MediaMail',
  parcel_select: 'ParcelSelect',
  ground_advantage: 'GroundAdvantage',
  retail_ground: 'RetailGround',
  carrier_d_return: 'GroundAdvantage',
  first_class_mail_international: 'FirstClassMailInternational',
  first_class_package_international_service: 'FirstClassPackageInternationalService',
  priority_mail_international: 'PriorityMailInternational',
  priority_mail_express_international: 'PriorityMailExpressInternational',
};

/**
 * MailClass → slug, including the retired and alternative spellings ELS still answers with
 * (§13: Express, ExpressMailInternational, StandardPost, RWC's FirstClassPackageInternational).
 */
const SERVICE_SLUGS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries(SERVICE_CODES)
      .filter(([slug]) => slug !== 'carrier_d_return')
      .map(([slug, code]) => [code.toLowerCase(), slug]),
  ),
  express: 'priority_express',
  expressmailinternational: 'priority_mail_express_international',
  firstclasspackageinternational: 'first_class_package_international_service',
  standardpost: 'retail_ground',
};

/** MailService (the human name of §6c) → slug, for rate answers that omit MailClass (G13 samples). */
const SERVICE_NAMES: Readonly<Record<string, string>> = {
  'first-class mail': 'first',
  'first-class package service': 'first',
  'priority mail': 'priority',
  'priority mail express': 'priority_express',
  'express mail': 'priority_express',
  'library mail': 'library_mail',
  'media mail': 'media_mail',
  'parcel select': 'parcel_select',
  'usps ground advantage': 'ground_advantage',
  'ground advantage': 'ground_advantage',
  'retail ground': 'retail_ground',
  'usps retail ground': 'retail_ground',
  // G13 listing 9-2 names Standard Post (the retired Retail Ground) by its code.
  standardpost: 'retail_ground',
  'standard post': 'retail_ground',
  'first-class mail international': 'first_class_mail_international',
  'first-class package international service': 'first_class_package_international_service',
  'priority mail international': 'priority_mail_international',
  'priority mail express international': 'priority_mail_express_international',
  'express mail international': 'priority_mail_express_international',
};

export const INTERNATIONAL_CLASSES: ReadonlySet<string> = new Set([
  'FirstClassMailInternational',
  'FirstClassPackageInternationalService',
  'PriorityMailInternational',
  'PriorityMailExpressInternational',
]);

export function serviceCode(slug: string): string | undefined {
  return SERVICE_CODES[slug];
}

export function serviceSlug(mailClass: string | undefined, mailService?: string): string | undefined {
  return (
    (mailClass === undefined ? undefined : SERVICE_SLUGS[mailClass.toLowerCase()]) ??
    (mailService === undefined ? undefined : SERVICE_NAMES[mailService.toLowerCase()])
  );
}

/** Packaging slug → MailpieceShape (§13 "MailpieceShape"; the board-game box in G13's spelling). */
export const PACKAGING_CODES: Readonly<Record<string, string>> = {
  your_packaging: 'Parcel',
  card: 'Card',
  letter: 'Letter',
  flat: 'Flat',
  parcel: 'Parcel',
  large_parcel: 'LargeParcel',
  irregular_parcel: 'IrregularParcel',
  flat_rate_envelope: 'FlatRateEnvelope',
  flat_rate_legal_envelope: 'FlatRateLegalEnvelope',
  flat_rate_padded_envelope: 'FlatRatePaddedEnvelope',
  flat_rate_gift_card_envelope: 'FlatRateGiftCardEnvelope',
  flat_rate_window_envelope: 'FlatRateWindowEnvelope',
  flat_rate_cardboard_envelope: 'FlatRateCardboardEnvelope',
  small_flat_rate_envelope: 'SmallFlatRateEnvelope',
  small_flat_rate_box: 'SmallFlatRateBox',
  medium_flat_rate_box: 'MediumFlatRateBox',
  large_flat_rate_box: 'LargeFlatRateBox',
  dvd_flat_rate_box: 'DVDFlatRateBox',
  large_video_flat_rate_box: 'LargeVideoFlatRateBox',
  large_flat_rate_board_game_box: 'LargeFlatRateBoardGameBox',
  regional_rate_box_a: 'RegionalRateBoxA',
  regional_rate_box_b: 'RegionalRateBoxB',
};

export function packagingCode(slug: string): string | undefined {
  return PACKAGING_CODES[slug];
}

/** The label attributes of LabelRequest (§4, §13 "LabelSize", "ImageFormat"). */
export interface LabelAttributes {
  LabelType: 'Default' | 'DestinationConfirm' | 'International';
  LabelSubtype?: 'Integrated';
  LabelSize?: string;
  ImageFormat: string;
  ImageResolution?: '203';
}

/** Sizes §13 lists only for DestinationConfirm labels. */
const DESTINATION_CONFIRM_SIZES: ReadonlySet<string> = new Set(['7x3', 'Mailer7x5', 'EnvelopeSize10']);
const FORMATS: ReadonlySet<string> = new Set(['EPL2', 'ZPLII', 'GIF', 'JPEG', 'PNG', 'PDF']);

/**
 * label_type (+ label_size) → LabelRequest attributes. International labels are integrated customs
 * labels (LabelType International, LabelSubtype Integrated; §4) whose 4×6 size is spelled `4x6c`
 * (§13). EPL2/ZPLII need ImageResolution 203 (§4). Without a label type ELS's own default, PNG, is
 * not used: Waybill's default label is a PDF.
 */
export function labelAttributes(
  labelType: string | undefined,
  labelSize: string | undefined,
  international: boolean,
): LabelAttributes | undefined {
  const split = splitLabelType(labelType ?? 'PDF');
  const format = split.format.toUpperCase();
  if (!FORMATS.has(format)) return undefined;
  const size = labelSize ?? split.size;
  const printer = format === 'EPL2' || format === 'ZPLII';
  if (international) {
    return {
      LabelType: 'International',
      LabelSubtype: 'Integrated',
      ...(size ? { LabelSize: size === '4x6' ? '4x6c' : size } : {}),
      ImageFormat: format,
      ...(printer ? { ImageResolution: '203' } : {}),
    };
  }
  const type = size !== undefined && DESTINATION_CONFIRM_SIZES.has(size) ? 'DestinationConfirm' : 'Default';
  return {
    LabelType: type,
    ...(size ? { LabelSize: size } : {}),
    ImageFormat: format,
    ...(printer ? { ImageResolution: '203' } : {}),
  };
}

/**
 * Special-service slug → the ON/OFF attribute of `Services` (§13 "Services attributes"). Insurance
 * is USPS's own (`InsuredMail="UspsOnline"`) with InsuredValue; COD and registered mail carry the
 * packages' declared value in CODAmount / RegisteredMailValue.
 */
export const SPECIAL_SERVICES: Readonly<Record<string, { attribute: string; value: string }>> = {
  delivery_confirmation: { attribute: 'DeliveryConfirmation', value: 'ON' },
  signature_confirmation: { attribute: 'SignatureConfirmation', value: 'ON' },
  adult_signature_required: { attribute: 'AdultSignature', value: 'ON' },
  certified_mail: { attribute: 'CertifiedMail', value: 'ON' },
  insurance: { attribute: 'InsuredMail', value: 'UspsOnline' },
  registered_mail: { attribute: 'RegisteredMail', value: 'ON' },
  return_receipt: { attribute: 'ReturnReceipt', value: 'ON' },
  restricted_delivery: { attribute: 'RestrictedDelivery', value: 'ON' },
  hold_for_pickup: { attribute: 'HoldForPickup', value: 'ON' },
  cod: { attribute: 'COD', value: 'ON' },
};

/**
 * PackageStatus StatusCode → tracking stage. The EWS meanings are not published (§10, §15); these
 * are the guide's status codes (G13 p.103), which the EWS answer still carries: -1 not found,
 * 0 found without status, N new item, A accepted (logged at USPS), I scanned in route, F forwarded,
 * X other, L notice left, R returned to sender, U undeliverable, D delivered.
 */
export const STATUS_STAGES: Readonly<Record<string, TrackingStage>> = {
  '0': 'CREATED',
  N: 'CREATED',
  A: 'PICKED_UP',
  I: 'IN_TRANSIT',
  F: 'IN_TRANSIT',
  X: 'IN_TRANSIT',
  L: 'EXCEPTION',
  R: 'EXCEPTION',
  U: 'EXCEPTION',
  D: 'DELIVERED',
};

/** `-1`: the number is unknown (G13 p.103). */
export const STATUS_NOT_FOUND = '-1';

export function trackingStage(code: string | undefined): TrackingStage | undefined {
  return code === undefined ? undefined : STATUS_STAGES[code.toUpperCase()];
}

/**
 * The spec's carrier_d_reseller shipment fields → CustomsInfo members (§4 "Customs"): their
 * closed value lists (§13 "Other enumerations") are matched case-insensitively.
 */
export const CONTENTS_TYPES = [
  'Documents',
  'Gift',
  'Merchandise',
  'Other',
  'ReturnedGoods',
  'Sample',
  'HumanitarianDonation',
  'DangerousGoods',
] as const;
export const RESTRICTION_TYPES = ['None', 'Other', 'Quarantine', 'SanitaryPhytosanitaryInspection'] as const;
export const NON_DELIVERY_OPTIONS = ['Abandon', 'Return'] as const;

/** The list's own spelling of a value ("returned_goods", "RETURNEDGOODS" → "ReturnedGoods"). */
export function enumValue(list: readonly string[], value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = value.replace(/[\s_-]/g, '').toLowerCase();
  return list.find((v) => v.toLowerCase() === key);
}

/** references[].type → LabelRequest element (§4 "References": ReferenceID, ReferenceID2..4). */
export const REFERENCE_ELEMENTS: Readonly<Record<string, string>> = {
  reference_1: 'ReferenceID',
  reference_2: 'ReferenceID2',
  reference_3: 'ReferenceID3',
  reference_4: 'ReferenceID4',
};
