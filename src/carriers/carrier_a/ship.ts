/**
 * Booking: ShipmentRequest → FedEx /ship/v1/shipments body, and its answer → BookedShipment.
 * Shape follows ship-api.json (Full_Schema_Ship / TransactionShipmentOutputVO) and the recorded
 * fixtures/shipment_ShipmentRequest.json, shipment_MultiPieceShipmentRequest.json (all packages
 * in one request; FedEx answers one pieceResponse per package) and the response fixtures.
 */
import type { BookedPackage, BookedShipment, Costs, ShipmentRequest, ShippingDocument } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import {
  dig,
  dropUndefined,
  numeric,
  obj,
  objects,
  text,
  texts,
  toDecimalString,
  type JsonObject,
} from '../shared/json.js';
import { toIsoDate } from '../shared/time.js';
import { decodeBase64 as decodeBase64Text } from '../../documents/index.js';
import { REFERENCE_TYPES, labelSpecification, serviceSlug, transitDays } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import {
  commodities,
  currencyOf,
  wireAddress,
  wirePackagingType,
  wireServiceType,
  isInternational,
  packageLineItems,
  rateRequestTypes,
  shipmentSpecialServices,
  smartPostInfo,
  totalWeightLb,
  type CarrierABuildOptions,
  waybillReferenceType,
} from './mapping.js';
import type { CarrierAContact, CarrierACustomerReference, CarrierAParty } from './wire.js';
import type { CarrierAShipRequest } from './wire-ship.js';

function contactOf(a: ShipmentRequest['sender']): CarrierAContact {
  return { personName: a.name, companyName: a.company, phoneNumber: a.phone, emailAddress: a.email };
}

/** references → customerReferences; an unknown type is still printed, as a customer reference. */
export function customerReferences(req: ShipmentRequest): CarrierACustomerReference[] {
  return (req.references ?? []).map((r) => ({
    customerReferenceType: REFERENCE_TYPES[r.type] ?? 'CUSTOMER_REFERENCE',
    value: r.value,
  }));
}

/** The shipper's references each package carries: on international shipments the invoice number goes on the commercial invoice instead. */
function packageReferences(req: ShipmentRequest): CarrierACustomerReference[] {
  const references = customerReferences(req);
  return isInternational(req) ? references.filter((r) => r.customerReferenceType !== 'INVOICE_NUMBER') : references;
}

/** The type Waybill's own reference rides in on this booking's packages (lookup.ts searches by it). */
export function waybillReferenceOf(req: ShipmentRequest): ReturnType<typeof waybillReferenceType> {
  return waybillReferenceType(
    req,
    packageReferences(req).map((r) => r.customerReferenceType),
  );
}

/** Waybill's own reference, on every package beside the shipper's (mapping.ts waybillReferenceType). */
function withWaybillReference(req: ShipmentRequest, refs: CarrierACustomerReference[]): CarrierACustomerReference[] {
  const type = waybillReferenceOf(req);
  return type ? [...refs, { customerReferenceType: type.ship, value: req.waybill_reference! }] : refs;
}

