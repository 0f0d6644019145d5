/**
 * Booking: one USPS label per package (labels are single-piece). ShipmentRequest → the body of
 * `POST /labels/v3/label` (domestic-labels.yaml LabelRequest), `/labels/v3/return-label`
 * (ReturnLabelRequest) or `/international-labels/v3/international-label` (InternationalLabelRequest,
 * customs form printed with the label); the multipart answer (labelMetadata JSON, labelImage,
 * receiptImage; fixtures/shipment_*.multipart.txt) → one BookedPackage. The JSON "vendor" answer
 * shape (fixtures/return_shipment_ReturnShipmentResponseJSON.json) is read as well.
 */
import type { BookedPackage, BookedShipment, Costs } from '../../domain/types.js';
import type { ShipmentRequest } from './fields.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined, numeric, obj, objects, text, toDecimalString, type JsonObject } from '../shared/json.js';
import { multipartBoundary, parseMultipart, partBytes, type MultipartPart } from '../shared/multipart.js';
import { toIsoDate } from '../shared/time.js';
import { extraServiceCodes, labelSpec } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import {
  isInternational,
  mailingDate,
  packageMeasures,
  requestedInputs,
  requireZip,
  wireAddress,
  zip5,
} from './mapping.js';
import type {
  CarrierDCustomsContent,
  CarrierDIntlLabelRequest,
  CarrierDLabelRequest,
  CarrierDPackageDescription,
} from './wire.js';

export type LabelKind = 'label' | 'return' | 'international';

export interface LabelCall {
  kind: LabelKind;
  body: CarrierDLabelRequest | CarrierDIntlLabelRequest;
}

const LB_PER_KG = 2.20462262;

function required(req: ShipmentRequest) {
  const inputs = requestedInputs(req);
  if (!inputs)
    throw new ApiError('schema_field_required', 'carrier_d needs a service to book a label', 'shipment.service');
  return inputs;
}

function packageDescription(req: ShipmentRequest, index: number, now: Date): CarrierDPackageDescription {
  const inputs = required(req);
  const p = req.packages[index];
  if (!p)
    throw new ApiError('schema_validation_error', `shipment.packages[${index}] does not exist`, 'shipment.packages');
  const extras = extraServiceCodes(req.special_services ?? [], p.value);
  const references = (req.references ?? [])
    .slice(0, 4)
    .map((r) => ({ referenceNumber: r.value.slice(0, 30), printReferenceNumber: true }));
  return dropUndefined<CarrierDPackageDescription>({
    weightUOM: 'lb',
    dimensionsUOM: 'in',
    ...packageMeasures(req, p),
    mailClass: inputs.mailClass,
    processingCategory: inputs.processingCategory,
    rateIndicator: inputs.rateIndicator,
    destinationEntryFacilityType: inputs.destinationEntryFacilityType,
    mailingDate: mailingDate(req, now),
    extraServices: extras.length > 0 ? extras : undefined,
    packageOptions: p.value !== undefined ? { packageValue: p.value } : undefined,
    customerReference: references.length > 0 ? references : undefined,
    inductionZIPCode: zip5(req.sender.postal_code),
  });
}

function contents(req: ShipmentRequest): CarrierDCustomsContent[] {
  const items = req.customs_items ?? [];
  if (items.length === 0)
    throw new ApiError(
      'schema_field_required',
      'carrier_d needs customs_items for an international label',
      'shipment.customs_items',
    );
  return items.slice(0, 30).map((item, i) => {
    const quantity = item.quantity ?? 1;
    const unitLb = (item.weight ?? 0) * ((item.weight_unit ?? req.weight_units) === 'KG' ? LB_PER_KG : 1);
    const weight = Math.max(0.01, Math.round(unitLb * 100) / 100);
    if (!item.description)
      throw new ApiError(
        'schema_field_required',
        'carrier_d customs items need a description',
        `shipment.customs_items[${i}].description`,
      );
    return dropUndefined<CarrierDCustomsContent>({
      itemDescription: item.description.slice(0, 30),
      itemQuantity: quantity,
      itemValue: item.value ?? 0,
      itemTotalValue: Math.round((item.value ?? 0) * quantity * 100) / 100,
      weightUOM: 'lb',
      itemWeight: weight,
      itemTotalWeight: Math.round(weight * quantity * 100) / 100,
      HSTariffNumber: item.harmonized_code?.replace(/\D/g, '') || undefined,
      countryofOrigin: (item.manufacture_country_code ?? req.sender.country).toUpperCase(),
    });
  });
}

