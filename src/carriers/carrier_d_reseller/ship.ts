/**
 * Booking: one LabelRequest per package (GetPostageLabelXML; postage labels are single-piece,
 * README.md §4) and LabelRequestResponse → the package's label (§5). Samples: endpost VCR
 * get_postage_label_*, tehpeh postage_label(_international)_success, RWC requests/responses,
 * listing-3-1/3-2. The shipment is assembled from its packages' labels in `assembleShipment`.
 */
import type { BookedPackage, BookedShipment, Costs, Package, ShippingDocument } from '../../domain/types.js';
import type { ShipmentRequest } from './fields.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined, toDecimalString } from '../shared/json.js';
import { decodeBase64 as decodeBase64Text } from '../../documents/index.js';
import { xmlAttr, xmlElement, xmlList, xmlNumber, xmlText } from '../shared/xml.js';
import { labelAttributes, serviceSlug, type LabelAttributes } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import {
  checkDestination,
  dimensions,
  isInternational,
  isoDateOf,
  mailClass,
  mailpieceShape,
  referenceElements,
  servicesOf,
  weightOz,
  responseRoot,
} from './mapping.js';
import { customsInfo, fromElements, line, toElements } from './ship-request.js';
import type { Credentials, WireLabelRequest } from './wire.js';

export function labelAttributesOf(req: ShipmentRequest): LabelAttributes {
  const attrs = labelAttributes(req.label_type, req.label_size, isInternational(req));
  if (!attrs)
    throw new ApiError(
      'schema_validation_error',
      `label_type ${req.label_type} is not offered by carrier_d_reseller`,
      'shipment.label_type',
    );
  return attrs;
}

