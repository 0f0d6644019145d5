/**
 * carrier_a catalog, as the public interface lists it (GET /meta/carriers serves it): § Service types,
 * § Packaging types, § Label types and § Special services. Values are public slugs; the adapter maps
 * them to the carrier's own codes.
 */
import { labelTypes, type CarrierCatalog } from '../../domain/catalog.js';

/**
 * § Service types: "the prefix `carrier_a_` followed by one of" these. regional_economy_freight and
 * transborder_distribution "appear only in some variants of the list"; both are accepted.
 */
const PREFIXED_SERVICES = [
  '1_day_freight',
  '2_day',
  '2_day_am',
  '2_day_freight',
  '3_day_freight',
  'express_saver',
  'first_freight',
  'freight_economy',
  'freight_priority',
  'ground',
  'first_overnight',
  'ground_home_delivery',
  'priority_overnight',
  'smart_post_media_mail',
  'smart_post_parcel_select',
  'smart_post_presorted_bound_printed_matter',
  'smart_post_presorted_standard',
  'smart_post_parcel_return',
  'standard_overnight',
  'europe_first_international_priority',
  'international_economy',
  'international_economy_freight',
  'international_first',
  'international_priority',
  'international_priority_express',
  'international_priority_freight',
  'next_day_early_morning',
  'next_day_mid_morning',
  'next_day_afternoon',
  'next_day_end_of_day',
  'distance_deferred',
  'next_day_freight',
  'regional_economy',
  'regional_economy_freight',
  'international_connect_plus',
  'first',
  'priority',
  'priority_express',
  'transborder_distribution',
] as const;

/** § Service types: "Also unprefixed". */
const UNPREFIXED_SERVICES = ['international_priority', 'international_express'] as const;

/** § Label types. PDF and PNG print on paper sizes, EPL2 / ZPLII / ZPL on thermal stock. */
const PAPER_SIZES = [
  'PAPER_4X6',
  'PAPER_4X8',
  'PAPER_4X9',
  'PAPER_7X4.75',
  'PAPER_8.5X11_BOTTOM_HALF_LABEL',
  'PAPER_8.5X11_TOP_HALF_LABEL',
] as const;
const EPL2_SIZES = [
  'STOCK_4X6',
  'STOCK_4X6.75_TRAILING_DOC_TAB',
  'STOCK_4X8',
  'STOCK_4X9_LEADING_DOC_TAB',
  'STOCK_4X9_TRAILING_DOC_TAB',
] as const;
const ZPL_SIZES = [
  'STOCK_4X6',
  'STOCK_4X6.75_LEADING_DOC_TAB',
  'STOCK_4X6.75_TRAILING_DOC_TAB',
  'STOCK_4X8',
  'STOCK_4X9_LEADING_DOC_TAB',
  'STOCK_4X9_TRAILING_DOC_TAB',
] as const;

export const catalog: CarrierCatalog = {
  services: [...PREFIXED_SERVICES.map((s) => `carrier_a_${s}`), ...UNPREFIXED_SERVICES],
  // § Packaging types.
  packaging: [
    'carrier_a_10kg_box',
    'carrier_a_25kg_box',
    'carrier_a_box',
    'carrier_a_envelope',
    'carrier_a_pak',
    'carrier_a_tube',
    'your_packaging',
  ],
  // The spec does not say whether carrier_a takes a bare format; the interface-wide default label
  // type is the bare `PDF`, so every format is accepted bare too (the adapter picks the first size).
  labelTypes: [
    ...labelTypes('PDF', PAPER_SIZES),
    ...labelTypes('PNG', PAPER_SIZES),
    ...labelTypes('EPL2', EPL2_SIZES),
    ...labelTypes('ZPLII', ZPL_SIZES),
    ...labelTypes('ZPL', ZPL_SIZES),
  ],
  // § Special services; carrier_a_one_rate appears "in some variants" and is accepted.
  specialServices: [
    'saturday_delivery',
    'no_freight_rate',
    'list_rates',
    'paperless_trade',
    'include_qr',
    'carrier_a_one_rate',
  ],
  // § Special services gives adult_signature_required as the package-level example. Our decision: the
  // other signature options the carrier's REST API takes per package (signatureOptionType DIRECT,
  // INDIRECT, NO_SIGNATURE_REQUIRED) are accepted alongside it.
  packageSpecialServices: [
    'adult_signature_required',
    'direct_signature_required',
    'indirect_signature_required',
    'no_signature_required',
  ],
};
