/**
 * Booking: ShipmentRequest → MyDHL POST /shipments body (supermodelIoLogisticsExpressCreateShipmentRequest)
 * and its answer (…CreateShipmentResponse) → BookedShipment. Recorded as
 * fixtures/shipment_ShipmentRequest.json / shipment_ShipmentResponse.json; samples/shipment_request.json
 * (customs: content.exportDeclaration, parties, references) and shipment_response.json (labels,
 * waybill and invoice in `documents[]`, QR codes under `packages[].documents`).
 */
import type { BookedPackage, BookedShipment, Costs, ShippingDocument } from '../../domain/types.js';
import type { ShipmentRequest } from './fields.js';
import { ApiError } from '../../domain/errors.js';
import { dig, dropUndefined, numeric, obj, objects, text, toDecimalString, type JsonObject } from '../shared/json.js';
import { decodeBase64 } from '../../documents/index.js';
import { toIsoDate } from '../shared/time.js';
import { REFERENCE_TYPES, labelSpec, productSlug } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import {
  currencyOf,
  declaredValue,
  wirePackages,
  wireProductCode,
  isCustomsDeclarable,
  isInternational,
  packageTypeCode,
  plannedDateAndTime,
  shipperAccount,
  unitOfMeasurement,
  valueAddedServices,
} from './mapping.js';
import { exportDeclaration, wireParty } from './ship-request.js';
import type { CarrierCImageOption, CarrierCShipmentRequest } from './wire.js';

/** Product when the request names none: Express Domestic at home, Express Worldwide abroad. */
function productFor(req: ShipmentRequest): string {
  return wireProductCode(req.service) ?? (isInternational(req) ? 'P' : 'N');
}

/** Whether the booking's labels are wanted as PNG, drawn from the PDF the carrier answers. */
export function wantsPngLabels(req: ShipmentRequest): boolean {
  return labelSpec(req.label_type, req.label_size).png === true;
}

function imageOptions(
  req: ShipmentRequest,
  declarable: boolean,
): {
  encodingFormat: CarrierCShipmentRequest['outputImageProperties']['encodingFormat'];
  imageOptions: CarrierCImageOption[];
} {
  const spec = labelSpec(req.label_type, req.label_size);
  const services = new Set(req.special_services ?? []);
  const options: CarrierCImageOption[] = [
    dropUndefined({
      typeCode: 'label' as const,
      templateName: spec.templateName,
      isRequested: true,
      fitLabelsToA4: spec.fitLabelsToA4,
    }),
  ];
  if (services.has('hide_account'))
    options.push({ typeCode: 'waybillDoc', templateName: 'ARCH_8X4', isRequested: true, hideAccountNumber: true });
  if (declarable) {
    const returns = req.type === 'return';
    options.push({
      typeCode: 'invoice',
      templateName: returns ? 'RET_COM_INVOICE_A4_01' : 'COMMERCIAL_INVOICE_P_10',
      isRequested: true,
      invoiceType: returns ? 'returns' : 'commercial',
    });
  }
  if (services.has('include_qr'))
    options.push({ typeCode: 'qr-code', templateName: 'QR_1_00_LL_PNG_001', isRequested: true, encodingFormat: 'png' });
  return { encodingFormat: spec.encodingFormat, imageOptions: options };
}

/** The shipper's customerReferences sent: their first ten, as ever. */
const MAX_REFERENCES = 10;
/** The typeCode of Waybill's own reference: CU, customer reference, which GET /tracking searches as shipmentReferenceType. */
export const WAYBILL_REFERENCE_TYPE = 'CU';

/**
 * Waybill's own reference always rides after the shipper's: CreateShipmentRequest.customerReferences
 * takes up to 999 entries (express-api swagger), so it never displaces one of theirs.
 */
export function carriesWaybillReference(req: ShipmentRequest): boolean {
  return req.waybill_reference !== undefined;
}

export function buildShipRequest(req: ShipmentRequest, accountNumber: string, now: Date): CarrierCShipmentRequest {
  const code = productFor(req);
  const declarable = isCustomsDeclarable(req);
  const planned = plannedDateAndTime(req.sender, req.ship_date, now);
  const shipDate = planned.slice(0, 10);
  const receiver = wireParty(req.recipient);
  const emails = (req.notifications ?? []).filter((n) => n.type === 'email');
  const message = (req.notifications ?? []).find((n) => n.type === 'message')?.value;
  const references = [
    ...(req.references ?? [])
      .map((r) => ({ value: r.value.slice(0, 35), typeCode: REFERENCE_TYPES[r.type] ?? 'CU' }))
      .filter((r) => r.value !== '')
      .slice(0, MAX_REFERENCES),
    ...(carriesWaybillReference(req) ? [{ value: req.waybill_reference!, typeCode: WAYBILL_REFERENCE_TYPE }] : []),
  ];
  const description = (req.customs_items ?? [])
    .map((i) => i.description)
    .filter((d): d is string => !!d)
    .join(', ')
    .slice(0, 70);
  return dropUndefined<CarrierCShipmentRequest>({
    plannedShippingDateAndTime: planned,
    pickup: { isRequested: false },
    productCode: code,
    localProductCode: code,
    getRateEstimates: true,
    accounts: shipperAccount(accountNumber),
    valueAddedServices: valueAddedServices(req),
    outputImageProperties: { printerDPI: 300, ...imageOptions(req, declarable) },
    customerReferences: references.length > 0 ? references : undefined,
    customerDetails: {
      shipperDetails: wireParty(req.sender),
      receiverDetails: receiver,
      // The importer of record is the receiver unless a broker says otherwise.
      importerDetails: req.special_services?.includes('importer_of_record') ? receiver : undefined,
    },
    content: {
      packages: wirePackages(req.packages, req, packageTypeCode(req.packaging)),
      isCustomsDeclarable: declarable,
      declaredValue: declarable ? declaredValue(req) : undefined,
      declaredValueCurrency: declarable ? currencyOf(req) : undefined,
      exportDeclaration: declarable ? exportDeclaration(req, shipDate) : undefined,
      description: description || 'Shipment',
      USFilingTypeValue: req.sed_number,
      // DDP when duties are paid by the shipper, else the terms of trade, else DAP.
      incoterm: declarable
        ? (req.terms_of_trade ?? (req.special_services?.includes('duties_and_taxes_paid') ? 'DDP' : 'DAP'))
        : undefined,
      unitOfMeasurement: unitOfMeasurement(req.weight_units),
    },
    shipmentNotification:
      emails.length > 0
        ? emails.map((e) =>
            dropUndefined({
              typeCode: 'email' as const,
              receiverId: e.value,
              languageCode: 'eng',
              bespokeMessage: message,
            }),
          )
        : undefined,
  });
}

