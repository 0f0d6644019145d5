/**
 * `GET /api/track/v1/reference/details/{referenceNumber}` (vendor/Tracking.yaml, "Track by Reference
 * Number"): the shipments whose reference numbers carry the value, narrowed by the shipper number,
 * the destination country and postal code, and the pickup-date window (fromPickUpDate, toPickUpDate;
 * "currentDate-14" to today when absent). Found: trackResponse with one package entry per package;
 * none: 404 with the tracking API's not-found error. A `hidden` fault keeps bookings younger than
 * its milliseconds out of sight, as a lagging search index does.
 */
import type { FastifyInstance } from 'fastify';
import { hiddenFor } from '../faults.js';
import type { CarrierBCtx } from './context.js';
import { errors } from './errors.js';
import type { StoredShipment } from './state.js';

const DAY_MS = 86_400_000;
const compact = (isoDate: string) => isoDate.replace(/-/g, '');

export function registerTrackReferenceRoutes(app: FastifyInstance, ctx: CarrierBCtx): void {
  app.get('/api/track/v1/reference/details/:referenceNumber', ctx.tag('track_reference'), async (request, reply) => {
    const { referenceNumber } = request.params as { referenceNumber: string };
    const q = request.query as Record<string, string | undefined>;
    const now = ctx.clock.now();
    const from = (
      q.fromPickUpDate ?? compact(new Date(now.getTime() - 14 * DAY_MS).toISOString().slice(0, 10))
    ).replace(/-/g, '');
    const to = (q.toPickUpDate ?? compact(now.toISOString().slice(0, 10))).replace(/-/g, '');
    const visibleBefore = now.getTime() - hiddenFor(request);
    const matches = (s: StoredShipment) =>
      s.bookedAt.getTime() <= visibleBefore &&
      (!q.shipperNum || s.accountNumber === q.shipperNum) &&
      (!q.destCountry || s.shipTo.countryCode === q.destCountry) &&
      (!q.destZip || s.shipTo.postalCode === q.destZip) &&
      compact(s.shipDate) >= from &&
      compact(s.shipDate) <= to;
    const found = (ctx.state.byReference.get(referenceNumber) ?? []).filter(matches);
    if (found.length === 0) return reply.code(404).send({ response: { errors: [errors.notFound()] } });
    return {
      trackResponse: {
        shipment: found.map((s) => ({
          inquiryNumber: referenceNumber,
          package: s.packages.map((p) => ({
            trackingNumber: p.trackingNumber,
            referenceNumber: s.references.map((number) => ({ type: 'SHIPMENT', number })),
            packageCount: s.packages.length,
          })),
        })),
      },
    };
  });
}
