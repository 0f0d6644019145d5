/**
 * Booking: ShipmentRequest → Shipping API v2 `POST /orders` (ShipmentOrderRequest), and its answer
 * (LabelDataResponse) → BookedShipment. DHL books one parcel per shipment, so each package is a
 * shipment of the order, with its own shipment number; the first is the booking's master number.
 * The label format is a query parameter (docFormat, printFormat), not a body member.
 */
import { decodeBase64 } from '../../documents/index.js';
import { ApiError } from '../../domain/errors.js';
import type { BookedPackage, BookedShipment, ShipmentRequest, ShippingDocument } from '../../domain/types.js';
import { dig, obj, objects, text } from '../shared/json.js';
import { localToday } from '../shared/time.js';
import { alpha3, labelFormatOf, productOf, RETURN_LABEL } from './codes.js';
import { EU_COUNTRIES } from './codes-prices.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { customsOf, dhlAddress, kilograms, sidesCm } from './mapping.js';
import type { DhlAddress, DhlOrderCall, DhlRetoure, DhlReturnOrder, DhlShipment } from './wire.js';

/** The user group profile every account has (the Shipping API: "use STANDARD_GRUPPENPROFIL if no dedicated one"). */
export const PROFILE = 'STANDARD_GRUPPENPROFIL';

/** The procedure (digits 11 and 12 of a billing number) each product is booked under. */
const PROCEDURES: Readonly<Record<string, string>> = {
  V01PAK: '01',
  V62KP: '62',
  V53WPAK: '53',
  V54EPAK: '54',
  V66WPI: '66',
};

/**
 * The billing number of a product: the account's EKP (digits 1-10) and participation (13-14) with
 * the product's procedure, since DHL refuses a billing number whose procedure is another product's.
 */
export function billingNumberFor(accountBilling: string, product: string): string {
  const procedure = PROCEDURES[product];
  return procedure ? `${accountBilling.slice(0, 10)}${procedure}${accountBilling.slice(12)}` : accountBilling;
}

/** refNo takes 8 to 35 characters; a shorter or longer reference is left off rather than refused. */
function refNoOf(req: ShipmentRequest): string | undefined {
  const ref = req.references?.[0]?.value;
  return ref !== undefined && ref.length >= 8 && ref.length <= 35 ? ref : undefined;
}

/**
 * The dhlRetoure service: the return label goes back to the sender, billed under the account's
 * billing number with the Retoure procedure (07). DHL offers it with DHL Paket only.
 */
function returnLabelOf(
  req: ShipmentRequest,
  product: string,
  billingNumber: string,
  shipper: DhlAddress,
): DhlRetoure | undefined {
  if (!req.special_services?.includes(RETURN_LABEL)) return undefined;
  if (product !== 'V01PAK')
    throw new ApiError(
      'schema_validation_error',
      'dhl_parcel_de adds a return label to dhl_parcel_de_paket only',
      'shipment.special_services',
    );
  const ref = req.references?.[0]?.value;
  return {
    billingNumber: `${billingNumber.slice(0, 10)}07${billingNumber.slice(12)}`,
    ...(ref !== undefined && ref.length >= 6 && ref.length <= 50 ? { refNo: ref } : {}),
    returnAddress: shipper,
  };
}