export function buildShipRequest(
  req: ShipmentRequest,
  accountNumber: string,
  opts: CarrierABuildOptions = {},
): CarrierAShipRequest {
  const serviceType = wireServiceType(req);
  if (serviceType === undefined)
    throw new ApiError('schema_field_required', 'carrier_a needs a service to book a shipment', 'shipment.service');
  const international = isInternational(req);
  if (international && (req.customs_items ?? []).length === 0) {
    // FedEx clears international goods on commodity descriptions; inventing them would only delay customs.
    throw new ApiError(
      'schema_field_required',
      'carrier_a needs customs_items for an international shipment',
      'shipment.customs_items',
    );
  }
  const currency = currencyOf(req);
  const shipper: CarrierAParty = { address: wireAddress(req.sender, true), contact: contactOf(req.sender) };
  const payor = { responsibleParty: { ...shipper, accountNumber: { value: accountNumber } } };
  const references = customerReferences(req);
  // The commercial invoice carries the invoice number; labels carry the other references.
  const invoiceFirst = [...references].sort(
    (a, b) =>
      Number(b.customerReferenceType === 'INVOICE_NUMBER') - Number(a.customerReferenceType === 'INVOICE_NUMBER'),
  );
  const packageRefs = withWaybillReference(req, packageReferences(req));
  const lines = packageLineItems(req, true).map((line) => ({
    ...line,
    customerReferences: packageRefs.length > 0 ? packageRefs : undefined,
  }));

  return dropUndefined<CarrierAShipRequest>({
    accountNumber: { value: accountNumber },
    // LABEL: labels come back base64-encoded in the answer (LABELRESPONSEOPTIONS), not as URLs.
    labelResponseOptions: 'LABEL',
    shipAction: 'CONFIRM',
    oneLabelAtATime: false,
    requestedShipment: {
      // Without ship_date the carrier dates the shipment by its own today in the shipper's time
      // zone (its documented default), which the reply reports: the service's clock and time zone
      // may be a day off the carrier's, and a date before the carrier's today is refused.
      shipDatestamp: req.ship_date,
      pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
      serviceType,
      packagingType: wirePackagingType(req),
      blockInsightVisibility: false,
      shipper,
      recipients: [{ address: wireAddress(req.recipient, true), contact: contactOf(req.recipient) }],
      shippingChargesPayment: { paymentType: 'SENDER', payor },
      labelSpecification: {
        ...labelSpecification(req.label_type, req.label_size),
        labelFormatType: 'COMMON2D',
        labelOrder: 'SHIPPING_LABEL_FIRST',
      },
      rateRequestType: rateRequestTypes(req),
      preferredCurrency: req.currency,
      totalWeight: totalWeightLb(req),
      totalPackageCount: req.packages.length,
      requestedPackageLineItems: lines,
      shipmentSpecialServices: shipmentSpecialServices(req, true),
      customsClearanceDetail: international
        ? {
            commercialInvoice: {
              originatorName: req.sender.name ?? req.sender.company,
              customerReferences: invoiceFirst.length > 0 ? invoiceFirst : undefined,
              termsOfSale: req.terms_of_trade,
              shipmentPurpose: req.type === 'return' ? 'REPAIR_AND_RETURN' : 'SOLD',
              declarationStatement: req.declaration_statement,
            },
            commodities: commodities(req, false),
            dutiesPayment: { paymentType: 'SENDER', payor },
            insuranceCharge: req.insurance_cost === undefined ? undefined : { amount: req.insurance_cost, currency },
            isDocumentOnly: false,
          }
        : undefined,
      shippingDocumentSpecification: international
        ? {
            shippingDocumentTypes: ['COMMERCIAL_INVOICE'],
            commercialInvoiceDetail: { documentFormat: { docType: 'PDF', stockType: 'PAPER_LETTER' } },
          }
        : undefined,
      smartPostInfoDetail: smartPostInfo(req, opts, false),
    },
  });
}

/** Base64 label bytes; anything that is not base64 is a carrier fault, not a crash. */
function decodeBase64(encoded: string, what: string): Uint8Array {
  const bytes = decodeBase64Text(encoded);
  if (!bytes) throw unexpectedBody(`${what} (not base64)`);
  return bytes;
}

function isLabel(doc: JsonObject): boolean {
  const type = text(doc.contentType);
  return type === undefined || type === 'LABEL';
}

function labelPackage(trackingNumber: string, docs: JsonObject[]): BookedPackage {
  const withBytes = docs.find((d) => text(d.encodedLabel) !== undefined);
  if (!withBytes) {
    const onlyUrl = docs.some((d) => text(d.url) !== undefined);
    throw new ApiError(
      'carrier_http_exception',
      onlyUrl
        ? `carrier_a returned the label of package ${trackingNumber} only as a URL; labels are expected inline`
        : `carrier_a returned no label for package ${trackingNumber}`,
      'labelResponseOptions LABEL was sent; the answer lacked encodedLabel',
    );
  }
  return {
    tracking_number: trackingNumber,
    label: decodeBase64(text(withBytes.encodedLabel) ?? '', `label of package ${trackingNumber}`),
    label_format: (text(withBytes.docType) ?? 'PDF').toUpperCase(),
  };
}

