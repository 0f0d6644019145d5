/**
 * What canadapost's shipment routes share: a shipment booked (read, priced, stored, its artifacts
 * drawn), the parties read from a request (with the postal code and ZIP checks of the gateway),
 * their lines on a label, and a shipment's price as shipment-info carries it.
 */
import type { FastifyRequest } from 'fastify';
import { xmlElement, xmlList, type XmlObject } from '../../carriers/shared/xml.js';
import { labelStock, renderInvoicePdf, renderLabel } from '../../documents/drawing/index.js';
import { addBusinessDays } from '../calendar.js';
import type { CanadapostCtx } from './context.js';
import { failures } from './errors.js';
import { serviceByCode } from './prices.js';
import { callPath, dimensions, positive, postalCode, required, text } from './request.js';
import { destinationOf, easternToday, quotesFor } from './rate.js';
import type { Party, StoredShipment } from './state.js';

export const SHIPMENT_TYPE = 'application/vnd.cpc.shipment-v8+xml';
export const NC_TYPE = 'application/vnd.cpc.ncshipment-v4+xml';
const ZIP = /^\d{5}(-\d{4})?$/;
const money = (n: number): string => n.toFixed(2);

function party(request: FastifyRequest, node: XmlObject | undefined, role: 'sender' | 'destination'): Party {
  const address = xmlElement(node?.['address-details']);
  // A non-contract sender's address has no country: it is always Canada.
  const country = text(address, 'country-code') ?? 'CA';
  const raw = text(address, 'postal-zip-code') ?? '';
  if (country === 'CA') postalCode(request, raw);
  if (country === 'US' && !ZIP.test(raw))
    throw failures.invalid('9185', `The ZIP code ${raw} of the ${role} is not valid for the United States.`);
  return {
    name: text(node, 'name') ?? '',
    company: text(node, 'company') ?? '',
    lines: [
      text(address, 'address-line-1') ?? required(request, address, 'address-line-1'),
      text(address, 'address-line-2'),
    ].filter((l): l is string => l !== undefined),
    city: required(request, address, 'city'),
    province: text(address, 'prov-state') ?? '',
    postalCode: raw,
    country,
  };
}

const addressLines = (p: Party): string[] =>
  [p.name, p.company, ...p.lines, `${p.city} ${p.province} ${p.postalCode}`.trim(), p.country].filter((l) => l !== '');

export function shipmentPrice(s: StoredShipment): Record<string, unknown> {
  const q = s.quote;
  return {
    'service-code': q.service.code,
    'base-amount': money(q.base),
    'priced-options': { 'priced-option': [{ 'option-code': 'DC', 'option-price': '0.00' }] },
    adjustments: {
      adjustment: [
        ...(q.discount !== 0 ? [{ 'adjustment-code': 'AUTDISC', 'adjustment-amount': money(q.discount) }] : []),
        { 'adjustment-code': 'FUELSC', 'adjustment-amount': money(q.fuel) },
      ],
    },
    'pre-tax-amount': money(q.preTax),
    'gst-amount': money(q.gst),
    'pst-amount': money(q.pst),
    'hst-amount': money(q.hst),
    'due-amount': money(q.due),
    'service-standard': {
      'am-delivery': 'false',
      'guaranteed-delivery': String(q.service.destination !== 'INT'),
      'expected-transmit-time': '1',
      'expected-delivery-date': s.deliveryDate,
    },
    'rated-weight': s.weightKg.toFixed(3),
  };
}

const LINK_HOST = 'https://ct.soa-gw.canadapost.ca';

interface Booking {
  stored: StoredShipment;
  links: Record<string, unknown>[];
}

