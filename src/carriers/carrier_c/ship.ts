/**
 * Booking: ShipmentRequest → MyDHL POST /shipments body (supermodelIoLogisticsExpressCreateShipmentRequest)
 * and its answer (…CreateShipmentResponse) → BookedShipment. Recorded as
 * fixtures/shipment_ShipmentRequest.json / shipment_ShipmentResponse.json; samples/shipment_request.json
 * (customs: content.exportDeclaration, parties, references) and shipment_response.json (labels,
 * waybill and invoice in `documents[]`, QR codes under `packages[].documents`).
 */
import type { Address, BookedPackage, BookedShipment, Costs, ShippingDocument } from '../../domain/types.js';
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
  rateAddress,
  shipperAccount,
  unitOfMeasurement,
  valueAddedServices,
  weightInKg,
} from './mapping.js';
import type {
  CarrierCExportDeclaration,
  CarrierCImageOption,
  CarrierCLineItem,
  CarrierCParty,
  CarrierCRegistrationNumber,
  CarrierCShipmentRequest,
} from './wire.js';

/** supermodelIoLogisticsExpressRegistrationNumbers typeCodes: VAT, EOR, SDT (IOSS), NID. */
function registrationNumbers(a: Address): CarrierCRegistrationNumber[] | undefined {
  const country = a.country.toUpperCase();
  const pairs: [string, string | undefined][] = [
    ['VAT', a.tax_id],
    ['EOR', a.eori_number],
    ['SDT', a.ioss_number],
    ['NID', a.personal_id_number],
  ];
  const out = pairs
    .filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '')
    .map(([typeCode, number]) => ({ typeCode, number, issuerCountryCode: country }));
  return out.length > 0 ? out : undefined;
}

const PARTY_TYPES = new Set(['business', 'direct_consumer', 'government', 'other', 'private', 'reseller']);

/** A party: MyDHL needs both a company and a person name, so each stands in for the other. */
export function wireParty(a: Address): CarrierCParty {
  const trader = a.trader_type?.toLowerCase();
  return dropUndefined<CarrierCParty>({
    postalAddress: rateAddress(a),
    contactInformation: {
      email: a.email,
      phone: a.phone ?? '',
      mobilePhone: a.phone,
      companyName: a.company ?? a.name ?? '',
      fullName: a.name ?? a.company ?? '',
    },
    registrationNumbers: registrationNumbers(a),
    typeCode: (trader && PARTY_TYPES.has(trader)
      ? trader
      : a.residential
        ? 'private'
        : 'business') as CarrierCParty['typeCode'],
  });
}

/** Product when the request names none: Express Domestic at home, Express Worldwide abroad. */
function productFor(req: ShipmentRequest): string {
  return wireProductCode(req.service) ?? (isInternational(req) ? 'P' : 'N');
}

const EXPORT_REASON_TYPES = new Set([
  'permanent',
  'temporary',
  'return',
  'used_exhibition_goods_to_origin',
  'intercompany_use',
  'commercial_purpose_or_sale',
  'personal_belongings_or_personal_use',
  'sample',
  'gift',
  'return_to_origin',
  'warranty_replacement',
  'diplomatic_goods',
  'defence_material',
]);

function lineItems(req: ShipmentRequest, exportReasonType: string): CarrierCLineItem[] {
  const origin = req.sender.country.toUpperCase();
  const items = req.customs_items ?? [];
  if (items.length === 0) {
    // MyDHL requires line items for a declarable shipment: one built from the packages.
    const weight = req.packages.reduce((s, p) => s + p.weight * (p.quantity ?? 1), 0);
    return [
      {
        number: 1,
        description: 'Merchandise',
        price: declaredValue(req),
        quantity: { value: 1, unitOfMeasurement: 'PCS' },
        exportReasonType,
        manufacturerCountry: origin,
        weight: { netValue: weight, grossValue: weight },
      },
    ];
  }
  return items.map((item, i) => {
    const quantity = item.quantity ?? 1;
    const hs = item.commodity_code ?? item.harmonized_code;
    const unitWeight = item.weight_unit === 'KG' || item.weight_unit === 'LB' ? item.weight_unit : req.weight_units;
    const net =
      item.weight === undefined
        ? 0
        : Math.round((weightInKg(item.weight, unitWeight) / weightInKg(1, req.weight_units)) * 1000) / 1000;
    return dropUndefined<CarrierCLineItem>({
      number: i + 1,
      description: item.description ?? 'Merchandise',
      // `value` of a customs item is the line total; MyDHL's price is per unit.
      price: Math.round(((item.value ?? 0) / quantity) * 1000) / 1000,
      quantity: { value: quantity, unitOfMeasurement: item.quantity_unit ?? 'PCS' },
      commodityCodes: hs ? [{ typeCode: 'outbound', value: hs }] : undefined,
      exportReasonType,
      manufacturerCountry: (item.manufacture_country_code ?? origin).toUpperCase(),
      exportControlClassificationNumber: req.eccn,
      weight: { netValue: net, grossValue: item.gross_weight ?? net },
    });
  });
}

const values = (...v: (string | undefined)[]): { value: string }[] | undefined => {
  const out = v.filter((x): x is string => x !== undefined && x !== '').map((value) => ({ value }));
  return out.length > 0 ? out : undefined;
};

export function exportDeclaration(req: ShipmentRequest, shipDate: string): CarrierCExportDeclaration {
  const licenses = [
    ...new Set((req.customs_items ?? []).map((i) => i.license_number).filter((l): l is string => !!l)),
  ].slice(0, 2);
  const charges = [
    req.freight_cost === undefined ? undefined : { value: req.freight_cost, typeCode: 'freight' },
    req.other_charges === undefined ? undefined : { value: req.other_charges, typeCode: 'other' },
  ].filter((c): c is { value: number; typeCode: string } => c !== undefined);
  const code = req.export_reason_code?.toLowerCase();
  const reason = code && EXPORT_REASON_TYPES.has(code) ? code : req.type === 'return' ? 'return' : 'permanent';
  return dropUndefined<CarrierCExportDeclaration>({
    lineItems: lineItems(req, reason),
    invoice: {
      // The invoice number is required; without one the ship date stands in (INV-YYYYMMDD).
      number: req.invoice_number ?? `INV-${shipDate.replace(/-/g, '')}`,
      date: req.invoice_date ?? shipDate,
      signatureName: req.signature_name,
      signatureTitle: req.signature_title,
      termsOfPayment: req.terms_of_payment,
    },
    remarks: values(req.remarks, req.other_remarks_2, req.other_remarks_3),
    additionalCharges: charges.length > 0 ? charges : undefined,
    placeOfIncoterm: req.place_of_incoterms,
    payerVATNumber: req.vatgst,
    recipientReference: req.receiver_reference,
    exporter: req.exporter_id || req.exporter_code ? { id: req.exporter_id, code: req.exporter_code } : undefined,
    packageMarks: req.package_marks,
    declarationNotes: values(req.add_decl_text ?? req.declaration_statement, req.add_decl_text_2, req.add_decl_text_3),
    exportReason: req.export_reason,
    exportReasonType: reason,
    licenses: licenses.length > 0 ? licenses.map((value) => ({ typeCode: 'export' as const, value })) : undefined,
    shipmentType: 'commercial',
  });
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
