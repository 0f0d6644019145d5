/**
 * Booking: ShipmentRequest → UPS `POST /api/shipments/{version}/ship` body, and its answer →
 * BookedShipment. Shape follows Shipping.yaml (SHIPRequestWrapper / SHIPResponseWrapper) and the
 * recorded fixtures/shipment_*RequestJSON.json, shipment_ShipmentResponseJSON.json (PackageResults
 * as one object) and return_shipment_ShipmentResponseJSON.json (as a list). All packages go in one
 * request; UPS answers one PackageResults entry with a base64 GraphicImage per package.
 */
import type { BookedPackage, BookedShipment, Costs, ShippingDocument } from '../../domain/types.js';
import type { ShipmentRequest } from './fields.js';
import { ApiError } from '../../domain/errors.js';
import { dig, dropUndefined, obj, objectList, text, texts, toDecimalString, type JsonObject } from '../shared/json.js';
import { decodeBase64 } from '../../documents/index.js';
import type { LabelWork } from '../../documents/index.js';
import { REFERENCE_CODES, isMailInnovations, labelChoice, serviceName, type LabelChoice } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import {
  currencyOf,
  isInternational,
  moneyOf,
  shipmentServiceOptions,
  wireNumber,
  wirePackages,
  wireParty,
  wireServiceCode,
  wireShipDate,
  responseFailed,
} from './mapping.js';
import { internationalForms } from './ship-request.js';
import type { CarrierBReference, CarrierBShipRequest } from './wire.js';

/** Shipping.yaml Shipment.ReturnService.Code 9 = UPS Print Return Label (PRL): the label is handed back to print. */
const PRINT_RETURN_LABEL = '9';
/**
 * Shipping.yaml Notification.NotificationCode: 6 = QV Ship Notification ("allowed for forward moving
 * shipments only"), 2 = Return Notification or Label Creation Notification for returns.
 */
const SHIP_NOTIFICATION = '6';
const RETURN_NOTIFICATION = '2';

/** Reference numbers a shipment or package carries (Shipping.yaml ReferenceNumber: two at most). */
const MAX_REFERENCES = 2;

/**
 * Whether Waybill's own reference rides beside the shipper's: when they leave one of the two
 * reference numbers free, so theirs are never displaced. Reference tracking (lookup.ts) searches
 * every reference number of a shipment.
 */
export function carriesWaybillReference(req: ShipmentRequest): boolean {
  return req.waybill_reference !== undefined && (req.references ?? []).length < MAX_REFERENCES;
}

/**
 * references → ReferenceNumber, Waybill's own after the shipper's. Shipping.yaml: shipment-level
 * references are "Valid if the origin/destination pair is not US/US or PR/PR", package-level ones
 * only for US/US and PR/PR.
 */
function references(req: ShipmentRequest): { shipment?: CarrierBReference[]; pkg?: CarrierBReference[] } {
  const refs = (req.references ?? [])
    .slice(0, MAX_REFERENCES)
    .map((r) => dropUndefined<CarrierBReference>({ Code: REFERENCE_CODES[r.type], Value: r.value.slice(0, 35) }));
  if (carriesWaybillReference(req)) refs.push({ Value: req.waybill_reference! });
  if (refs.length === 0) return {};
  const domesticUs =
    ['US', 'PR'].includes(req.sender.country.toUpperCase()) &&
    req.sender.country.toUpperCase() === req.recipient.country.toUpperCase();
  return domesticUs ? { pkg: refs } : { shipment: refs };
}

function description(req: ShipmentRequest): string {
  return (req.customs_items?.[0]?.description ?? 'Merchandise').slice(0, 50);
}

