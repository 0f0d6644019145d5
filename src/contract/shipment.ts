/** POST /rate and POST /ship: one shipment schema (spec "POST /rate"; ship accepts the same fields). */
import { Type, type Static } from 'typebox';
import { DIM_UNITS, WEIGHT_UNITS } from '../domain/catalog.js';
import { Address, Currency, IsoDate, Package, ShippingAccountRef, WeightUnits } from './common.js';

const Str = (maxLength = 1000) => Type.String({ maxLength });

export const CustomsItem = Type.Object({
  description: Type.Optional(Str()),
  quantity: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  quantity_unit: Type.Optional(Str(20)),
  value: Type.Optional(Type.Number({ minimum: 0 })),
  weight: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  weight_unit: Type.Optional(WeightUnits),
  manufacture_country_code: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
  harmonized_code: Type.Optional(Str(30)),
  commodity_code: Type.Optional(Str(30)),
  // carrier_c customs items (spec "POST /rate", examples).
  gross_weight: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  license_number: Type.Optional(Str(100)),
  license_expiry_date: Type.Optional(IsoDate),
});

export const Reference = Type.Object({ type: Str(100), value: Str(200) });
/** carrier_b and carrier_c notification requests: `{type, value}` (an e-mail address, a message). */
export const Notification = Type.Object({ type: Str(100), value: Str(500) });

/**
 * Optional shipment fields the spec lists for one carrier ("POST /rate", examples); every carrier
 * accepts them, the carrier they belong to uses them.
 */
const CarrierShipmentFields = {
  notifications: Type.Optional(Type.Array(Notification, { maxItems: 20 })),
  invoice_number: Type.Optional(Str(100)),
  invoice_date: Type.Optional(IsoDate),
  // carrier_b
  documents_only: Type.Optional(Type.Boolean()),
  po_number: Type.Optional(Str(100)),
  terms_of_shipment: Type.Optional(Str(20)),
  reason_for_export: Type.Optional(Str(100)),
  comments: Type.Optional(Str()),
  export_date: Type.Optional(IsoDate),
  exporting_carrier: Type.Optional(Str(100)),
  // carrier_c
  eccn: Type.Optional(Str(100)),
  signature_name: Type.Optional(Str(100)),
  signature_title: Type.Optional(Str(100)),
  export_reason: Type.Optional(Str()),
  export_reason_code: Type.Optional(Str(20)),
  sed_number: Type.Optional(Str(100)),
  remarks: Type.Optional(Str()),
  other_charges: Type.Optional(Type.Number({ minimum: 0 })),
  freight_cost: Type.Optional(Type.Number({ minimum: 0 })),
  vatgst: Type.Optional(Str(100)),
  receiver_reference: Type.Optional(Str(100)),
  exporter_id: Type.Optional(Str(100)),
  exporter_code: Type.Optional(Str(100)),
  package_marks: Type.Optional(Str()),
  other_remarks_2: Type.Optional(Str()),
  other_remarks_3: Type.Optional(Str()),
  add_decl_text: Type.Optional(Str()),
  add_decl_text_2: Type.Optional(Str()),
  add_decl_text_3: Type.Optional(Str()),
  place_of_incoterms: Type.Optional(Str(100)),
  // carrier_d_reseller
  purpose_of_shipment: Type.Optional(Str(50)),
  contents_explanation: Type.Optional(Str()),
  restriction_type: Type.Optional(Str(50)),
  senders_customs_reference: Type.Optional(Str(100)),
  importers_customs_reference: Type.Optional(Str(100)),
  license_number: Type.Optional(Str(100)),
  certificate_number: Type.Optional(Str(100)),
  non_delivery_option: Type.Optional(Str(50)),
  eel_pfc: Type.Optional(Str(100)),
};

export const ShipmentFields = {
  shipping_account: ShippingAccountRef,
  carrier: Type.Optional(Type.String({ description: 'carrier slug; must match the account’s carrier when given' })),
  sender: Address,
  recipient: Address,
  packages: Type.Array(Package, { minItems: 1, maxItems: 200 }),
  packaging: Type.Optional(Type.String({ description: 'packaging type; required to book unless the account defaults set packaging_type; rating without one quotes your_packaging' })),
  service: Type.Optional(Type.String({ description: 'service slug; for /rate only rates of that service are returned' })),
  ship_date: Type.Optional(IsoDate),
  currency: Type.Optional(Currency),
  dim_units: Type.Optional(Type.Enum([...DIM_UNITS], { description: 'required unless the account defaults set it' })),
  weight_units: Type.Optional(Type.Enum([...WEIGHT_UNITS], { description: 'required unless the account defaults set it' })),
  special_services: Type.Optional(Type.Array(Type.String(), { maxItems: 50 })),
  type: Type.Optional(Type.Enum(['outbound', 'return'])),
  label_type: Type.Optional(Type.String({ description: 'a label type of the carrier, bare or <format>__<size>' })),
  label_size: Type.Optional(Type.String({ description: 'size part of the label type' })),
  include_base64_label: Type.Optional(Type.Boolean()),
  combined_labels: Type.Optional(Type.Boolean({ description: 'also return one document with every package label' })),
  customs_items: Type.Optional(Type.Array(CustomsItem, { maxItems: 200 })),
  references: Type.Optional(Type.Array(Reference, { maxItems: 20 })),
  terms_of_trade: Type.Optional(Str(20)),
  terms_of_payment: Type.Optional(Str(50)),
  insurance_cost: Type.Optional(Type.Number({ minimum: 0 })),
  declaration_statement: Type.Optional(Str()),
  broker_name: Type.Optional(Str()),
  broker_phone: Type.Optional(Str()),
  broker_company: Type.Optional(Str()),
  importer_type: Type.Optional(Str()),
  test: Type.Optional(Type.Boolean()),
  debug: Type.Optional(Type.Boolean()),
  webhooks: Type.Optional(Type.Boolean()),
  ...CarrierShipmentFields,
};

export const ShipmentInput = Type.Object(ShipmentFields);
export type ShipmentInput = Static<typeof ShipmentInput>;
export const ShipmentBody = Type.Object({ shipment: ShipmentInput });

export const RateView = Type.Object({
  service_type: Type.String(),
  service_name: Type.String(),
  total_cost: Type.String({ description: 'decimal text' }),
  currency: Type.String(),
  transit_days: Type.Optional(Type.Integer()),
  estimated_date: Type.Optional(Type.String()),
  delivery_day: Type.Optional(Type.String()),
});
export const RatesResponse = Type.Object({ rates: Type.Array(RateView) });
