/**
 * carrier_d_reseller catalog, as the public interface lists it (GET /meta/carriers serves it): § Service
 * types, § Packaging types, § Label types and § Special services.
 */
import { labelTypes, type CarrierCatalog } from '../../domain/catalog.js';

/** § Label types: sizes as the spec writes them (lower-case `x`, as the reseller's LabelSize takes them). */
const SIZES = [
  '4x6',
  '3.5x5.25',
  '4x4',
  '4x5',
  '4x4.5',
  'DocTab',
  '6x4',
  '4x8',
  '7x3',
  'Mailer7x5',
  'EnvelopeSize10',
] as const;
/** § Label types: "formats EPL2, ZPLII, GIF, JPEG, PNG, PDF, each bare or with size" one of SIZES. */
const FORMATS = ['EPL2', 'ZPLII', 'GIF', 'JPEG', 'PNG', 'PDF'] as const;

export const catalog: CarrierCatalog = {
  // § Service types.
  services: [
    'first',
    'priority',
    'priority_express',
    'library_mail',
    'media_mail',
    'parcel_select',
    'first_class_mail_international',
    'first_class_package_international_service',
    'priority_mail_international',
    'ground_advantage',
    'carrier_d_return',
    'priority_mail_express_international',
    'retail_ground',
  ],
  // § Packaging types.
  packaging: [
    'your_packaging',
    'card',
    'letter',
    'flat',
    'parcel',
    'large_parcel',
    'irregular_parcel',
    'flat_rate_envelope',
    'flat_rate_legal_envelope',
    'flat_rate_padded_envelope',
    'flat_rate_gift_card_envelope',
    'flat_rate_window_envelope',
    'flat_rate_cardboard_envelope',
    'small_flat_rate_envelope',
    'small_flat_rate_box',
    'medium_flat_rate_box',
    'large_flat_rate_box',
    'dvd_flat_rate_box',
    'large_video_flat_rate_box',
    'large_flat_rate_board_game_box',
    'regional_rate_box_a',
    'regional_rate_box_b',
  ],
  labelTypes: FORMATS.flatMap((format) => labelTypes(format, SIZES)),
  // § Special services shows only delivery_confirmation (as an example value) and says the complete
  // list is "not shown". This set is our decision, each one an ON/OFF attribute of the reseller's
  // SpecialServices element (label request `Services`): DeliveryConfirmation, SignatureConfirmation,
  // AdultSignature, CertifiedMail, InsuredMail (+ InsuredValue from the package value), RegisteredMail
  // (+ RegisteredMailValue), ReturnReceipt, RestrictedDelivery, HoldForPickup, COD (+ CODAmount).
  specialServices: [
    'delivery_confirmation',
    'signature_confirmation',
    'adult_signature_required',
    'certified_mail',
    'insurance',
    'registered_mail',
    'return_receipt',
    'restricted_delivery',
    'hold_for_pickup',
    'cod',
  ],
  // One label is one package; services are taken at shipment level only.
  packageSpecialServices: [],
};
