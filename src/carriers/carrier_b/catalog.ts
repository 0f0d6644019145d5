/**
 * carrier_b catalog, as the public interface lists it (GET /meta/carriers serves it): § Service types,
 * § Packaging types, § Label types and § Special services.
 */
import { labelTypes, type CarrierCatalog } from '../../domain/catalog.js';

/** § Service types: "the prefix `carrier_b_` followed by one of" these. */
const PREFIXED_SERVICES = [
  'next_day_air',
  'second_day_air',
  'ground',
  'express',
  'expedited',
  'standard',
  'three_day_select',
  'next_day_air_saver',
  'next_day_air_early',
  'express_plus',
  'second_day_air_am',
  'saver',
  'access_point_economy',
  'first_class_mail',
  'priority_mail',
  'expedited_mail_innovations',
  'priority_mail_innovations',
  'economy_mail_innovations',
  'today_standard',
  'today_dedicated_courier',
  'today_intercity',
  'today_express',
  'today_express_saver',
  'worldwide_economy_ddu',
  'worldwide_economy_ddp',
  'worldwide_express_freight',
  'surepost_lt_1lb',
  'surepost',
] as const;

/** § Service types: "Unprefixed" (the mail-innovations classes). */
const UNPREFIXED_SERVICES = [
  'standard_flats',
  'parcel_select_lightweight_irreg',
  'parcel_select',
  'bpm_parcels',
  'bpm_flats',
  'media_mail',
  'marketing_parcels',
] as const;

/** § Label types: EPL, ZPL, SPL "each bare, or with size 4X6 or 4X8". */
const THERMAL_SIZES = ['4X6', '4X8'] as const;

/** Names as the carrier's Shipping.yaml gives them (Service.Code descriptions), where the codes' words differ. */
const SERVICE_NAMES: Readonly<Record<string, string>> = {
  carrier_b_second_day_air: '2nd Day Air',
  carrier_b_second_day_air_am: '2nd Day Air A.M.',
  carrier_b_three_day_select: '3 Day Select',
  carrier_b_surepost_lt_1lb: 'SurePost Less Than 1 lb',
  carrier_b_surepost: 'SurePost',
};

export const catalog: CarrierCatalog = {
  services: [...PREFIXED_SERVICES.map((s) => `carrier_b_${s}`), ...UNPREFIXED_SERVICES],
  serviceNames: SERVICE_NAMES,
  // § Packaging types.
  packaging: [
    'your_packaging',
    'carrier_b_letter',
    'tube',
    'pak',
    'carrier_b_express_box',
    'carrier_b_25kg_box',
    'carrier_b_10kg_box',
    'pallet',
    'small_express_box',
    'medium_express_box',
    'large_express_box',
    'flats',
    'parcels',
    'bpm',
    'first_class',
    'priority',
    'machinables',
    'irregulars',
    'parcel_post',
    'bpm_parcel',
    'media_mail',
    'bpm_flat',
    'standard_flat',
  ],
  // § Label types: GIF, PDF, qrcode and PNG are bare only.
  labelTypes: [
    ...labelTypes('EPL', THERMAL_SIZES),
    ...labelTypes('ZPL', THERMAL_SIZES),
    ...labelTypes('SPL', THERMAL_SIZES),
    'GIF',
    'PDF',
    'qrcode',
    'PNG',
  ],
  // § Special services.
  specialServices: [
    'alternate_delivery_address',
    'goods_not_in_free_circulation',
    'mi_label_cn22',
    'saturday_delivery',
    'saturday_pickup',
    'cod',
    'access_point_cod',
    'deliver_to_addressee_only',
    'direct_delivery_only',
    'cn22_form',
    'premium_care_form',
    'additional_document',
    'return_of_documents',
    'delivery_confirmation',
    'import_control',
    'commercial_invoice_removal',
    'carrier_b_carbon_neutral',
    'sdl_shipment',
    'exchange_forward',
    'dropoff_at_carrier_b_facility',
    'hold_for_pickup',
    'diagnostic_specimens',
    'alcoholic_beverages',
    'perishables',
    'plants',
    'seeds',
    'special_exceptions',
    'tobacco',
    'no_transit_times',
    'list_rates',
    'paperless_trade',
    'include_qr',
    'mi_rate',
  ],
  // The spec shows no package-level service for carrier_b; its delivery_confirmation is taken at
  // shipment level (above), so none is accepted per package.
  packageSpecialServices: [],
};
