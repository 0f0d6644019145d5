/**
 * carrier_d catalog, as the public interface lists it (GET /meta/carriers serves it): § Service types
 * (simple values and composite values), § Packaging types, § Label types and § Special services.
 */
import { labelTypes, type CarrierCatalog } from '../../domain/catalog.js';

/** § Service types, "carrier_d simple values". */
export const simpleServices = [
  'parcel_select',
  'carrier_d_ground_advantage',
  'parcel_select_lightweight',
  'carrier_d_connect_local',
  'carrier_d_connect_regional',
  'carrier_d_connect_mail',
  'priority_mail_express',
  'priority_mail',
  'first_class_package_service',
  'library_mail',
  'media_mail',
  'bound_printed_matter',
  'first_class_package_international_service',
  'priority_mail_international',
  'priority_mail_express_international',
] as const;

/**
 * One rule of § Service types, "carrier_d composite values": every combination of its packaging,
 * machinability and entry point values is accepted as `service|packaging|machinability|entry_point`.
 */
interface CompositeRule {
  service: string;
  packaging: readonly string[];
  /** The spec's form names `machinable` and `nonmachinable`; its rules also use `irregular`. */
  machinability: readonly ('machinable' | 'irregular' | 'nonmachinable')[];
  entryPoints: readonly string[];
}

const ALL_MACHINABILITIES = ['machinable', 'irregular', 'nonmachinable'] as const;

/**
 * The spec's rules, one entry per clause. The service part is kept exactly as the spec writes it:
 * `connect_local` in composites, although the simple value is `carrier_d_connect_local`, while the
 * ground advantage composites do use `carrier_d_ground_advantage`.
 */
const COMPOSITE_RULES: readonly CompositeRule[] = [
  // "carrier_d_ground_advantage: cubic_soft_pack_tier_2, machinable, none; cubic_soft_pack_tier_1,
  // machinable, none; your_packaging, nonmachinable, none."
  {
    service: 'carrier_d_ground_advantage',
    packaging: ['cubic_soft_pack_tier_2', 'cubic_soft_pack_tier_1'],
    machinability: ['machinable'],
    entryPoints: ['none'],
  },
  {
    service: 'carrier_d_ground_advantage',
    packaging: ['your_packaging'],
    machinability: ['nonmachinable'],
    entryPoints: ['none'],
  },
  // "parcel_select with your_packaging, both machinabilities, entry point one of ddu, dndc, dscf, dhub."
  {
    service: 'parcel_select',
    packaging: ['your_packaging'],
    machinability: ['machinable', 'nonmachinable'],
    entryPoints: ['ddu', 'dndc', 'dscf', 'dhub'],
  },
  // "connect_local with small_flat_rate_bag, large_flat_rate_bag, flat_rate_box or your_packaging,
  // machinable, ddu; and your_packaging, nonmachinable, ddu."
  {
    service: 'connect_local',
    packaging: ['small_flat_rate_bag', 'large_flat_rate_bag', 'flat_rate_box', 'your_packaging'],
    machinability: ['machinable'],
    entryPoints: ['ddu'],
  },
  { service: 'connect_local', packaging: ['your_packaging'], machinability: ['nonmachinable'], entryPoints: ['ddu'] },
  // "bound_printed_matter with presorted, machinable or irregular or nonmachinable, entry point one of
  // dndc, ddu, none, dscf."
  {
    service: 'bound_printed_matter',
    packaging: ['presorted'],
    machinability: ALL_MACHINABILITIES,
    entryPoints: ['dndc', 'ddu', 'none', 'dscf'],
  },
  // "library_mail with basic, machinable or irregular or nonmachinable, none."
  { service: 'library_mail', packaging: ['basic'], machinability: ALL_MACHINABILITIES, entryPoints: ['none'] },
  // "media_mail with basic or 5_digit, machinable or irregular or nonmachinable, none."
  { service: 'media_mail', packaging: ['basic', '5_digit'], machinability: ALL_MACHINABILITIES, entryPoints: ['none'] },
  // "priority_mail, entry none: flat_rate_envelope, padded_flat_rate_envelope,
  // legal_flat_rate_envelope and cubic_soft_pack_tier_1 as machinable; flat_rate_envelope,
  // padded_flat_rate_envelope, small_flat_rate_box, flat_rate_box, large_flat_rate_box and
  // your_packaging as nonmachinable."
  {
    service: 'priority_mail',
    packaging: [
      'flat_rate_envelope',
      'padded_flat_rate_envelope',
      'legal_flat_rate_envelope',
      'cubic_soft_pack_tier_1',
    ],
    machinability: ['machinable'],
    entryPoints: ['none'],
  },
  {
    service: 'priority_mail',
    packaging: [
      'flat_rate_envelope',
      'padded_flat_rate_envelope',
      'small_flat_rate_box',
      'flat_rate_box',
      'large_flat_rate_box',
      'your_packaging',
    ],
    machinability: ['nonmachinable'],
    entryPoints: ['none'],
  },
  // "priority_mail_express, entry none: flat_rate_envelope, padded_flat_rate_envelope and
  // priority_mail_express_legal_flat_rate_envelope as machinable; flat_rate_envelope,
  // padded_flat_rate_envelope and your_packaging as nonmachinable."
  {
    service: 'priority_mail_express',
    packaging: ['flat_rate_envelope', 'padded_flat_rate_envelope', 'priority_mail_express_legal_flat_rate_envelope'],
    machinability: ['machinable'],
    entryPoints: ['none'],
  },
  {
    service: 'priority_mail_express',
    packaging: ['flat_rate_envelope', 'padded_flat_rate_envelope', 'your_packaging'],
    machinability: ['nonmachinable'],
    entryPoints: ['none'],
  },
];