export function buildShipRequest(req: ShipmentRequest, billingNumber: string, now: Date): DhlOrderCall {
  if (req.service === undefined)
    throw new ApiError('schema_field_required', 'dhl_parcel_de needs a service to book a shipment', 'shipment.service');
  const product = productOf(req.service);
  const { docFormat, printFormat } = labelFormatOf(req.label_type, req.label_size);
  const customs = customsOf(req);
  // Leaving the EU's customs union, DHL needs the content declared.
  if (!customs && req.recipient.country !== 'DE' && !EU_COUNTRIES.includes(req.recipient.country)) {
    throw new ApiError(
      'schema_field_required',
      'dhl_parcel_de needs customs_items for a shipment leaving the EU',
      'shipment.customs_items',
    );
  }
  const shipper = dhlAddress(req.sender, 'sender');
  const consignee = dhlAddress(req.recipient, 'recipient');
  const refNo = refNoOf(req);
  const shipDate = req.ship_date ?? localToday(now, req.sender);
  const retoure = returnLabelOf(req, product, billingNumber, shipper);
  const shipments: DhlShipment[] = req.packages.map((p) => {
    const sides = sidesCm(p, req.dim_units);
    return {
      product,
      billingNumber: billingNumberFor(billingNumber, product),
      ...(refNo ? { refNo } : {}),
      shipDate,
      shipper,
      consignee,
      details: {
        weight: { uom: 'kg', value: kilograms(p.weight, req.weight_units) },
        ...(sides ? { dim: { uom: 'cm', length: sides[0], width: sides[1], height: sides[2] } } : {}),
      },
      ...(customs ? { customs } : {}),
      ...(retoure ? { services: { dhlRetoure: retoure } } : {}),
    };
  });
  return {
    query: { docFormat, ...(printFormat ? { printFormat } : {}), includeDocs: 'include', combine: 'false' },
    body: { profile: PROFILE, shipments },
  };
}

/** A document of the answer (label, customs document): PDF bytes from b64, ZPL text from zpl2. */
function documentBytes(doc: unknown): { bytes: Uint8Array; format: string } | undefined {
  const d = obj(doc);
  if (!d) return undefined;
  const zpl = text(d.zpl2);
  const format = text(d.fileFormat)?.toUpperCase();
  if (zpl !== undefined && (format === 'ZPL2' || text(d.b64) === undefined))
    return { bytes: new TextEncoder().encode(zpl), format: 'ZPLII' };
  const b64 = text(d.b64);
  const bytes = b64 === undefined ? undefined : decodeBase64(b64);
  return bytes ? { bytes, format: format === 'ZPL2' ? 'ZPLII' : 'PDF' } : undefined;
}

/** The answer's shipment numbers come as text, and in some answers as numbers. */
function shipmentNoOf(item: Record<string, unknown>): string | undefined {
  const v = item.shipmentNo;
  return typeof v === 'number' ? String(v) : text(v);
}

export function parseShipResponse(body: unknown, service?: string): BookedShipment {
  throwIfError(body);
  const items = objects(dig(body, 'items'));
  if (items.length === 0) throw unexpectedBody('ship response (no items)');
  const packages: BookedPackage[] = [];
  const documents: ShippingDocument[] = [];
  for (const item of items) {
    const number = shipmentNoOf(item);
    const label = documentBytes(item.label);
    if (!number || !label) throw unexpectedBody('ship response (an item without its shipment number or label)');
    packages.push({ tracking_number: number, label: label.bytes, label_format: label.format });
    const customs = documentBytes(item.customsDoc);
    if (customs)
      documents.push({
        type: 'customs_declaration',
        format: customs.format,
        content: Buffer.from(customs.bytes).toString('base64'),
      });
    // The return label asked for with the outbound one (dhlRetoure): a document to put in the parcel.
    const retoure = documentBytes(item.returnLabel);
    if (retoure)
      documents.push({
        type: 'return_label',
        format: retoure.format,
        content: Buffer.from(retoure.bytes).toString('base64'),
      });
  }
  const master = packages[0]!.tracking_number;
  return {
    tracking_number: master,
    // Each parcel is a DHL shipment of its own: cancelling the booking deletes them all (cancel.ts).
    ...(packages.length > 1 ? { carrier_shipment_id: packages.map((p) => p.tracking_number).join(',') } : {}),
    ...(service ? { service_type: service } : {}),
    packages,
    ...(documents.length > 0 ? { shipping_documents: documents } : {}),
  };
}

