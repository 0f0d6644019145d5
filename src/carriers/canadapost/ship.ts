/**
 * Booking: a contract shipment `POST /rs/{customer}/{mobo}/shipment` (shipment-v8; fixtures
 * shipment_ShipmentRequestXML, shipment_ShipmentResponseXML), or, for an account without a
 * contract_id, a non-contract shipment `POST /rs/{customer}/ncshipment` (ncshipment-v4). One
 * shipment is one parcel: a booking of several packages is one shipment per parcel, the first
 * PIN the master. The answer's links name the label and, abroad, the commercial invoice, which
 * the client fetches (artifacts are not in the answer itself).
 *
 * Contract shipments go into the group of their mailing day (`group-id`, mapping.ts dayGroup), which
 * the manifest transmits (manifest.ts); until then cancel.ts voids them, after it asks a refund.
 */
import { ApiError } from '../../domain/errors.js';
import type {
  Address,
  BookedPackage,
  BookedShipment,
  Costs,
  Package,
  ShipmentRequest,
  ShippingDocument,
} from '../../domain/types.js';
import { toDecimalString } from '../shared/json.js';
import { parseXml, xmlAttr, xmlElement, xmlList, xmlNumber, xmlRoot, xmlText, type XmlObject } from '../shared/xml.js';
import { labelSpec, serviceCode, serviceSlug } from './codes.js';
import { NAMESPACES } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { dayGroup, parcel, postalCode } from './mapping.js';
import { requireCanadianSender } from './rate.js';
import { clip, deliverySpec, LINE, REFERENCE } from './ship-request.js';
import type { CpcAuthorizedReturn, CpcDomesticAddress, CpcNonContractShipment, CpcShipment } from './wire.js';

export type ShipRequestBody =
  { root: 'shipment'; body: CpcShipment } | { root: 'non-contract-shipment'; body: CpcNonContractShipment };

/**
 * One parcel's shipment: a contract one with the account's contract_id, else a non-contract one.
 * `today`: the service clock's date, the group of a shipment without a ship date.
 */
export function buildShipRequest(
  req: ShipmentRequest,
  pkg: Package,
  account: { customer: string; contract?: string },
  today: string,
): ShipRequestBody {
  requireCanadianSender(req);
  if (!req.service)
    throw new ApiError('schema_validation_error', 'canadapost needs a service to book', 'shipment.service');
  const label = labelSpec(req.label_type, req.label_size);
  const shippingPoint = postalCode(req.sender.postal_code, 'CA');
  if (!account.contract) {
    // Non-contract labels are PDF on 4x6 stock only: the service has no print preferences.
    if (label.encoding !== 'PDF' || label.outputFormat !== '4x6') {
      throw new ApiError(
        'schema_validation_error',
        'canadapost prints non-contract labels as 4x6 PDF only; other formats need a contract_id on the account',
        'shipment.label_type',
      );
    }
    return {
      root: 'non-contract-shipment',
      body: {
        '@_xmlns': NAMESPACES.ncshipment,
        'requested-shipping-point': shippingPoint,
        'delivery-spec': deliverySpec(req, pkg, undefined, account),
      },
    };
  }
  const requestId = clip(req.waybill_reference, REFERENCE);
  return {
    root: 'shipment',
    body: {
      '@_xmlns': NAMESPACES.shipment,
      ...(requestId ? { 'customer-request-id': requestId } : {}),
      'group-id': dayGroup(req.ship_date ?? today),
      'requested-shipping-point': shippingPoint,
      ...(req.ship_date ? { 'expected-mailing-date': req.ship_date } : {}),
      'provide-pricing-info': 'true',
      'delivery-spec': deliverySpec(req, pkg, label, account),
    },
  };
}

export interface ParsedShipment {
  shipmentId: string;
  pin: string;
  status?: string;
  serviceCode?: string;
  /** Link paths by rel (label, commercialInvoice, self, refund), with the label's media type. */
  links: Record<string, { href: string; mediaType?: string }>;
  costs?: Costs;
  estimatedDate?: string;
}

const money = (n: number): string => toDecimalString(n);
const sum = (nodes: unknown[], member: string): number =>
  nodes.reduce<number>((s, n) => s + (xmlNumber(xmlElement(n)?.[member]) ?? 0), 0);

