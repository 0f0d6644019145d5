/** Shipment members only this carrier (and its reseller) read (spec "POST /rate", examples); every carrier accepts them. */
import { Type, type Static } from 'typebox';
import type { ShipmentRequest as BaseShipmentRequest } from '../../domain/types.js';
import { Text } from '../shared/fields.js';

export const shipmentFields = {
  eel_pfc: Type.Optional(Text(100)),
};

const ShipmentExtras = Type.Object(shipmentFields);
export type ShipmentRequest = BaseShipmentRequest & Static<typeof ShipmentExtras>;
