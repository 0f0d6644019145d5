/**
 * Mappings between Waybill's public slugs and Canada Post's codes, both ways: services, packaging,
 * label formats, delivery options, and tracking events to stages.
 */
import { splitLabelType } from '../../domain/catalog.js';
import { ApiError } from '../../domain/errors.js';
import type { TrackingStage } from '../../domain/types.js';

/** Service slug → Canada Post service code (its service list). */
export const SERVICE_CODES: Readonly<Record<string, string>> = {
  canadapost_regular_parcel: 'DOM.RP',
  canadapost_expedited_parcel: 'DOM.EP',
  canadapost_xpresspost: 'DOM.XP',
  canadapost_priority: 'DOM.PC',
  canadapost_expedited_parcel_usa: 'USA.EP',
  canadapost_xpresspost_usa: 'USA.XP',
  canadapost_tracked_packet_usa: 'USA.TP',
  canadapost_small_packet_usa_air: 'USA.SP.AIR',
  canadapost_xpresspost_international: 'INT.XP',
  canadapost_international_parcel_air: 'INT.IP.AIR',
  canadapost_tracked_packet_international: 'INT.TP',
  canadapost_small_packet_international_air: 'INT.SP.AIR',
};

const SERVICE_SLUGS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SERVICE_CODES).map(([slug, code]) => [code, slug]),
);

export function serviceCode(slug: string, field = 'shipment.service'): string {
  const code = SERVICE_CODES[slug];
  if (!code) throw new ApiError('schema_validation_error', `service ${slug} is not offered by canadapost`, field);
  return code;
}

/** Our slug for a service code; a code the table lacks keeps a stable `canadapost_<code>` slug. */
export function serviceSlug(code: string): string {
  return SERVICE_SLUGS[code] ?? `canadapost_${code.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}

/** Packaging slug → the parcel's flag (`parcel-characteristics`), none for the shipper's own. */
export const PACKAGING_FLAGS: Readonly<Record<string, 'mailing-tube' | 'unpackaged' | undefined>> = {
  your_packaging: undefined,
  canadapost_mailing_tube: 'mailing-tube',
  canadapost_unpackaged: 'unpackaged',
};

/** Special service slug → option code. `insurance` (COV) carries the declared value as its amount. */
export const OPTION_CODES: Readonly<Record<string, string>> = {
  signature: 'SO',
  insurance: 'COV',
  proof_of_age_18: 'PA18',
  proof_of_age_19: 'PA19',
  card_for_pickup: 'HFP',
  do_not_safe_drop: 'DNS',
  leave_at_door: 'LAD',
};

/** 8064: the shipment was transmitted, so it cannot be voided; a refund request cancels it. */
export const TRANSMITTED_CODE = '8064';

/** What Canada Post does with an undeliverable item abroad: returned at the sender's expense. */
export const NON_DELIVERY_OPTION = 'RASE';

export interface LabelSpec {
  encoding: 'PDF' | 'ZPL';
  outputFormat: '4x6' | '8.5x11';
}

/**
 * `label_type` (bare or `<format>__<size>`) and `label_size` → print-preferences. A bare PDF is the
 * 4x6 label (what a label printer and the combined labels expect); ZPL is 4x6 only.
 */
export function labelSpec(labelType: string | undefined, labelSize: string | undefined): LabelSpec {
  const { format, size } = splitLabelType(labelType ?? 'PDF');
  const chosen = (labelSize ?? size ?? '4x6').toLowerCase();
  const encoding = format.toUpperCase();
  if ((encoding === 'PDF' && (chosen === '4x6' || chosen === '8.5x11')) || (encoding === 'ZPL' && chosen === '4x6')) {
    return { encoding, outputFormat: chosen };
  }
  throw new ApiError(
    'schema_validation_error',
    `label type ${format}__${chosen} is not offered by canadapost`,
    labelSize === undefined ? 'shipment.label_type' : 'shipment.label_size',
  );
}

/**
 * Tracking event identifier → stage. The codes are those of Canada Post's tracking answers (its
 * scan event table; the recorded answer holds 20, 0100, 0173, 0174 and 1496). Choices: 3000, the
 * shipper's electronic information, is CREATED; 0173, an addressing error that may delay the
 * item, is EXCEPTION; 20, the signature recorded at delivery, is DELIVERED. An unlisted code is
 * IN_TRANSIT (mapping.ts), the most a scan says of an item moving.
 */
export const TRACKING_STAGE_BY_CODE: Readonly<Record<string, TrackingStage>> = {
  '3000': 'CREATED',
  '0100': 'IN_TRANSIT',
  '0173': 'EXCEPTION',
  '0174': 'OUT_FOR_DELIVERY',
  '1496': 'DELIVERED',
  '20': 'DELIVERED',
};

export function trackingStage(code: string | undefined): TrackingStage {
  return (code === undefined ? undefined : TRACKING_STAGE_BY_CODE[code.trim()]) ?? 'IN_TRANSIT';
}