/** `shipment-price` → costs: the base, surcharges (positive adjustments and options), discounts, taxes, and the due amount charged. */
function costsOf(price: XmlObject | undefined): Costs | undefined {
  const due = xmlNumber(price?.['due-amount']);
  if (!price || due === undefined) return undefined;
  const adjustments = xmlList(xmlElement(price.adjustments)?.adjustment);
  const positive = adjustments.filter((a) => (xmlNumber(xmlElement(a)?.['adjustment-amount']) ?? 0) > 0);
  const negative = adjustments.filter((a) => (xmlNumber(xmlElement(a)?.['adjustment-amount']) ?? 0) < 0);
  const pricedOptions = xmlList(xmlElement(price['priced-options'])?.['priced-option']);
  return {
    base_charge: money(xmlNumber(price['base-amount']) ?? 0),
    surcharges: money(sum(positive, 'adjustment-amount') + sum(pricedOptions, 'option-price')),
    discounts: money(-sum(negative, 'adjustment-amount')),
    taxes: money(
      (xmlNumber(price['gst-amount']) ?? 0) +
        (xmlNumber(price['pst-amount']) ?? 0) +
        (xmlNumber(price['hst-amount']) ?? 0),
    ),
    net_charge: money(due),
    currency: 'CAD',
  };
}

/** `shipment-info` or `non-contract-shipment-info` → the shipment's id, PIN, links and price. */
export function parseShipResponse(xml: string): ParsedShipment {
  const doc = parseXml(xml);
  throwIfError(doc);
  const root = xmlRoot(doc, 'shipment-info') ?? xmlRoot(doc, 'non-contract-shipment-info');
  const shipmentId = xmlText(root?.['shipment-id']);
  const pin = xmlText(root?.['tracking-pin']);
  if (!root || !shipmentId || !pin) throw unexpectedBody('shipment response (no shipment-id or tracking-pin)');
  const links: ParsedShipment['links'] = {};
  for (const link of xmlList(xmlElement(root.links)?.link)) {
    const rel = xmlAttr(link, 'rel');
    const href = xmlAttr(link, 'href');
    // The first of a kind: a label's later pages are further links of the same rel.
    if (rel && href && !links[rel])
      links[rel] = { href, ...(xmlAttr(link, 'media-type') ? { mediaType: xmlAttr(link, 'media-type') } : {}) };
  }
  if (!links.label) throw unexpectedBody('shipment response (no label link)');
  const price = xmlElement(root['shipment-price']);
  const costs = costsOf(price);
  const estimated = xmlText(xmlElement(price?.['service-standard'])?.['expected-delivery-date']);
  const status = xmlText(root['shipment-status']);
  const code = xmlText(price?.['service-code']);
  return {
    shipmentId,
    pin,
    ...(status ? { status } : {}),
    ...(code ? { serviceCode: code } : {}),
    links,
    ...(costs ? { costs } : {}),
    ...(estimated ? { estimatedDate: estimated } : {}),
  };
}

/** The costs of several shipments as one booking's. */
function sumCosts(list: readonly (Costs | undefined)[]): Costs | undefined {
  if (list.some((c) => c === undefined)) return undefined;
  const total = (k: keyof Omit<Costs, 'currency'>) => money(list.reduce((s, c) => s + Number(c?.[k] ?? 0), 0));
  return {
    base_charge: total('base_charge'),
    surcharges: total('surcharges'),
    discounts: total('discounts'),
    taxes: total('taxes'),
    net_charge: total('net_charge'),
    currency: 'CAD',
  };
}

/**
 * The booking from its shipments, their labels and invoices: the first PIN is the master, every
 * shipment id is kept (space-separated) so that cancel reaches each one.
 */
export function bookedShipment(
  shipments: readonly ParsedShipment[],
  labels: readonly { bytes: Uint8Array; format: 'PDF' | 'ZPL' }[],
  invoices: readonly Uint8Array[],
  service: string | undefined,
): BookedShipment {
  const [first] = shipments;
  if (!first) throw unexpectedBody('booking (no shipment)');
  const packages: BookedPackage[] = shipments.map((s, i) => ({
    tracking_number: s.pin,
    label: labels[i]?.bytes ?? new Uint8Array(),
    label_format: labels[i]?.format ?? 'PDF',
  }));
  const costs = sumCosts(shipments.map((s) => s.costs));
  const documents: ShippingDocument[] = invoices.map((bytes) => ({
    type: 'commercial_invoice',
    format: 'PDF',
    content: Buffer.from(bytes).toString('base64'),
  }));
  return {
    tracking_number: first.pin,
    carrier_shipment_id: shipments.map((s) => s.shipmentId).join(' '),
    service_type: first.serviceCode ? serviceSlug(first.serviceCode) : (service ?? ''),
    packages,
    ...(costs ? { costs } : {}),
    ...(documents.length > 0 ? { shipping_documents: documents } : {}),
    ...(first.estimatedDate ? { estimated_date: first.estimatedDate } : {}),
  };
}