/**
 * A multi-status (207) answer to an order of several parcels where some failed: DHL booked the
 * others. Their numbers, and the error of the first that failed; undefined when none failed or
 * none was booked. The adapter deletes the booked ones (client.ts): a booking is all its parcels.
 */
export function partialBooking(body: unknown): { booked: string[]; error: ApiError } | undefined {
  const failure = (b: unknown): ApiError | undefined => {
    try {
      throwIfError(b);
      return undefined;
    } catch (err) {
      return err instanceof ApiError ? err : undefined;
    }
  };
  const error = failure(body);
  if (!error) return undefined;
  const booked = objects(dig(body, 'items'))
    .filter((item) => failure({ items: [item] }) === undefined)
    .map(shipmentNoOf)
    .filter((n): n is string => n !== undefined);
  return booked.length > 0 ? { booked, error } : undefined;
}

/**
 * Return labels (`type: "return"`): the Returns API `POST /parcel/de/shipping/returns/v1/orders`
 * (ReturnOrder), recorded as fixtures/return_shipment_*.json. The sender is the customer who sends
 * the parcel back; DHL carries it to the merchant's return receiver, which the account configures
 * in DHL's portal and the API names by a receiver id, not by an address. Receiver ids are named
 * after the country the parcel comes from ("deu", "che"), as DHL's sandbox names them: the id sent
 * is the sender's country in lower-case ISO alpha-3. One parcel per label, PDF only.
 */
/** The countries the Returns API takes parcels from (its Country enum), alpha-3 lower-case. */
const RETURN_COUNTRIES = new Set(
  'bel bgr dnk deu est fin fra grc gbr irl ita hrv lva ltu lux mlt nld nor aut pol prt rou swe che svk svn esp cze hun cyp'.split(
    ' ',
  ),
);

/** The query: the shipment label and the QR code for the customer's app (the API's default, BOTH). */
export const RETURN_QUERY: [name: 'labelType', value: string][] = [['labelType', 'BOTH']];

export function buildReturnRequest(req: ShipmentRequest): DhlReturnOrder {
  if (labelFormatOf(req.label_type, req.label_size).docFormat !== 'PDF')
    throw new ApiError('schema_validation_error', 'dhl_parcel_de return labels are PDF only', 'label_type');
  if (req.packages.length !== 1)
    throw new ApiError(
      'schema_validation_error',
      'dhl_parcel_de books one parcel per return label',
      'shipment.packages',
    );
  if (req.recipient.country !== 'DE')
    throw new ApiError(
      'schema_validation_error',
      'dhl_parcel_de return labels go back to Germany',
      'shipment.recipient.country',
    );
  const receiverId = alpha3(req.sender.country, 'sender.country').toLowerCase();
  if (!RETURN_COUNTRIES.has(receiverId))
    throw new ApiError(
      'schema_validation_error',
      `dhl_parcel_de takes no returns from ${req.sender.country}`,
      'shipment.sender.country',
    );
  const customs = customsOf(req);
  // From outside the EU the parcel crosses customs: DHL wants the content declared (CN23).
  if (!customs && req.sender.country !== 'DE' && !EU_COUNTRIES.includes(req.sender.country)) {
    throw new ApiError(
      'schema_field_required',
      'dhl_parcel_de needs customs_items for a return from outside the EU',
      'shipment.customs_items',
    );
  }
  const a = dhlAddress(req.sender, 'sender');
  if (!a.addressHouse)
    throw new ApiError(
      'schema_validation_error',
      'dhl_parcel_de needs a house number in sender.street1 of a return',
      'shipment.sender.street1',
    );
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
  const documents: ShippingDocument[] =
    qr && obj(dig(body, 'qrLabel')) ? [{ type: 'qr_code', format: 'PNG', content: qr }] : [];
  return {
    tracking_number: number,
    ...(service ? { service_type: service } : {}),
    packages: [{ tracking_number: number, label, label_format: formatOf(label) }],
    ...(documents.length > 0 ? { shipping_documents: documents } : {}),
  };
}
