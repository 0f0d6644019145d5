/**
 * Mappings between Waybill's slugs and Australia Post's codes, both ways: products, packaging
 * types, label layouts, and the tracking words its events and statuses use.
 */
import { splitLabelType } from '../../domain/catalog.js';
import { ApiError } from '../../domain/errors.js';
import type { TrackingStage } from '../../domain/types.js';

/** Catalog service slug → product id of the service list. */
export const PRODUCT_IDS: Readonly<Record<string, string>> = {
  australiapost_parcel_post: 'T28',
  australiapost_express_post: 'E34',
  australiapost_parcel_post_signature: '3D55',
  australiapost_express_post_signature: '3J55',
  australiapost_intl_standard_pack_track: 'PTI8',
  australiapost_intl_standard_signature: 'PTI7',
  australiapost_intl_express_merchandise: 'ECM8',
  australiapost_intl_express_documents: 'ECD8',
  australiapost_parcel_post_returns: 'PR',
  australiapost_express_post_returns: 'XPR',
};

const PRODUCT_SLUGS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(PRODUCT_IDS).map(([slug, id]) => [id, slug]),
);

/** Return products: booked with movement_type RETURN. */
export const RETURN_PRODUCTS: ReadonlySet<string> = new Set(['PR', 'XPR']);

/** The product id of a catalog slug; another carrier's slug is a 400. */
export function productId(slug: string): string {
  const id = PRODUCT_IDS[slug];
  if (!id)
    throw new ApiError(
      'schema_validation_error',
      `service ${slug} is not offered by australiapost`,
      'shipment.service',
    );
  return id;
}

/** Our slug for a product id; a product outside the catalog (a contract's own) keeps `australiapost_<id>`. */
export function productSlug(id: string): string {
  return PRODUCT_SLUGS[id.toUpperCase()] ?? `australiapost_${id.toLowerCase()}`;
}

/** The label group a product prints in (`preferences[].groups[].group`). */
export function labelGroup(id: string): string {
  if (['E34', '3J55', 'XPR'].includes(id) || id.startsWith('E3')) return 'Express Post';
  if (/^(PTI|ECM|ECD|RPI|AIR)/.test(id)) return 'International';
  return 'Parcel Post';
}

/** Packaging slug → `packaging_type`. */
export const PACKAGING: Readonly<Record<string, string>> = {
  your_packaging: 'ITM',
  box: 'BOX',
  carton: 'CTN',
  satchel: 'SAT',
  envelope: 'ENV',
  bag: 'BAG',
};

export function packagingType(slug: string): string {
  const code = PACKAGING[slug];
  if (!code)
    throw new ApiError(
      'schema_validation_error',
      `packaging ${slug} is not offered by australiapost`,
      'shipment.packaging',
    );
  return code;
}

/** `label_type` (bare or `<format>__<size>`) and `label_size` → format and print layout. */
const LAYOUTS: Readonly<Record<string, { format: 'PDF' | 'ZPL'; layout: string }>> = {
  PDF: { format: 'PDF', layout: 'A6-1PP' },
  PDF__A6_1pp: { format: 'PDF', layout: 'A6-1PP' },
  PDF__A4_1pp: { format: 'PDF', layout: 'A4-1pp' },
  PDF__A4_4pp: { format: 'PDF', layout: 'A4-4pp' },
  ZPL: { format: 'ZPL', layout: 'THERMAL-LABEL-A6-1PP' },
  ZPL__A6_1pp: { format: 'ZPL', layout: 'THERMAL-LABEL-A6-1PP' },
};

export function labelLayout(
  labelType: string | undefined,
  labelSize: string | undefined,
): { format: 'PDF' | 'ZPL'; layout: string } {
  const { format, size } = splitLabelType(labelType ?? 'PDF');
  const chosen = labelSize ?? size;
  const key = chosen === undefined ? format : `${format}__${chosen}`;
  const found = LAYOUTS[key] ?? Object.entries(LAYOUTS).find(([k]) => k.toUpperCase() === key.toUpperCase())?.[1];
  if (!found)
    throw new ApiError(
      'schema_validation_error',
      `label type ${key} is not offered by australiapost`,
      chosen === undefined ? 'shipment.label_type' : 'shipment.label_size',
    );
  return found;
}

/**
 * Tracking statuses (of a result and its items) → stage. The Tracking API names statuses in words:
 * Created, Initiated and Sealed are the booking before the parcel is handed over; Awaiting
 * collection is a parcel at a post office for the addressee (still on its way to them); delays,
 * failed deliveries and damage are off plan (EXCEPTION); Cancelled is the shipment deleted.
 */
const STATUS_STAGES: Readonly<Record<string, TrackingStage>> = {
  created: 'CREATED',
  initiated: 'CREATED',
  sealed: 'CREATED',
  'in transit': 'IN_TRANSIT',
  'awaiting collection': 'IN_TRANSIT',
  delivered: 'DELIVERED',
  'possible delay': 'EXCEPTION',
  'unsuccessful pickup': 'EXCEPTION',
  'article damaged': 'EXCEPTION',
  'cannot be delivered': 'EXCEPTION',
  'held by courier': 'EXCEPTION',
  cancelled: 'SHIPMENT_VOIDED',
};

export function statusStage(status: string | undefined): TrackingStage | undefined {
  return status === undefined ? undefined : STATUS_STAGES[status.trim().toLowerCase()];
}

/**
 * Event descriptions → stage, first match wins. Events have no codes, only Australia Post's words
 * (the recorded answers: "Shipping information received by Australia Post", "Received by
 * Australia Post", "Onboard for delivery", "Delivered - Left in a safe place", …); anything else
 * is the parcel on its way.
 */
const EVENT_STAGES: readonly (readonly [RegExp, TrackingStage])[] = [
  [/^delivered\b/i, 'DELIVERED'],
  [/onboard for delivery|with australia post for delivery today|out for delivery/i, 'OUT_FOR_DELIVERY'],
  [/^shipping information (received|approved)/i, 'CREATED'],
  [/^received by australia post|received item from sender|picked up|lodged at/i, 'PICKED_UP'],
  [/cannot be delivered|attempted delivery|unsuccessful|damaged|delay|held\b|returned to sender|refused/i, 'EXCEPTION'],
];

export function eventStage(description: string): TrackingStage {
  return EVENT_STAGES.find(([re]) => re.test(description))?.[1] ?? 'IN_TRANSIT';
}

/** Business days in transit per product: the lower bound of the service list's range (3-5 → 3). */
export const TRANSIT_DAYS: Readonly<Record<string, number>> = {
  T28: 3,
  E34: 1,
  '3D55': 3,
  '3J55': 1,
  PTI8: 6,
  PTI7: 6,
  ECM8: 2,
  ECD8: 2,
  PR: 3,
  XPR: 1,
};
