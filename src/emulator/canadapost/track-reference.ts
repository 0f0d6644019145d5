/**
 * Get Shipments, `GET /rs/{customer}/{mobo}/shipment?…`: the contract shipments found by the
 * customer-request-id they were created with (`requestId`, the lookup by Waybill's reference), by
 * PIN (`trackingPIN`), by group (`groupId`, those not yet transmitted) or by manifest
 * (`manifestId`), as a shipment-v8 `shipments` list of links (an empty list when none match).
 */
import type { FastifyInstance } from 'fastify';
import { buildXml } from '../../carriers/shared/xml.js';
import type { CanadapostCtx } from './context.js';
import { failures } from './errors.js';
import type { StoredShipment } from './state.js';

const SHIPMENT_TYPE = 'application/vnd.cpc.shipment-v8+xml';
const SHIPMENT_NS = 'http://www.canadapost.ca/ws/shipment-v8';
const LINK_HOST = 'https://ct.soa-gw.canadapost.ca';

export function registerTrackReferenceRoutes(app: FastifyInstance, ctx: CanadapostCtx): void {
  app.get('/rs/:customer/:mobo/shipment', ctx.tag('shipments'), async (request, reply) => {
    const { customer, mobo } = request.params as { customer: string; mobo: string };
    const q = request.query as Record<string, string | undefined>;
    const tests: [string | undefined, (s: StoredShipment) => boolean][] = [
      [q.requestId, (s) => s.requestId === q.requestId],
      [q.trackingPIN, (s) => s.pin === q.trackingPIN],
      [q.groupId, (s) => s.groupId === q.groupId && s.status === 'created'],
      [q.manifestId, (s) => s.manifestId === q.manifestId],
    ];
    const chosen = tests.find(([value]) => value !== undefined && value !== '');
    if (!chosen)
      throw failures.invalid('8004', 'Get Shipments needs one of requestId, trackingPIN, groupId or manifestId.');
    const found = ctx.state.booked.filter((s) => s.customer === customer && s.contract && !s.voided && chosen[1](s));
    reply.type(SHIPMENT_TYPE);
    const link = found.map((s) => ({
      '@_rel': 'shipment',
      '@_href': `${LINK_HOST}/rs/${customer}/${mobo}/shipment/${s.id}`,
      '@_media-type': SHIPMENT_TYPE,
    }));
    return `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml('shipments', { '@_xmlns': SHIPMENT_NS, ...(link.length > 0 ? { link } : {}) })}`;
  });
}
