/** Shipment and customs item members only this carrier reads (spec "POST /rate", examples); every carrier accepts them. */
import { Type, type Static } from 'typebox';
import type { CustomsItem as BaseCustomsItem, ShipmentRequest as BaseShipmentRequest } from '../../domain/types.js';
import { IsoDate, Text } from '../shared/fields.js';

export const shipmentFields = {
  eccn: Type.Optional(Text(100)),
  signature_name: Type.Optional(Text(100)),
  signature_title: Type.Optional(Text(100)),
  export_reason: Type.Optional(Text()),
  export_reason_code: Type.Optional(Text(20)),
  sed_number: Type.Optional(Text(100)),
  remarks: Type.Optional(Text()),
  other_charges: Type.Optional(Type.Number({ minimum: 0 })),
  freight_cost: Type.Optional(Type.Number({ minimum: 0 })),
  vatgst: Type.Optional(Text(100)),
  receiver_reference: Type.Optional(Text(100)),
  exporter_id: Type.Optional(Text(100)),
  exporter_code: Type.Optional(Text(100)),
  package_marks: Type.Optional(Text()),
  other_remarks_2: Type.Optional(Text()),
  other_remarks_3: Type.Optional(Text()),
  add_decl_text: Type.Optional(Text()),
  add_decl_text_2: Type.Optional(Text()),
  add_decl_text_3: Type.Optional(Text()),
  place_of_incoterms: Type.Optional(Text(100)),
};

export const customsItemFields = {
  gross_weight: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  license_number: Type.Optional(Text(100)),
  license_expiry_date: Type.Optional(IsoDate),
};

const ShipmentExtras = Type.Object(shipmentFields);
const CustomsItemExtras = Type.Object(customsItemFields);
export type CustomsItem = BaseCustomsItem & Static<typeof CustomsItemExtras>;
export type ShipmentRequest = Omit<BaseShipmentRequest, 'customs_items'> &
  Static<typeof ShipmentExtras> & { customs_items?: CustomsItem[] };