/** Reads, prices and stores one shipment, and draws its artifacts. */
export async function book(
  ctx: CanadapostCtx,
  request: FastifyRequest,
  root: XmlObject,
  contract: boolean,
  customer: string,
  selfPath: string,
): Promise<Booking> {
  const spec = xmlElement(root['delivery-spec']);
  const code = required(request, spec, 'service-code');
  const service = serviceByCode(code);
  if (!service) throw failures.invalid('9122', `The service ${code} is not one of Canada Post's services.`);
  const sender = party(request, xmlElement(spec?.sender), 'sender');
  const destination = party(request, xmlElement(spec?.destination), 'destination');
  if (service.destination !== destinationOf(destination.country))
    throw failures.invalid('9122', `The service ${code} does not deliver to ${destination.country}.`);
  const customs = xmlElement(spec?.customs);
  if (destination.country !== 'CA' && !customs)
    throw failures.invalid('8517', 'Customs information is required for shipments outside Canada.');
  const parcel = xmlElement(spec?.['parcel-characteristics']);
  const weightKg = positive(request, parcel, 'weight');
  const dims = dimensions(request, parcel);
  if (contract && text(spec, 'settlement-info/contract-id') === undefined) {
    throw failures.schema(
      callPath(request),
      "cvc-complex-type.2.4.b: The content of element 'settlement-info' is not complete. One of '{contract-id}' is expected.",
    );
  }
  const [q] = quotesFor({
    origin: sender.postalCode,
    country: destination.country,
    postalCode: destination.postalCode,
    weightKg,
    ...(dims ? { dimsCm: dims } : {}),
    contract,
    only: [code],
  });
  if (!q) throw failures.invalid('9198', `The parcel exceeds the weight or size limits of ${service.name}.`);

  // Non-contract labels are PDF on 4x6 stock; contract ones as print-preferences ask (8.5x11 PDF by default).
  const format = contract ? (text(spec, 'print-preferences/encoding') ?? 'PDF') : 'PDF';
  const size = contract ? (text(spec, 'print-preferences/output-format') ?? '8.5x11') : '4x6';
  if (format !== 'PDF' && format !== 'ZPL')
    throw failures.schema(
      callPath(request),
      `cvc-enumeration-valid: Value '${format}' is not facet-valid with respect to enumeration '[PDF, ZPL]'.`,
    );
  if (size !== '4x6' && size !== '8.5x11')
    throw failures.schema(
      callPath(request),
      `cvc-enumeration-valid: Value '${size}' is not facet-valid with respect to enumeration '[8.5x11, 4x6]'.`,
    );
  if (format === 'ZPL' && size !== '4x6')
    throw failures.invalid('9161', 'ZPL labels are printed on 4x6 thermal stock only: set output-format to 4x6.');

  const now = ctx.clock.now();
  const mailingDate = text(root, 'expected-mailing-date') ?? easternToday(now);
  const id = ctx.state.nextShipmentId();
  const pin = ctx.state.nextPin(service.s10);
  const references = ['customer-ref-1', 'customer-ref-2', 'cost-centre']
    .map((r) => text(spec, `references/${r}`))
    .filter((r): r is string => r !== undefined);
  const stored: StoredShipment = {
    id,
    pin,
    customer,
    contract,
    // Non-contract shipments are paid when made: there is nothing to transmit or void.
    status: !contract || root['transmit-shipment'] !== undefined ? 'transmitted' : 'created',
    quote: q,
    bookedAt: now,
    mailingDate,
    deliveryDate: addBusinessDays(mailingDate, q.transitDays),
    sender,
    destination,
    weightKg,
    references,
    voided: false,
    ...(text(root, 'group-id') ? { groupId: text(root, 'group-id') } : {}),
    ...(text(root, 'customer-request-id') ? { requestId: text(root, 'customer-request-id') } : {}),
    links: [],
  };

  const label = await renderLabel(
    format,
    size === '4x6' ? labelStock(4, 6) : labelStock(8.5, 11, { x: 0.25, y: 0.25, w: 4, h: 6 }),
    {
      trackingNumber: pin,
      service: service.name,
      from: addressLines(sender),
      to: addressLines(destination),
      weight: `${weightKg} KG`,
      shipDate: mailingDate,
      ...(references[0] ? { reference: references[0] } : {}),
      note: 'TEST LABEL - canadapost emulator',
    },
  );
  const labelPath = ctx.state.nextArtifact();
  ctx.state.artifacts.set(labelPath, {
    bytes: label,
    mediaType: format === 'ZPL' ? 'application/zpl' : 'application/pdf',
  });
  const links: Record<string, unknown>[] = [
    { '@_rel': 'self', '@_href': `${LINK_HOST}${selfPath}/${id}`, '@_media-type': contract ? SHIPMENT_TYPE : NC_TYPE },
    {
      '@_rel': 'details',
      '@_href': `${LINK_HOST}${selfPath}/${id}/details`,
      '@_media-type': contract ? SHIPMENT_TYPE : NC_TYPE,
    },
    {
      '@_rel': 'refund',
      '@_href': `${LINK_HOST}${selfPath}/${id}/refund`,
      '@_media-type': contract ? SHIPMENT_TYPE : NC_TYPE,
    },
    {
      '@_rel': 'label',
      '@_href': `${LINK_HOST}/rs/artifact/${labelPath}/0`,
      '@_media-type': format === 'ZPL' ? 'application/zpl' : 'application/pdf',
      '@_index': '0',
    },
  ];
  if (customs) {
    const currency = text(customs, 'currency') ?? 'CAD';
    const items = xmlList(xmlElement(customs['sku-list'])?.item).map((item) => {
      const node = xmlElement(item);
      const quantity = Number(text(node, 'customs-number-of-units') ?? '1');
      const unitValue = Number(text(node, 'customs-value-per-unit') ?? '0');
      return {
        description: text(node, 'customs-description') ?? '',
        quantity,
        weight: `${text(node, 'unit-weight') ?? '0'} KG`,
        ...(text(node, 'hs-tariff-code') ? { hsCode: text(node, 'hs-tariff-code') } : {}),
        ...(text(node, 'country-of-origin') ? { origin: text(node, 'country-of-origin') } : {}),
        unitValue,
        value: Math.round(unitValue * quantity * 100) / 100,
      };
    });
    const invoice = await renderInvoicePdf({
      date: mailingDate,
      trackingNumber: pin,
      shipper: addressLines(sender),
      recipient: addressLines(destination),
      ...(text(customs, 'reason-for-export') ? { purpose: text(customs, 'reason-for-export') } : {}),
      currency,
      items,
      note: 'Emulated canadapost commercial invoice',
    });
    const invoicePath = ctx.state.nextArtifact();
    ctx.state.artifacts.set(invoicePath, { bytes: invoice, mediaType: 'application/pdf' });
    links.push({
      '@_rel': 'commercialInvoice',
      '@_href': `${LINK_HOST}/rs/artifact/${invoicePath}/0`,
      '@_media-type': 'application/pdf',
      '@_index': '0',
    });
  }
  stored.links = links;
  ctx.state.shipments.set(id, stored);
  ctx.state.byPin.set(pin, stored);
  ctx.state.booked.push(stored);
  return { stored, links };
}