export function buildShipRequest(req: ShipmentRequest, accountNumber: string, now: Date): CarrierBShipRequest {
  const code = wireServiceCode(req.service);
  if (code === undefined)
    throw new ApiError('schema_field_required', 'carrier_b needs a service to book a shipment', 'shipment.service');
  const international = isInternational(req);
  if (international && !req.documents_only && (req.customs_items ?? []).length === 0) {
    throw new ApiError(
      'schema_field_required',
      'carrier_b needs customs_items for an international shipment',
      'shipment.customs_items',
    );
  }
  const label = labelChoice(req.label_type, req.label_size);
  const refs = references(req);
  const options = shipmentServiceOptions(req);
  if (international && (req.customs_items ?? []).length > 0) options.InternationalForms = internationalForms(req, now);
  const notifications = (req.notifications ?? []).filter((n) => n.type === 'email' || n.value.includes('@'));
  if (notifications.length > 0) {
    options.Notification = notifications.map((n) => ({
      NotificationCode: req.type === 'return' ? RETURN_NOTIFICATION : SHIP_NOTIFICATION,
      EMail: { EMailAddress: [n.value] },
    }));
  }
  if ((req.special_services ?? []).includes('mi_label_cn22') && !isMailInnovations(code)) {
    throw new ApiError(
      'schema_validation_error',
      'mi_label_cn22 applies to Mail Innovations services only',
      'shipment.special_services',
    );
  }
  const mi = isMailInnovations(code);
  // The invoice total: the declared package values, else the customs line values.
  const packageValue = req.packages.reduce((s, p) => s + (p.value ?? 0), 0);
  const totalValue =
    packageValue > 0 ? packageValue : (req.customs_items ?? []).reduce((s, i) => s + (i.value ?? 0), 0);
  const charges = [{ Type: '01', BillShipper: { AccountNumber: accountNumber } }];
  // Type 02 = duties and taxes, billed to the shipper too when the terms say so (DDP).
  if (international && (req.terms_of_trade === 'DDP' || req.terms_of_shipment === 'DDP'))
    charges.push({ Type: '02', BillShipper: { AccountNumber: accountNumber } });

  return dropUndefined<CarrierBShipRequest>({
    ShipmentRequest: {
      // nonvalidate: no street-level address validation (the caller validated the address).
      Request: { RequestOption: 'nonvalidate', SubVersion: '2409', TransactionReference: { CustomerContext: 'ship' } },
      Shipment: {
        Description: description(req),
        ReturnService:
          req.type === 'return' ? { Code: PRINT_RETURN_LABEL, Description: 'Print Return Label' } : undefined,
        DocumentsOnlyIndicator: req.documents_only ? '' : undefined,
        // Shipping.yaml Shipment.GoodsNotInFreeCirculationIndicator: an empty tag.
        GoodsNotInFreeCirculationIndicator: (req.special_services ?? []).includes('goods_not_in_free_circulation')
          ? ''
          : undefined,
        Shipper: { ...wireParty(req.sender, true), ShipperNumber: accountNumber },
        ShipTo: wireParty(req.recipient, true),
        ShipFrom: wireParty(req.sender, true),
        PaymentInformation: { ShipmentCharge: charges },
        Service: { Code: code, Description: serviceName(code) },
        ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' },
        ShipmentServiceOptions: Object.keys(options).length > 0 ? options : undefined,
        ReferenceNumber: refs.shipment,
        InvoiceLineTotal: international
          ? { CurrencyCode: currencyOf(req), MonetaryValue: wireNumber(totalValue) }
          : undefined,
        // Mail Innovations: 5 = No Service Selected ("For International Mail Innovations shipments use
        // No Service Selected"); PackageID is required for forward shipments, CostCenter for returns.
        USPSEndorsement: mi ? '5' : undefined,
        PackageID: mi
          ? (req.references?.[0]?.value ?? 'PACKAGE1').replace(/[^A-Za-z0-9]/g, '').slice(0, 30) || 'PACKAGE1'
          : undefined,
        CostCenter: mi && req.type === 'return' ? '0001' : undefined,
        MILabelCN22Indicator: mi && (req.special_services ?? []).includes('mi_label_cn22') ? '' : undefined,
        // Package.Description: "Required for shipment with return service"; customs read it abroad too.
        Package: wirePackages(req, 'Packaging').map((p) => ({
          ...p,
          Description: req.type === 'return' || international ? description(req) : undefined,
          ReferenceNumber: refs.pkg,
        })),
        ShipmentDate: wireShipDate(req, now),
      },
      LabelSpecification: {
        LabelImageFormat: { Code: label.imageFormat, Description: label.imageFormat },
        LabelStockSize: label.stock,
      },
    },
  });
}

/** Base64 label bytes; anything that is not base64 is a carrier fault, not a crash. */
function labelBytes(encoded: string, what: string): Uint8Array {
  const bytes = decodeBase64(encoded);
  if (!bytes) throw unexpectedBody(`${what} (not base64)`);
  return bytes;
}

function packagesOf(
  results: JsonObject,
  master: string,
): { trackingNumber: string; bytes: Uint8Array; format: string }[] {
  const packages = objectList(results.PackageResults);
  if (packages.length === 0) throw unexpectedBody('ship response (no PackageResults)');
  return packages.map((p, i) => {
    const trackingNumber = text(p.TrackingNumber) ?? (i === 0 ? master : undefined);
    if (!trackingNumber) throw unexpectedBody(`ship response (package ${i} has no TrackingNumber)`);
    const label = obj(p.ShippingLabel);
    // Mail Innovations CN22 combination labels may come in parts (GraphicImagePart), in order.
    const image = text(label?.GraphicImage) ?? (texts(label?.GraphicImagePart).join('') || undefined);
    if (!image)
      throw new ApiError(
        'carrier_http_exception',
        `carrier_b returned no label for package ${trackingNumber}`,
        'ShippingLabel.GraphicImage was missing',
      );
    return {
      trackingNumber,
      bytes: labelBytes(image, `label of package ${trackingNumber}`),
      format: (text(dig(label, 'ImageFormat', 'Code')) ?? 'GIF').toUpperCase(),
    };
  });
}

