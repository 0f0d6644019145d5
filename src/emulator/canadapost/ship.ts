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
import type { FastifyInstance } from 'fastify';
import { buildXml, xmlElement } from '../../carriers/shared/xml.js';
import type { CanadapostCtx } from './context.js';
import { CpcFailure, failures } from './errors.js';
import { readRoot, text } from './request.js';
import { easternToday } from './rate.js';
import type { StoredShipment } from './state.js';
import { book, NC_TYPE, SHIPMENT_TYPE, shipmentPrice } from './ship-reply.js';

const SHIPMENT_NS = 'http://www.canadapost.ca/ws/shipment-v8';
const NC_NS = 'http://www.canadapost.ca/ws/ncshipment-v4';
const AUTHRETURN_TYPE = 'application/vnd.cpc.authreturn-v2+xml';
const AUTHRETURN_NS = 'http://www.canadapost.ca/ws/authreturn-v2';

const xmlDocument = (root: string, body: object): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml(root, body)}`;

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

  // A refund request, the same for both kinds of shipment in their own media type and namespace.
  const refundRoute = (path: string, root: string, contract: boolean) =>
    app.post(path, ctx.tag('refund'), async (request, reply) => {
      const { customer, id } = request.params as { customer: string; id: string };
      readRoot(request, root);
      const r = refund(ctx, shipmentOf(ctx, customer, id, contract));
      reply.type(contract ? SHIPMENT_TYPE : NC_TYPE);
      return xmlDocument(`${root}-info`, {
        '@_xmlns': contract ? SHIPMENT_NS : NC_NS,
        'service-ticket-date': r.date,
        'service-ticket-id': r.ticketId,
      });
    });
  refundRoute('/rs/:customer/:mobo/shipment/:id/refund', 'shipment-refund-request', true);
  refundRoute('/rs/:customer/ncshipment/:id/refund', 'non-contract-shipment-refund-request', false);
}