/**
 * The label request of one package. A return label (type "return") goes from the sender (the
 * customer sending it back) to the recipient; USPS offers returns for domestic mail only.
 */
export function buildShipRequest(req: ShipmentRequest, index: number, now: Date): LabelCall {
  const spec = labelSpec(req.label_type, req.label_size);
  const imageInfo = { imageType: spec.imageType, labelType: spec.labelType, receiptOption: 'NONE' as const };
  const international = isInternational(req);
  // Labels are priced and routed by ZIP Code: the sender always has one, a domestic recipient too.
  requireZip(req.sender, 'sender');
  if (!international) {
    requireZip(req.recipient, 'recipient');
    const body: CarrierDLabelRequest = {
      imageInfo,
      toAddress: wireAddress(req.recipient),
      fromAddress: wireAddress(req.sender),
      // The business behind the mailing (LabelRequest.senderAddress); the sender is that business.
      senderAddress: wireAddress(req.sender),
      packageDescription: packageDescription(req, index, now),
    };
    return { kind: req.type === 'return' ? 'return' : 'label', body };
  }
  if (req.type === 'return')
    throw new ApiError(
      'schema_validation_error',
      'carrier_d return labels are for domestic mail only',
      'shipment.type',
    );
  const r = req.recipient;
  const [first, ...rest] = (r.name ?? '').trim().split(/\s+/);
  const items = contents(req);
  const total = items.reduce((s, c) => s + c.itemTotalValue, 0);
  const body: CarrierDIntlLabelRequest = {
    imageInfo,
    toAddress: dropUndefined({
      streetAddress: r.street1,
      secondaryAddress: [r.street2, r.street3].filter(Boolean).join(' ') || undefined,
      city: r.city,
      province: r.state,
      postalCode: r.postal_code,
      countryISOAlpha2Code: r.country.toUpperCase(),
      firstName: first || undefined,
      lastName: rest.length > 0 ? rest.join(' ') : undefined,
      firm: r.company,
      phone: r.phone,
      email: r.email,
    }),
    fromAddress: wireAddress(req.sender),
    packageDescription: packageDescription(req, index, now),
    customsForm: dropUndefined({
      customsContentType: 'MERCHANDISE',
      // 15 CFR 30.37(a): no EEI filing for goods of at most $2,500 per commodity; the exemption citation goes in AESITN.
      AESITN: total > 2500 ? (req.eel_pfc ?? 'NO EEI 30.37(a)') : 'NO EEI 30.37(a)',
      invoiceNumber: req.invoice_number,
      contents: items,
    }),
  };
  return { kind: 'international', body };
}

/** A label answer as received: content type and raw bytes. */
export interface LabelAnswer {
  contentType: string | undefined;
  bytes: Uint8Array;
}

function jsonPart(part: MultipartPart, what: string): JsonObject {
  try {
    const parsed = obj(JSON.parse(part.body.toString('utf8')));
    if (parsed) return parsed;
  } catch {
    // not JSON: answered below
  }
  throw unexpectedBody(`${what} (part ${part.name ?? '?'} is not JSON)`);
}