/** Days from today to the ship date (DateAdvance, 0-7; §4). */
function dateAdvance(req: ShipmentRequest, now: Date): string {
  if (req.ship_date === undefined) return '0';
  const days = Math.round(
    (Date.parse(`${req.ship_date}T00:00:00Z`) - Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`)) / 86_400_000,
  );
  if (days > 7)
    throw new ApiError(
      'schema_validation_error',
      'carrier_d_reseller labels can be dated at most 7 days ahead',
      'shipment.ship_date',
    );
  return String(Math.max(0, days));
}

export interface LabelRequestOptions {
  /** Sample postage on the test server (Test="YES"). */
  test: boolean;
  now: Date;
}

/** The LabelRequest of package `index` of the shipment. */
export function buildShipRequest(
  req: ShipmentRequest,
  index: number,
  creds: Credentials,
  opts: LabelRequestOptions,
): WireLabelRequest {
  const code = mailClass(req);
  if (code === undefined)
    throw new ApiError(
      'schema_field_required',
      'carrier_d_reseller needs a service to book a label',
      'shipment.service',
    );
  checkDestination(req);
  const pkg: Package | undefined = req.packages[index];
  if (!pkg) throw new ApiError('schema_validation_error', `package ${index} does not exist`, 'shipment.packages');
  const international = isInternational(req);
  const attrs = labelAttributesOf(req);
  const customs = international ? customsInfo(req) : undefined;
  return dropUndefined<WireLabelRequest>({
    '@_Test': opts.test ? 'YES' : 'NO',
    '@_LabelType': attrs.LabelType,
    '@_LabelSubtype': attrs.LabelSubtype,
    '@_LabelSize': attrs.LabelSize,
    '@_ImageFormat': attrs.ImageFormat,
    '@_ImageResolution': attrs.ImageResolution,
    RequesterID: creds.requesterId,
    AccountID: creds.accountId,
    PassPhrase: creds.passPhrase,
    MailClass: code,
    DateAdvance: dateAdvance(req, opts.now),
    WeightOz: weightOz(pkg.weight, req.weight_units),
    MailpieceShape: mailpieceShape(req),
    MailpieceDimensions: dimensions(pkg, req.dim_units),
    ...servicesOf(req, pkg),
    Value: pkg.value === undefined ? undefined : toDecimalString(pkg.value),
    // §4: every sample sends it and error 12144 exists: the shipping account names the customer.
    PartnerCustomerID: req.shipping_account.slice(0, 120),
    ...referenceElements(req),
    ResponseOptions: { '@_PostagePrice': 'TRUE' },
    ...fromElements(req.sender),
    ...toElements(req.recipient, international),
    CustomsCertify: customs ? 'TRUE' : undefined,
    CustomsSigner: customs ? line(req.sender.name ?? req.sender.company) : undefined,
    CustomsInfo: customs,
  });
}

/** Base64 payload → bytes; anything that is not base64 is a carrier fault, not a crash. */
function decodeBase64(encoded: string, what: string): Uint8Array {
  const bytes = decodeBase64Text(encoded);
  if (!bytes) throw unexpectedBody(`${what} (not base64)`);
  return bytes;
}

/** One booked label as ELS answered it. */
export interface BookedLabel {
  trackingNumber: string;
  /** Label parts in order: part 1 the label, further parts the integrated customs form copies (§5). */
  parts: Uint8Array[];
  format: string;
  postage: number;
  fees: number;
  finalPostage: number;
  mailClass?: string;
  transactionId?: string;
  postageBalance?: string;
  transitDays?: number;
  estimatedDate?: string;
}

/** Image parts in PartNumber order from `Label` (or the legacy `CustomsForm`) (§5). */
function imageParts(node: unknown, what: string): Uint8Array[] {
  const images = xmlList(xmlElement(node)?.Image);
  return images
    .map((img, i) => ({ n: xmlNumber(xmlAttr(img, 'PartNumber')) ?? i + 1, text: xmlText(img) }))
    .filter((p): p is { n: number; text: string } => p.text !== undefined)
    .sort((a, b) => a.n - b.n)
    .map((p) => decodeBase64(p.text, `${what} part ${p.n}`));
}

export function parseShipResponse(body: string, format: string): BookedLabel {
  const root = responseRoot(body, 'LabelRequestResponse');
  throwIfError(root, 'label response');
  const trackingNumber = xmlText(root.TrackingNumber) ?? xmlText(root.PIC) ?? xmlText(root.CustomsNumber);
  if (!trackingNumber) throw unexpectedBody('label response (no TrackingNumber)');
  const single = xmlText(root.Base64LabelImage);
  const parts = single
    ? [decodeBase64(single, 'label')]
    : [...imageParts(root.Label, 'label'), ...imageParts(root.CustomsForm, 'customs form')];
  if (parts.length === 0) throw unexpectedBody(`label response (no label image for ${trackingNumber})`);
  const price = xmlElement(root.PostagePrice);
  const finalPostage = xmlNumber(root.FinalPostage) ?? xmlNumber(xmlAttr(price, 'TotalAmount'));
  if (finalPostage === undefined) throw unexpectedBody('label response (no FinalPostage)');
  const postage = xmlNumber(xmlAttr(xmlElement(price?.Postage), 'TotalAmount')) ?? finalPostage;
  const days = xmlNumber(price?.DeliveryTimeDays) ?? xmlNumber(root.DeliveryTimeDays);
  return dropUndefined<BookedLabel>({
    trackingNumber,
    parts,
    format,
    postage,
    fees: xmlNumber(xmlAttr(xmlElement(price?.Fees), 'TotalAmount')) ?? Math.max(0, finalPostage - postage),
    finalPostage,
    mailClass: xmlText(price?.MailClass),
    transactionId: xmlText(root.TransactionID),
    postageBalance: xmlText(root.PostageBalance),
    transitDays: days !== undefined && days > 0 ? Math.round(days) : undefined,
    estimatedDate: isoDateOf(xmlText(price?.EstimatedDeliveryDate) ?? xmlText(root.EstimatedDeliveryDate)),
  });
}

/**
 * The shipment from its packages' labels: the first package's number is the shipment's. Customs
 * form parts print with the label: a PDF label becomes one document of all parts (by `mergePdf`),
 * a printer stream carries them back to back; an image label keeps its first part. Every further
 * part is also listed in shipping_documents as the customs declaration.
 */
export async function assembleShipment(
  req: ShipmentRequest,
  labels: BookedLabel[],
  mergePdf: (parts: Uint8Array[]) => Promise<Uint8Array>,
): Promise<BookedShipment> {
  const first = labels[0];
  if (!first) throw unexpectedBody('label response (no labels)');
  const documents: ShippingDocument[] = [];
  const packages: BookedPackage[] = [];
  for (const l of labels) {
    const [label, ...forms] = l.parts;
    if (!label) throw unexpectedBody(`label response (no label image for ${l.trackingNumber})`);
    for (const form of forms)
      documents.push({ type: 'customs_declaration', format: l.format, content: Buffer.from(form).toString('base64') });
    let bytes = label;
    if (forms.length > 0 && l.format === 'PDF') {
      try {
        bytes = await mergePdf(l.parts);
      } catch {
        throw unexpectedBody(`label response (the PDF parts of ${l.trackingNumber} do not read as PDF)`);
      }
    } else if (forms.length > 0 && (l.format === 'ZPLII' || l.format === 'EPL2'))
      bytes = Uint8Array.from(Buffer.concat(l.parts.flatMap((p) => [p, Buffer.from('\n')])));
    packages.push({ tracking_number: l.trackingNumber, label: bytes, label_format: l.format });
  }
  const sum = (f: (l: BookedLabel) => number): number => labels.reduce((s, l) => s + f(l), 0);
  const costs: Costs = {
    base_charge: toDecimalString(sum((l) => l.postage)),
    surcharges: toDecimalString(sum((l) => l.fees)),
    discounts: '0.00',
    taxes: '0.00',
    net_charge: toDecimalString(sum((l) => l.finalPostage)),
    currency: 'USD',
  };
  const days = labels.map((l) => l.transitDays).filter((d): d is number => d !== undefined);
  const dates = labels
    .map((l) => l.estimatedDate)
    .filter((d): d is string => d !== undefined)
    .sort();
  return dropUndefined<BookedShipment>({
    tracking_number: first.trackingNumber,
    // Cancelling refunds every package: their numbers ride along as the shipment's carrier id.
    carrier_shipment_id: labels.length > 1 ? labels.map((l) => l.trackingNumber).join(',') : undefined,
    service_type: req.service ?? serviceSlug(first.mailClass),
    packages,
    costs,
    shipping_documents: documents.length > 0 ? documents : undefined,
    transit_days: days.length === labels.length && days.length > 0 ? Math.max(...days) : undefined,
    estimated_date: dates.length === labels.length && dates.length > 0 ? dates.at(-1) : undefined,
  });
}