/** One package per pieceResponse; a shipment-level LABEL document stands in when a piece has none. */
function packagesOf(ts: JsonObject, master: string): BookedPackage[] {
  const shipmentLabels = objects(ts.shipmentDocuments).filter(isLabel);
  const pieces = objects(ts.pieceResponses);
  if (pieces.length === 0) {
    if (shipmentLabels.length === 0) throw unexpectedBody('ship response (no pieceResponses and no labels)');
    return shipmentLabels.map((d) => labelPackage(text(d.trackingNumber) ?? master, [d]));
  }
  return pieces.map((piece) => {
    const trackingNumber = text(piece.trackingNumber);
    if (!trackingNumber) throw unexpectedBody('ship response (piece without trackingNumber)');
    const own = objects(piece.packageDocuments).filter(isLabel);
    const fallback = shipmentLabels.filter(
      (d) => text(d.trackingNumber) === trackingNumber || (pieces.length === 1 && !text(d.trackingNumber)),
    );
    return labelPackage(trackingNumber, [...own, ...fallback]);
  });
}

/** ship-api.json ShipmentRating: the detail named by actualRateType, else the first priced one. */
function costsOf(ts: JsonObject): Costs | undefined {
  const rating = obj(dig(ts, 'completedShipmentDetail', 'shipmentRating'));
  const details = objects(rating?.shipmentRateDetails).filter((d) => numeric(d.totalNetCharge) !== undefined);
  const actual = text(rating?.actualRateType);
  const detail = details.find((d) => text(d.rateType) === actual) ?? details[0];
  const currency = text(detail?.currency);
  if (!detail || !currency) return undefined;
  const amount = (key: string): string => toDecimalString(numeric(detail[key]) ?? 0);
  return {
    base_charge: amount('totalBaseCharge'),
    surcharges: amount('totalSurcharges'),
    discounts: amount('totalFreightDiscounts'),
    taxes: amount('totalTaxes'),
    net_charge: amount('totalNetCharge'),
    currency,
  };
}

/**
 * Customs documents: transactionShipments[].shipmentDocuments (encodedLabel), else the same
 * document under completedShipmentDetail.shipmentDocuments[].parts[].image (IntlShipmentResponse
 * carries the commercial invoice in both places; it is reported once).
 */
function documentsOf(ts: JsonObject): ShippingDocument[] {
  const docs: ShippingDocument[] = [];
  for (const d of objects(ts.shipmentDocuments)) {
    const content = text(d.encodedLabel);
    const type = text(d.contentType);
    if (content && type && type !== 'LABEL')
      docs.push({ type, format: (text(d.docType) ?? 'PDF').toUpperCase(), content });
  }
  for (const d of objects(dig(ts, 'completedShipmentDetail', 'shipmentDocuments'))) {
    const type = text(d.type);
    if (!type || type === 'LABEL' || docs.some((x) => x.type === type)) continue;
    for (const part of objects(d.parts)) {
      const content = text(part.image);
      if (content) docs.push({ type, format: (text(d.imageType) ?? 'PDF').toUpperCase(), content });
    }
  }
  return docs;
}

/** The date the carrier gave the shipment (YYYY-MM-DD), when it says. */
function shipDateOf(ts: JsonObject): string | undefined {
  const date = text(ts.shipDatestamp);
  return date !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
}

export function parseShipResponse(body: unknown): BookedShipment {
  throwIfError(body);
  const ts = obj(dig(body, 'output', 'transactionShipments', 0));
  if (!ts) throw unexpectedBody('ship response (no transactionShipments)');
  const master =
    text(ts.masterTrackingNumber) ??
    text(dig(ts, 'completedShipmentDetail', 'masterTrackingId', 'trackingNumber')) ??
    text(dig(ts, 'pieceResponses', 0, 'trackingNumber'));
  if (!master) throw unexpectedBody('ship response (no tracking number)');
  const operational = obj(dig(ts, 'completedShipmentDetail', 'operationalDetail'));
  const dateText =
    text(operational?.deliveryDate) ?? text(operational?.commitDate) ?? texts(operational?.commitDates)[0];
  const code = text(ts.serviceType);
  const documents = documentsOf(ts);
  return dropUndefined<BookedShipment>({
    tracking_number: master,
    service_type: code === undefined ? undefined : serviceSlug(code),
    packages: packagesOf(ts, master),
    costs: costsOf(ts),
    shipping_documents: documents.length > 0 ? documents : undefined,
    ship_date: shipDateOf(ts),
    estimated_date: dateText === undefined ? undefined : toIsoDate(dateText),
    transit_days: transitDays(text(operational?.transitTime)),
  });
}