function decodeBase64Member(value: unknown): Uint8Array | undefined {
  const s = text(value)?.replace(/\s+/g, '');
  if (!s || !/^[A-Za-z0-9+/]+={0,2}$/.test(s)) return undefined;
  const buf = Buffer.from(s, 'base64');
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Where an answer keeps its metadata and its image: multipart part names, JSON member names. */
export interface AnswerShape {
  what: string;
  /** Part names of the metadata (compared case-insensitively); a JSON part also qualifies. */
  metadata: readonly string[];
  /** Part name of the image; without a name, the first part that is not the metadata. */
  image: string;
}

/**
 * The metadata and image of a USPS answer: multipart (the default media type, parts found by the
 * boundary of the Content-Type) or the JSON "vendor" form with the image base64 in a member.
 */
export function answerParts(answer: LabelAnswer, shape: AnswerShape): { metadata: JsonObject; image?: Uint8Array } {
  const names = shape.metadata.map((n) => n.toLowerCase());
  const boundary = multipartBoundary(answer.contentType);
  if (boundary) {
    let parts: MultipartPart[];
    try {
      parts = parseMultipart(answer.bytes, boundary);
    } catch (err) {
      throw unexpectedBody(`${shape.what} (${err instanceof Error ? err.message : 'bad multipart body'})`);
    }
    const meta =
      parts.find((p) => names.includes((p.name ?? '').toLowerCase())) ??
      parts.find((p) => (p.contentType ?? '').toLowerCase().startsWith('application/json'));
    if (!meta) throw unexpectedBody(`${shape.what} (no ${shape.metadata[0]} part)`);
    const image = parts.find((p) => p.name === shape.image) ?? parts.find((p) => p !== meta && p.name === undefined);
    return { metadata: jsonPart(meta, shape.what), ...(image ? { image: partBytes(image) } : {}) };
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(answer.bytes).toString('utf8'));
  } catch {
    throw unexpectedBody(`${shape.what} (neither multipart nor JSON)`);
  }
  throwIfError(json);
  const root = obj(json);
  const key = Object.keys(root ?? {}).find((k) => names.includes(k.toLowerCase()));
  const metadata = key ? obj(root?.[key]) : undefined;
  if (!metadata) throw unexpectedBody(`${shape.what} (no ${shape.metadata[0]})`);
  const image = decodeBase64Member(root?.[shape.image]);
  return { metadata, ...(image ? { image } : {}) };
}

const LABEL_ANSWER: AnswerShape = { what: 'label response', metadata: ['labelMetadata'], image: 'labelImage' };

/** The format of label bytes from their signature, else the format asked for. */
export function sniffFormat(bytes: Uint8Array, asked: string): string {
  const head = Buffer.from(bytes.subarray(0, 8)).toString('latin1');
  if (head.startsWith('%PDF-')) return 'PDF';
  if (bytes[0] === 0x89 && head.slice(1, 4) === 'PNG') return 'PNG';
  if (head.startsWith('GIF8')) return 'GIF';
  if (/^\s*\^XA/.test(head) || head.startsWith('~') || head.startsWith('^')) return 'ZPL';
  return asked;
}

export interface ParsedLabel {
  package: BookedPackage;
  postage: number;
  surcharges: number;
  estimatedDate?: string;
  transitDays?: number;
}

export function parseShipResponse(answer: LabelAnswer, askedFormat: string): ParsedLabel {
  const { metadata, image } = answerParts(answer, LABEL_ANSWER);
  const trackingNumber = text(metadata.trackingNumber) ?? text(metadata.internationalTrackingNumber);
  if (!trackingNumber) throw unexpectedBody('label response (no trackingNumber)');
  if (!image || image.length === 0) throw unexpectedBody('label response (no labelImage)');
  const sum = (list: unknown) => objects(list).reduce((s, e) => s + (numeric(e.price) ?? 0), 0);
  const commitment = obj(metadata.commitment);
  const days = /^(\d+)\s+Days?/i.exec(text(commitment?.name) ?? '')?.[1];
  const date = text(commitment?.scheduleDeliveryDate);
  return dropUndefined<ParsedLabel>({
    package: { tracking_number: trackingNumber, label: image, label_format: sniffFormat(image, askedFormat) },
    postage: numeric(metadata.postage) ?? 0,
    surcharges: sum(metadata.fees) + sum(metadata.extraServices),
    estimatedDate: date ? toIsoDate(date) : undefined,
    transitDays: days ? Number(days) : undefined,
  });
}

/** The labels of every package → one booked shipment; the first package's number is the shipment's. */
export function shipmentFromLabels(labels: ParsedLabel[], service: string | undefined): BookedShipment {
  const first = labels[0];
  if (!first) throw unexpectedBody('label response (no labels)');
  const base = labels.reduce((s, l) => s + l.postage, 0);
  const surcharges = labels.reduce((s, l) => s + l.surcharges, 0);
  const costs: Costs = {
    base_charge: toDecimalString(base),
    surcharges: toDecimalString(surcharges),
    discounts: '0.00',
    taxes: '0.00',
    net_charge: toDecimalString(base + surcharges),
    currency: 'USD',
  };
  return dropUndefined<BookedShipment>({
    tracking_number: first.package.tracking_number,
    service_type: service,
    packages: labels.map((l) => l.package),
    costs,
    estimated_date: first.estimatedDate,
    transit_days: first.transitDays,
  });
}
