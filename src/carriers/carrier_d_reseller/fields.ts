/** Shipment members only this carrier reads (spec "POST /rate", examples); every carrier accepts them. */
import { Type, type Static } from 'typebox';
import type { ShipmentRequest as BaseShipmentRequest } from '../../domain/types.js';
import { Text } from '../shared/fields.js';

export const shipmentFields = {
  purpose_of_shipment: Type.Optional(Text(50)),
  contents_explanation: Type.Optional(Text()),
  restriction_type: Type.Optional(Text(50)),
  senders_customs_reference: Type.Optional(Text(100)),
  importers_customs_reference: Type.Optional(Text(100)),
  license_number: Type.Optional(Text(100)),
  certificate_number: Type.Optional(Text(100)),
  non_delivery_option: Type.Optional(Text(50)),
  eel_pfc: Type.Optional(Text(100)),
};

const ShipmentExtras = Type.Object(shipmentFields);
export type ShipmentRequest = BaseShipmentRequest & Static<typeof ShipmentExtras>;