/** A Canadian address as the authorized returns service takes it (domestic only). */
function domesticAddress(a: Address, field: string): CpcDomesticAddress {
  if (a.country.toUpperCase() !== 'CA')
    throw new ApiError(
      'schema_validation_error',
      'canadapost authorized returns go from and to addresses in Canada only',
      `${field}.country`,
    );
  return {
    'address-line-1': clip(a.street1, LINE) ?? '',
    ...(a.street2 ? { 'address-line-2': clip(a.street2, LINE) } : {}),
    city: a.city ?? '',
    province: (a.state ?? '').toUpperCase(),
    'postal-code': postalCode(a.postal_code, 'CA'),
  };
}

/**
 * `type: "return"`: an authorized return (authreturn-v2 `authorized-return`; fixture
 * return_shipment_ReturnShipmentRequestXML): the sender is the returner, the recipient the
 * merchant who receives it. A contract service, one parcel per label.
 */
export function buildReturnRequest(
  req: ShipmentRequest,
  account: { customer: string; contract?: string },
): CpcAuthorizedReturn {
  if (!account.contract)
    throw new ApiError(
      'carrier_exception',
      'canadapost issues authorized return labels to contract customers only: the account needs a contract_id',
      'auth.contract_id',
    );
  if (req.packages.length !== 1)
    throw new ApiError('schema_validation_error', 'a canadapost return label carries one parcel', 'shipment.packages');
  const label = labelSpec(req.label_type, req.label_size);
  const refs = (req.references ?? []).map((r) => clip(r.value, REFERENCE)).filter((r): r is string => r !== undefined);
  const r = req.recipient;
  return {
    '@_xmlns': NAMESPACES.authreturn,
    'service-code': serviceCode(req.service ?? ''),
    returner: {
      name: clip(req.sender.name ?? req.sender.company, LINE) ?? '',
      ...(req.sender.company ? { company: clip(req.sender.company, LINE) } : {}),
      'domestic-address': domesticAddress(req.sender, 'shipment.sender'),
    },
    receiver: {
      name: clip(r.name ?? r.company, LINE) ?? '',
      ...(r.company ? { company: clip(r.company, LINE) } : {}),
      ...(r.email ? { email: r.email } : {}),
      'domestic-address': domesticAddress(r, 'shipment.recipient'),
    },
    'parcel-characteristics': parcel(req.packages[0]!, req),
    'print-preferences': { 'output-format': label.outputFormat, encoding: label.encoding },
    'settlement-info': { 'paid-by-customer': account.customer, 'contract-id': account.contract },
    ...(refs.length > 0
      ? { references: { 'customer-ref-1': refs[0], ...(refs[1] ? { 'customer-ref-2': refs[1] } : {}) } }
      : {}),
  };
}

/** `authorized-return-info` → the return's PIN and its label link (rel `returnLabel`, or `label` as recorded). */
export function parseReturnResponse(xml: string): ParsedShipment {
  const doc = parseXml(xml);
  throwIfError(doc);
  const root = xmlRoot(doc, 'authorized-return-info');
  const pin = xmlText(root?.['tracking-pin']);
  if (!root || !pin) throw unexpectedBody('authorized return response (no tracking-pin)');
  const link = xmlList(xmlElement(root.links)?.link).find((l) =>
    ['returnLabel', 'label'].includes(xmlAttr(l, 'rel') ?? ''),
  );
  const href = xmlAttr(link, 'href');
  if (!href) throw unexpectedBody('authorized return response (no label link)');
  const mediaType = xmlAttr(link, 'media-type');
  // An authorized return has no shipment id: it is paid when mailed, and the id says it is a return.
  return { shipmentId: `${RETURN_PREFIX}${pin}`, pin, links: { label: { href, ...(mediaType ? { mediaType } : {}) } } };
}

/** Marks an authorized return's `carrier_shipment_id`: nothing to void, it is charged only when mailed. */
export const RETURN_PREFIX = 'return:';