function costsOf(results: JsonObject): Costs | undefined {
  const charges = obj(results.ShipmentCharges);
  const negotiated = obj(dig(results, 'NegotiatedRateCharges'));
  const listTotal = moneyOf(charges?.TotalChargesWithTaxes) ?? moneyOf(charges?.TotalCharges);
  const net =
    (negotiated ? (moneyOf(negotiated.TotalChargesWithTaxes) ?? moneyOf(negotiated.TotalCharge)) : undefined) ??
    listTotal;
  if (!net) return undefined;
  const base = moneyOf(charges?.BaseServiceCharge) ?? moneyOf(charges?.TransportationCharges);
  const options = moneyOf(charges?.ServiceOptionsCharges);
  const taxes = objectList(charges?.TaxCharges).reduce((s, t) => s + (moneyOf(t, net.currency)?.amount ?? 0), 0);
  const surcharges =
    (moneyOf(charges?.TransportationCharges)?.amount ?? 0) - (base?.amount ?? 0) + (options?.amount ?? 0);
  const discounts = listTotal && listTotal.amount > net.amount ? listTotal.amount - net.amount : 0;
  return {
    base_charge: toDecimalString(base?.amount ?? net.amount),
    surcharges: toDecimalString(Math.max(0, surcharges)),
    discounts: toDecimalString(discounts),
    taxes: toDecimalString(taxes),
    net_charge: toDecimalString(net.amount),
    currency: net.currency,
  };
}

/** ShipmentResults.Form: the international forms UPS generated (commercial invoice…), as shipping documents. */
function documentsOf(results: JsonObject): ShippingDocument[] {
  return objectList(results.Form).flatMap((form) => {
    const content = text(dig(form, 'Image', 'GraphicImage'));
    if (!content) return [];
    const format = (text(dig(form, 'Image', 'ImageFormat', 'Code')) ?? 'PDF').toUpperCase();
    return [
      {
        type: text(form.Code) === '01' ? 'COMMERCIAL_INVOICE' : (text(form.Description) ?? 'INTERNATIONAL_FORMS'),
        format,
        content,
      },
    ];
  });
}

/** UPS ship answer → BookedShipment; labels are turned into what the user asked (PNG → PDF for PDF, by the label work handed in). */
export async function parseShipResponse(
  body: unknown,
  opts: { deliver?: LabelChoice['deliver']; service?: string; labels?: Pick<LabelWork, 'combineLabels'> } = {},
): Promise<BookedShipment> {
  throwIfError(body);
  const response = obj(dig(body, 'ShipmentResponse'));
  const failed = response ? responseFailed(response) : undefined;
  if (failed) throw failed;
  const results = obj(response?.ShipmentResults);
  if (!results) throw unexpectedBody('ship response (no ShipmentResults)');
  const master =
    text(results.ShipmentIdentificationNumber) ?? text(dig(objectList(results.PackageResults)[0], 'TrackingNumber'));
  if (!master) throw unexpectedBody('ship response (no ShipmentIdentificationNumber)');
  // Every package's label at once: the threads of the label work take them in parallel.
  const packages: BookedPackage[] = await Promise.all(
    packagesOf(results, master).map(async (p): Promise<BookedPackage> => {
      if (opts.deliver !== 'PDF' || p.format !== 'PNG')
        return { tracking_number: p.trackingNumber, label: p.bytes, label_format: p.format };
      // The client always hands it in; only a caller of this function alone can leave it out.
      if (!opts.labels) throw new Error('carrier_b PDF labels need the label work (LabelWork) handed in');
      // UPS has no PDF label: the PNG it returned is placed on a PDF page at its printed size.
      try {
        return {
          tracking_number: p.trackingNumber,
          label: (await opts.labels.combineLabels('PNG', [p.bytes])).bytes,
          label_format: 'PDF',
        };
      } catch (err) {
        throw unexpectedBody(
          `label of package ${p.trackingNumber} (${err instanceof ApiError && err.code === 'payload_too_large' ? err.message : 'not a readable PNG'})`,
        );
      }
    }),
  );
  const documents = documentsOf(results);
  return dropUndefined<BookedShipment>({
    tracking_number: master,
    // The ship answer does not name the service: it is the one booked.
    service_type: opts.service,
    packages,
    costs: costsOf(results),
    shipping_documents: documents.length > 0 ? documents : undefined,
  });
}
