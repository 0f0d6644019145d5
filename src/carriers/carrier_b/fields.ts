/** Shipment members only this carrier reads (spec "POST /rate", examples); every carrier accepts them. */
import { Type, type Static } from 'typebox';
import type { ShipmentRequest as BaseShipmentRequest } from '../../domain/types.js';
import { IsoDate, Text } from '../shared/fields.js';

export const shipmentFields = {
  documents_only: Type.Optional(Type.Boolean()),
  po_number: Type.Optional(Text(100)),
  terms_of_shipment: Type.Optional(Text(20)),
  reason_for_export: Type.Optional(Text(100)),
  comments: Type.Optional(Text()),
  export_date: Type.Optional(IsoDate),
  exporting_carrier: Type.Optional(Text(100)),
};

const ShipmentExtras = Type.Object(shipmentFields);
export type ShipmentRequest = BaseShipmentRequest & Static<typeof ShipmentExtras>;