function decode(content: string | undefined, what: string): Uint8Array {
  const bytes = content === undefined ? undefined : decodeBase64(content);
  if (!bytes) throw unexpectedBody(`${what} (not base64)`);
  return bytes;
}

/** Label formats as the shared label code names them. */
const LABEL_FORMATS: Readonly<Record<string, string>> = {
  PDF: 'PDF',
  ZPL: 'ZPL',
  ZPL2: 'ZPL',
  EPL: 'EPL2',
  EPL2: 'EPL2',
  LP2: 'EPL2',
};

/** documents[] of typeCode label (a document without typeCode is a label, as in the fixture). */
function packagesOf(body: JsonObject, master: string): BookedPackage[] {
  const labels = objects(body.documents).filter((d) => (text(d.typeCode) ?? 'label') === 'label');
  if (labels.length === 0)
    throw new ApiError(
      'carrier_http_exception',
      `carrier_c booked ${master} but returned no label`,
      'documents[] had no label',
    );
  const pieces = objects(body.packages);
  const numbers = pieces.map(
    (p) => text(p.trackingNumber) ?? (numeric(p.trackingNumber) === undefined ? undefined : String(p.trackingNumber)),
  );
  const list = numbers.filter((n): n is string => n !== undefined);
  const label = (doc: JsonObject, n: string): BookedPackage => ({
    tracking_number: n,
    label: decode(text(doc.content), `label of ${n}`),
    label_format:
      LABEL_FORMATS[(text(doc.imageFormat) ?? 'PDF').toUpperCase()] ?? (text(doc.imageFormat) ?? 'PDF').toUpperCase(),
  });
  if (list.length === 0) return labels.map((d) => label(d, master));
  // One label per piece (packageReferenceNumber); one label document for all pieces is shared by them.
  return pieces.flatMap((piece, i) => {
    const n = numbers[i];
    if (n === undefined) return [];
    const ref = numeric(piece.referenceNumber) ?? i + 1;
    const own =
      labels.find((d) => numeric(d.packageReferenceNumber) === ref) ??
      (labels.length === pieces.length ? labels[i] : labels[0]);
    return own ? [label(own, n)] : [];
  });
}

const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  invoice: 'COMMERCIAL_INVOICE',
  waybillDoc: 'WAYBILL',
  shipmentReceipt: 'SHIPMENT_RECEIPT',
  'qr-code': 'QR_CODE',
};

function documentsOf(body: JsonObject): ShippingDocument[] {
  const docs = [...objects(body.documents), ...objects(body.packages).flatMap((p) => objects(p.documents))];
  return docs.flatMap((d) => {
    const type = text(d.typeCode);
    const content = text(d.content);
    if (!type || type === 'label' || !content) return [];
    return [
      {
        type: DOCUMENT_TYPES[type] ?? type.toUpperCase(),
        format: (text(d.imageFormat) ?? 'PDF').toUpperCase(),
        content,
      },
    ];
  });
}

/** shipmentCharges (getRateEstimates): the BILLC total, its first breakdown line as the base charge. */
function costsOf(body: JsonObject): Costs | undefined {
  const charges = objects(body.shipmentCharges);
  const charge = charges.find((c) => text(c.currencyType) === 'BILLC') ?? charges[0];
  const total = numeric(charge?.price);
  const currency = text(charge?.priceCurrency);
  if (!charge || total === undefined || !currency) return undefined;
  const base = numeric(objects(charge.serviceBreakdown)[0]?.price) ?? total;
  return {
    base_charge: toDecimalString(base),
    surcharges: toDecimalString(total - base),
    discounts: '0.00',
    taxes: '0.00',
    net_charge: toDecimalString(total),
    currency,
  };
}

export function parseShipResponse(body: unknown, productCode?: string): BookedShipment {
  throwIfError(body);
  const b = obj(body);
  const raw = b?.shipmentTrackingNumber;
  // The fixture sends the waybill number as a JSON number.
  const master = text(raw) ?? (typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : undefined);
  if (!b || !master) throw unexpectedBody('ship response (no shipmentTrackingNumber)');
  const documents = documentsOf(b);
  const estimated = text(dig(b, 'estimatedDeliveryDate', 'estimatedDeliveryDate'));
  return dropUndefined<BookedShipment>({
    tracking_number: master,
    service_type: productCode === undefined ? undefined : productSlug(productCode),
    packages: packagesOf(b, master),
    costs: costsOf(b),
    shipping_documents: documents.length > 0 ? documents : undefined,
    estimated_date: estimated === undefined ? undefined : toIsoDate(estimated),
  });
}
