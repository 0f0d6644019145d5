/**
 * Return labels (`type: "return"`): the Returns API `POST /parcel/de/shipping/returns/v1/orders`
 * (ReturnOrder), recorded as fixtures/return_shipment_ReturnShipmentRequest.json,
 * …WithCustomsRequest.json, …Response.json and …ErrorResponse.json. The sender is the customer who
 * sends the parcel back; DHL carries it to the merchant's return receiver, which the account
 * configures in DHL's portal and the API names by a receiver id, not by an address. Receiver ids
 * are named after the country the parcel comes from ("deu", "che"), as DHL's sandbox names them:
 * the id sent is the sender's country in lower-case ISO alpha-3. One parcel per label, PDF only.
 */
import { decodeBase64 } from '../../documents/index.js';
import { ApiError } from '../../domain/errors.js';
import type { BookedShipment, ShipmentRequest, ShippingDocument } from '../../domain/types.js';
import { dig, obj, text } from '../shared/json.js';
import { alpha3 } from './codes.js';
import { labelFormatOf } from './codes.js';
import { EU_COUNTRIES } from './codes-prices.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { customsOf } from './ship.js';
import { dhlAddress, kilograms } from './mapping.js';
import type { DhlReturnOrder } from './wire.js';

/** The countries the Returns API takes parcels from (its Country enum), alpha-3 lower-case. */
const RETURN_COUNTRIES = new Set('bel bgr dnk deu est fin fra grc gbr irl ita hrv lva ltu lux mlt nld nor aut pol prt rou swe che svk svn esp cze hun cyp'.split(' '));

/** The query: the shipment label and the QR code for the customer's app (the API's default, BOTH). */
export const RETURN_QUERY: [name: 'labelType', value: string][] = [['labelType', 'BOTH']];

export function buildReturnRequest(req: ShipmentRequest): DhlReturnOrder {
  if (labelFormatOf(req.label_type, req.label_size).docFormat !== 'PDF') throw new ApiError('schema_validation_error', 'dhl_parcel_de return labels are PDF only', 'label_type');
  if (req.packages.length !== 1) throw new ApiError('schema_validation_error', 'dhl_parcel_de books one parcel per return label', 'shipment.packages');
  if (req.recipient.country !== 'DE') throw new ApiError('schema_validation_error', 'dhl_parcel_de return labels go back to Germany', 'shipment.recipient.country');
  const receiverId = alpha3(req.sender.country, 'sender.country').toLowerCase();
  if (!RETURN_COUNTRIES.has(receiverId)) throw new ApiError('schema_validation_error', `dhl_parcel_de takes no returns from ${req.sender.country}`, 'shipment.sender.country');
  const customs = customsOf(req);
  // From outside the EU the parcel crosses customs: DHL wants the content declared (CN23).
  if (!customs && req.sender.country !== 'DE' && !EU_COUNTRIES.includes(req.sender.country)) {
    throw new ApiError('schema_field_required', 'dhl_parcel_de needs customs_items for a return from outside the EU', 'shipment.customs_items');
  }
  const a = dhlAddress(req.sender, 'sender');
  if (!a.addressHouse) throw new ApiError('schema_validation_error', 'dhl_parcel_de needs a house number in sender.street1 of a return', 'shipment.sender.street1');
  const reference = req.references?.[0]?.value;
  return {
    receiverId,
    ...(reference ? { customerReference: reference.slice(0, 50) } : {}),
    shipper: {
      name1: a.name1,
      ...(a.name2 ? { name2: a.name2 } : {}),
      addressStreet: a.addressStreet,
      addressHouse: a.addressHouse,
      postalCode: a.postalCode ?? '',
      city: a.city,
      ...(a.email ? { email: a.email } : {}),
      ...(a.phone ? { phone: a.phone } : {}),
    },
    itemWeight: { uom: 'kg', value: kilograms(req.packages[0]!.weight, req.weight_units) },
    ...(customs ? { customsDetails: { items: customs.items } } : {}),
  };
}

/** The bytes' own kind: the API's documents carry no format member. */
function formatOf(bytes: Uint8Array): string {
  return Buffer.from(bytes).subarray(0, 4).toString('latin1') === '\x89PNG' ? 'PNG' : 'PDF';
}

/** ReturnOrderConfirmation → BookedShipment: the return's number and label, the QR code as a document. */
export function parseReturnResponse(body: unknown, service?: string): BookedShipment {
  throwIfError(body);
  const number = text(dig(body, 'shipmentNo'));
  const b64 = text(dig(body, 'label', 'b64'));
  const label = b64 === undefined ? undefined : decodeBase64(b64);
  if (!number || !label) throw unexpectedBody('return response (no shipmentNo or label)');
  const qr = text(dig(body, 'qrLabel', 'b64'));
  const documents: ShippingDocument[] = qr && obj(dig(body, 'qrLabel')) ? [{ type: 'qr_code', format: 'PNG', content: qr }] : [];
  return {
    tracking_number: number,
    ...(service ? { service_type: service } : {}),
    packages: [{ tracking_number: number, label, label_format: formatOf(label) }],
    ...(documents.length > 0 ? { shipping_documents: documents } : {}),
  };
}