/** Expands each rule into the cross product of its parts, in rule order. */
function expandComposites(rules: readonly CompositeRule[]): string[] {
  const out: string[] = [];
  for (const rule of rules) {
    for (const machinability of rule.machinability) {
      for (const packaging of rule.packaging) {
        for (const entry of rule.entryPoints) out.push(`${rule.service}|${packaging}|${machinability}|${entry}`);
      }
    }
  }
  return out;
}

/** Every accepted `service|packaging|machinability|entry_point` value. */
export const compositeServices: readonly string[] = expandComposites(COMPOSITE_RULES);

/** § Label types: ZPL takes the four thermal sizes; PDF and PNG also take 2X7LABEL. */
const ZPL_SIZES = ['4X4LABEL', '4X5LABEL', '4X6LABEL', '6X4LABEL'] as const;
const IMAGE_SIZES = [...ZPL_SIZES, '2X7LABEL'] as const;

export const catalog: CarrierCatalog = {
  services: [...simpleServices, ...compositeServices],
  // § Packaging types; "cubic_pricing_tier_1 to cubic_pricing_tier_5" and "cubic_soft_pack_tier_1 to
  // cubic_soft_pack_tier_10" are written out.
  packaging: [
    'your_packaging',
    '3_digit',
    '3_digit_dimensional_rectangular',
    '3_digit_dimensional_nonrectangular',
    '5_digit',
    '5_digit_dimensional_nonrectangular',
    '5_digit_dimensional_rectangular',
    'basic',
    'mixed_ndc',
    'cubic_pricing_tier_1',
    'cubic_pricing_tier_2',
    'cubic_pricing_tier_3',
    'cubic_pricing_tier_4',
    'cubic_pricing_tier_5',
    'cubic_parcel',
    'connect_local_mail',
    'ndc',
    'scf',
    'dimensional_nonrectangular',
    'dimensional_rectangular',
    'priority_mail_express_flat_rate_envelope_post_office_to_addressee',
    'priority_mail_express_legal_flat_rate_envelope',
    'priority_mail_express_legal_flat_rate_envelope_sunday_holiday',
    'legal_flat_rate_envelope',
    'medium_flat_rate_box_or_large_flat_rate_bag',
    'flat_rate_envelope',
    'padded_flat_rate_envelope',
    'small_flat_rate_box',
    'connect_local_single_piece',
    'flat_rate_box',
    'large_flat_rate_bag',
    'connect_local_oversized',
    'small_flat_rate_bag',
    'non_presorted',
    'oversized',
    'cubic_soft_pack_tier_1',
    'cubic_soft_pack_tier_2',
    'cubic_soft_pack_tier_3',
    'cubic_soft_pack_tier_4',
    'cubic_soft_pack_tier_5',
    'cubic_soft_pack_tier_6',
    'cubic_soft_pack_tier_7',
    'cubic_soft_pack_tier_8',
    'cubic_soft_pack_tier_9',
    'cubic_soft_pack_tier_10',
    'priority_mail_express_single_piece',
    'large_flat_rate_box',
    'large_flat_rate_box_apo_fpo_dpo',
    'presorted',
    'scf_dimensional_nonrectangular',
    'scf_dimensional_rectangular',
  ],
  labelTypes: [...labelTypes('ZPL', ZPL_SIZES), ...labelTypes('PDF', IMAGE_SIZES), ...labelTypes('PNG', IMAGE_SIZES)],
  // § Special services names only delivery_confirmation (as an example) and says the complete list is
  // "not shown". This set is our decision, limited to what the carrier's v3 labels API takes for a
  // package (extraServices codes, plus its holdForPickup flag):
  //   delivery_confirmation 920 (basic tracking, the former delivery confirmation),
  //   signature_confirmation 921, adult_signature_required 922, certified_mail 910,
  //   insurance 930/931 (chosen by package value), return_receipt 955,
  //   restricted_delivery (combined with the others: 911, 923, 924, 934),
  //   hold_for_pickup (holdForPickup), sunday_delivery 991.
  // COD and registered mail are priced by the API but not bookable on package labels: left out.
  specialServices: [
    'delivery_confirmation',
    'signature_confirmation',
    'adult_signature_required',
    'certified_mail',
    'insurance',
    'return_receipt',
    'restricted_delivery',
    'hold_for_pickup',
    'sunday_delivery',
  ],
  // A carrier_d label is one package; its extra services are taken at shipment level only.
  packageSpecialServices: [],
};
