/**
 * Tracking, `GET /vis/track/pin/{pin}/detail` (track-v2 `tracking-detail`, shaped like the recorded
 * answer: events newest first, dates and times in Eastern time with the zone's name beside them).
 * A PIN the carrier has no history for is its 404 with code 004.
 */
import type { FastifyInstance } from 'fastify';
import { buildXml } from '../../carriers/shared/xml.js';
import { localDate, localTime } from '../calendar.js';
import type { CanadapostCtx } from './context.js';
import { failures } from './errors.js';
import type { StoredShipment } from './state.js';
import { EASTERN, eventsUntil, type PlannedEvent } from './timeline.js';

const TRACK_TYPE = 'application/vnd.cpc.track-v2+xml';
const TRACK_NS = 'http://www.canadapost.ca/ws/track-v2';

function occurrence(e: PlannedEvent): Record<string, unknown> {
  return {
    'event-identifier': e.code,
    'event-date': localDate(e.at, EASTERN),
    'event-time': localTime(e.at, EASTERN),
    'event-time-zone': 'EST',
    'event-description': e.description,
    'signatory-name': e.signatory ?? '',
    'event-site': e.site,
    'event-province': e.province,
    'event-retail-location-id': '',
    'event-retail-name': '',
  };
}

export function trackingDetail(s: StoredShipment, now: Date): Record<string, unknown> {
  const events = eventsUntil(s, now);
  return {
    '@_xmlns': TRACK_NS,
    pin: s.pin,
    'active-exists': '1',
    'archive-exists': '',
    'changed-expected-date': '',
    'destination-postal-id': s.destination.postalCode,
    'expected-delivery-date': s.deliveryDate,
    'changed-expected-delivery-reason': '',
    'mailed-by-customer-number': s.customer.padStart(10, '0'),
    'mailed-on-behalf-of-customer-number': s.customer.padStart(10, '0'),
    'original-pin': '',
    'service-name': s.quote.service.name,
    'service-name-2': s.quote.service.name,
    'customer-ref-1': s.references[0] ?? '',
    'customer-ref-2': s.references[1] ?? '',
    'return-pin': '',
    'signature-image-exists': String(events.some((e) => e.signatory !== undefined)),
    'suppress-signature': 'false',
    'delivery-options': '',
    'significant-events': events.length > 0 ? { occurrence: [...events].reverse().map(occurrence) } : '',
  };
}

export function registerTrackRoutes(app: FastifyInstance, ctx: CanadapostCtx): void {
  app.get('/vis/track/pin/:pin/detail', ctx.tag('track'), async (request, reply) => {
    const { pin } = request.params as { pin: string };
    const s = ctx.state.byPin.get(pin);
    if (!s) throw failures.noPin();
    reply.type(TRACK_TYPE);
    return `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml('tracking-detail', trackingDetail(s, ctx.clock.now()))}`;
  });
}
