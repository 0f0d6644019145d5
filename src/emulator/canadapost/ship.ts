/**
 * Shipments: contract shipments `POST /rs/{customer}/{mobo}/shipment` (a shipment-v8 `shipment`)
 * and non-contract ones `POST /rs/{customer}/ncshipment` (an ncshipment-v4 `non-contract-shipment`),
 * answered like the recorded `shipment-info` with links to the label (and, abroad, the commercial
 * invoice) as artifacts at `GET /rs/artifact/{key}/{id}/{page}`. A contract shipment with
 * `transmit-shipment` is transmitted at once; one put in a group stays `created` and can be voided
 * (`DELETE …/shipment/{id}`, 204). After transmission only a refund request cancels it
 * (`POST …/shipment/{id}/refund`, or `…/ncshipment/{id}/refund`: non-contract shipments are paid
 * when made and are never voided).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildXml, xmlElement, xmlList, type XmlObject } from '../../carriers/shared/xml.js';
import { labelStock, renderInvoicePdf, renderLabel } from '../../documents/drawing/index.js';
import { addBusinessDays } from '../calendar.js';
import type { CanadapostCtx } from './context.js';
import { CpcFailure, failures } from './errors.js';
import { serviceByCode } from './prices.js';
import { callPath, dimensions, positive, postalCode, readRoot, required, text } from './request.js';
import { destinationOf, easternToday, quotesFor } from './rate.js';
import type { StoredShipment } from './state.js';
import { addressLines, party, shipmentPrice } from './ship-reply.js';

const SHIPMENT_TYPE = 'application/vnd.cpc.shipment-v8+xml';
const NC_TYPE = 'application/vnd.cpc.ncshipment-v4+xml';
const SHIPMENT_NS = 'http://www.canadapost.ca/ws/shipment-v8';
const NC_NS = 'http://www.canadapost.ca/ws/ncshipment-v4';
const AUTHRETURN_TYPE = 'application/vnd.cpc.authreturn-v2+xml';
const AUTHRETURN_NS = 'http://www.canadapost.ca/ws/authreturn-v2';
const LINK_HOST = 'https://ct.soa-gw.canadapost.ca';

const money = (n: number): string => n.toFixed(2);
const xmlDocument = (root: string, body: object): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml(root, body)}`;

interface Booking {
  stored: StoredShipment;
  links: Record<string, unknown>[];
}

/** Reads, prices and stores one shipment, and draws its artifacts. */
async function book(
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

/** The shipment a path names, for its customer; voided ones are gone. */
function shipmentOf(ctx: CanadapostCtx, customer: string, id: string, contract: boolean): StoredShipment {
  const s = ctx.state.shipments.get(id);
  if (!s || s.voided || s.customer !== customer || s.contract !== contract) throw failures.noShipment();
  return s;
}

function refund(ctx: CanadapostCtx, s: StoredShipment): { ticketId: string; date: string } {
  if (s.refund) throw failures.refunded();
  s.refund = { ticketId: ctx.state.nextRefundTicket(), date: easternToday(ctx.clock.now()) };
  return s.refund;
}

export function registerShipRoutes(app: FastifyInstance, ctx: CanadapostCtx): void {
  app.post('/rs/:customer/:mobo/shipment', ctx.tag('ship'), async (request, reply) => {
    const { customer, mobo } = request.params as { customer: string; mobo: string };
    const root = readRoot(request, 'shipment');
    const { stored, links } = await book(ctx, request, root, true, customer, `/rs/${customer}/${mobo}/shipment`);
    reply.type(SHIPMENT_TYPE);
    return xmlDocument('shipment-info', {
      '@_xmlns': SHIPMENT_NS,
      ...(text(root, 'customer-request-id') ? { 'customer-request-id': text(root, 'customer-request-id') } : {}),
      'shipment-id': stored.id,
      'shipment-status': stored.status,
      'tracking-pin': stored.pin,
      ...(root['provide-pricing-info'] !== undefined ? { 'shipment-price': shipmentPrice(stored) } : {}),
      links: { link: links },
    });
  });

  app.post('/rs/:customer/ncshipment', ctx.tag('ship'), async (request, reply) => {
    const { customer } = request.params as { customer: string };
    const root = readRoot(request, 'non-contract-shipment');
    const { stored, links } = await book(ctx, request, root, false, customer, `/rs/${customer}/ncshipment`);
    reply.type(NC_TYPE);
    return xmlDocument('non-contract-shipment-info', {
      '@_xmlns': NC_NS,
      'shipment-id': stored.id,
      'tracking-pin': stored.pin,
      links: { link: links },
    });
  });

  // An authorized return: read as a contract shipment from the returner to the receiver, both in Canada.
  app.post('/rs/:customer/:mobo/authorizedreturn', ctx.tag('return'), async (request, reply) => {
    const { customer, mobo } = request.params as { customer: string; mobo: string };
    const root = readRoot(request, 'authorized-return');
    const partyOf = (node: unknown) => {
      const p = xmlElement(node);
      const a = xmlElement(p?.['domestic-address']);
      const details = {
        'address-line-1': text(a, 'address-line-1'),
        city: text(a, 'city'),
        'prov-state': text(a, 'province'),
        'country-code': 'CA',
        'postal-zip-code': text(a, 'postal-code') ?? '',
      };
      return { name: text(p, 'name'), company: text(p, 'company'), 'address-details': details };
    };
    const spec = {
      'service-code': text(root, 'service-code'),
      sender: partyOf(root.returner),
      destination: partyOf(root.receiver),
      'parcel-characteristics': root['parcel-characteristics'],
      'print-preferences': root['print-preferences'],
      'settlement-info': root['settlement-info'],
      references: root.references,
    };
    const { stored, links } = await book(
      ctx,
      request,
      { 'delivery-spec': spec, 'transmit-shipment': 'true' },
      true,
      customer,
      `/rs/${customer}/${mobo}/shipment`,
    );
    const label = links.find((l) => l['@_rel'] === 'label');
    reply.type(AUTHRETURN_TYPE);
    return xmlDocument('authorized-return-info', {
      '@_xmlns': AUTHRETURN_NS,
      'tracking-pin': stored.pin,
      links: { link: [{ ...label, '@_rel': 'returnLabel' }] },
    });
  });

  app.get('/rs/artifact/:key/:id/:page', ctx.tag('artifact'), async (request, reply) => {
    const { key, id, page } = request.params as { key: string; id: string; page: string };
    const artifact = page === '0' ? ctx.state.artifacts.get(`${key}/${id}`) : undefined;
    if (!artifact) throw new CpcFailure(404, '8002', 'The artifact requested does not exist.');
    reply.type(artifact.mediaType);
    return artifact.bytes;
  });

  app.get('/rs/:customer/:mobo/shipment/:id', ctx.tag('ship'), async (request, reply) => {
    const { customer, id } = request.params as { customer: string; id: string };
    const s = shipmentOf(ctx, customer, id, true);
    reply.type(SHIPMENT_TYPE);
    return xmlDocument('shipment-info', {
      '@_xmlns': SHIPMENT_NS,
      ...(s.requestId ? { 'customer-request-id': s.requestId } : {}),
      'shipment-id': s.id,
      'shipment-status': s.status,
      'tracking-pin': s.pin,
      'shipment-price': shipmentPrice(s),
      links: { link: s.links },
    });
  });

  app.delete('/rs/:customer/:mobo/shipment/:id', ctx.tag('void'), async (request, reply) => {
    const { customer, id } = request.params as { customer: string; id: string };
    const s = shipmentOf(ctx, customer, id, true);
    if (s.status === 'transmitted') throw failures.transmitted();
    s.voided = true;
    ctx.state.byPin.delete(s.pin);
    return reply.code(204).send();
  });

  app.post('/rs/:customer/:mobo/shipment/:id/refund', ctx.tag('refund'), async (request, reply) => {
    const { customer, id } = request.params as { customer: string; id: string };
    readRoot(request, 'shipment-refund-request');
    const r = refund(ctx, shipmentOf(ctx, customer, id, true));
    reply.type(SHIPMENT_TYPE);
    return xmlDocument('shipment-refund-request-info', {
      '@_xmlns': SHIPMENT_NS,
      'service-ticket-date': r.date,
      'service-ticket-id': r.ticketId,
    });
  });

  app.post('/rs/:customer/ncshipment/:id/refund', ctx.tag('refund'), async (request, reply) => {
    const { customer, id } = request.params as { customer: string; id: string };
    readRoot(request, 'non-contract-shipment-refund-request');
    const r = refund(ctx, shipmentOf(ctx, customer, id, false));
    reply.type(NC_TYPE);
    return xmlDocument('non-contract-shipment-refund-request-info', {
      '@_xmlns': NC_NS,
      'service-ticket-date': r.date,
      'service-ticket-id': r.ticketId,
    });
  });
}
