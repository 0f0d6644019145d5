/**
 * The Parcel DE Tracking API: `GET /parcel/de/tracking/v0/shipments?xml=<data appname password
 * request="d-get-piece-detail" piece-code="a;b;…"/>` with the API app as HTTP Basic (auth.ts).
 * Answers DHL's `piece-shipment-list` document: per piece found
 * a `piece-shipment` with its latest status and a `piece-event-list`, events oldest first, times in
 * German local time ("18.03.2016 10:02"). None found is code 100 "No data found".
 */
import type { FastifyInstance } from 'fastify';
import { buildXml, parseXml, xmlAttr, xmlRoot } from '../../carriers/shared/xml.js';
import { isObject, str } from '../json.js';
import type { DhlParcelDeCtx } from './context.js';
import { DhlFailure, problem, trackingError } from './errors.js';
import { PRODUCTS } from './prices.js';
import type { StoredShipment } from './state.js';
import { eventsUntil, type PlannedEvent } from './timeline.js';

const MAX_PIECES = 20;
const XML_TYPE = 'application/xml; charset=utf-8';

const berlin = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "18.03.2016 10:02": the instant in Germany's time, daylight saving included. */
export function germanTimestamp(at: Date): string {
  const parts = Object.fromEntries(berlin.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

/** DHL writes an event's country in words of the answer's language (English here); others by their code. */
const COUNTRY_NAMES: Record<string, string> = {
  DEU: 'Germany',
  AUT: 'Austria',
  BEL: 'Belgium',
  CHE: 'Switzerland',
  DNK: 'Denmark',
  ESP: 'Spain',
  FRA: 'France',
  GBR: 'United Kingdom',
  ITA: 'Italy',
  NLD: 'Netherlands',
  POL: 'Poland',
  SWE: 'Sweden',
  USA: 'United States',
};

function place(s: StoredShipment, e: PlannedEvent): { location: string; country: string } {
  if (e.place === 'origin')
    return { location: s.shipper.city, country: COUNTRY_NAMES[s.shipper.country] ?? s.shipper.country };
  if (e.place === 'destination')
    return { location: s.consignee.city, country: COUNTRY_NAMES[s.consignee.country] ?? s.consignee.country };
  return { location: '', country: '' };
}

function pieceShipment(s: StoredShipment, searched: string, now: Date) {
  const events = eventsUntil(s, now);
  const last = events.at(-1)!;
  const delivered = last.ice === 'DLVRD';
  return {
    '@_name': 'piece-shipment',
    '@_error-status': '0',
    '@_piece-identifier': s.shipmentNo,
    '@_piece-code': s.shipmentNo,
    '@_searched-piece-code': searched,
    '@_status': last.text,
    '@_short-status': last.short,
    '@_status-timestamp': germanTimestamp(last.at),
    '@_ice': last.ice,
    '@_ric': last.ric,
    '@_standard-event-code': last.code,
    '@_delivery-event-flag': delivered ? '1' : '0',
    '@_recipient-name': delivered ? s.consignee.name1 : '',
    '@_product-name': PRODUCTS[s.product]?.name ?? s.product,
    '@_shipment-weight': String(s.weightKg),
    '@_international-flag': s.international ? '1' : '0',
    '@_origin-country': 'DE',
    '@_ruecksendung': 'false',
    data: {
      '@_name': 'piece-event-list',
      '@_piece-identifier': s.shipmentNo,
      data: events.map((e) => {
        const where = place(s, e);
        return {
          '@_name': 'piece-event',
          '@_event-timestamp': germanTimestamp(e.at),
          '@_event-status': e.text,
          '@_event-text': e.text,
          '@_event-short-status': e.short,
          '@_ice': e.ice,
          '@_ric': e.ric,
          '@_event-location': where.location,
          '@_event-country': where.country,
          '@_standard-event-code': e.code,
          '@_ruecksendung': 'false',
        };
      }),
    },
  };
}

export function registerTrackRoutes(app: FastifyInstance, ctx: DhlParcelDeCtx): void {
  const { state, clock } = ctx;

  app.get('/parcel/de/tracking/v0/shipments', ctx.tag('track'), async (request, reply) => {
    const query = isObject(request.query) ? request.query : {};
    const doc = xmlRoot(parseXml(str(query.xml) ?? ''), 'data');
    if (!doc)
      throw new DhlFailure(400, problem('Bad Request', 400, 'The query parameter xml is missing or not well-formed.'));
    const requestId = state.nextRequestId();
    const xml = (body: string) => reply.type(XML_TYPE).send(body);
    if (!state.credentials.knows('dhl_parcel_de', xmlAttr(doc, 'appname'), xmlAttr(doc, 'password')))
      return xml(trackingError('9', 'Login failed: unknown appname or password', requestId));
    if (xmlAttr(doc, 'request') !== 'd-get-piece-detail') return xml(trackingError('11', 'Unknown request', requestId));
    const codes = (xmlAttr(doc, 'piece-code') ?? '')
      .split(';')
      .map((c) => c.trim())
      .filter((c) => c !== '');
    if (codes.length === 0 || codes.length > MAX_PIECES)
      return xml(trackingError('12', `Between 1 and ${MAX_PIECES} piece codes are required`, requestId));
    const now = clock.now();
    const found = codes.flatMap((c) => {
      const s = state.shipments.get(c);
      return s ? [pieceShipment(s, c, now)] : [];
    });
    if (found.length === 0) return xml(trackingError('100', 'No data found', requestId));
    const body = buildXml('data', {
      '@_name': 'piece-shipment-list',
      '@_code': '0',
      '@_request-id': requestId,
      data: found,
    });
    return xml(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  });
}
