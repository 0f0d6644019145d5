/**
 * MyDHL tracking: `GET /shipments/{shipmentTrackingNumber}/tracking` and
 * `GET /tracking?shipmentTrackingNumber=…` (repeated, at most 200: parameter shipmentTrackingNumberMulti).
 * Answers `{ shipments: [...] }` shaped like samples/tracking_response.json, events newest first; a
 * number DHL does not know is left out, and when none is known the answer is 404 "No Shipments Found".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hiddenFor } from '../faults.js';
import { localDate, localTime } from '../calendar.js';
import { str } from '../json.js';
import type { CarrierCCtx } from './context.js';
import { failures } from './errors.js';
import { productByCode } from './prices.js';
import type { StoredShipment } from './state.js';
import { destinationOf, eventReply, eventsUntil, originOf } from './timeline.js';

const MAX_NUMBERS = 200;

function party(p: StoredShipment['shipper'], code: string): Record<string, unknown> {
  return {
    name: p.company || p.name,
    postalAddress: { cityName: p.city, postalCode: p.postalCode, countryCode: p.countryCode },
    serviceArea: [{ code, description: p.city.toUpperCase() }],
  };
}

export function shipmentReply(s: StoredShipment, now: Date): Record<string, unknown> {
  const events = eventsUntil(s, now);
  const last = events[events.length - 1];
  const origin = originOf(s);
  const dest = destinationOf(s);
  const product = productByCode(s.productCode);
  return {
    shipmentTrackingNumber: s.waybill,
    status: last === undefined ? 'pre-transit' : last.typeCode === 'OK' ? 'delivered' : 'transit',
    shipmentTimestamp: `${localDate(s.bookedAt, origin.offset)}T${localTime(s.bookedAt, origin.offset)}`,
    productCode: s.productCode,
    description: product?.name ?? s.productCode,
    shipperDetails: party(s.shipper, origin.code),
    receiverDetails: party(s.receiver, dest.code),
    totalWeight: s.totalWeight,
    unitOfMeasurements: s.metric ? 'metric' : 'imperial',
    estimatedTimeOfDelivery: `${s.deliveryDate}T${product?.commitTime ?? '18:00:00'}`,
    numberOfPieces: s.pieces.length,
    events: [...events].reverse().map(eventReply),
  };
}

/**
 * `GET /tracking?shipmentReference=…` (express-api swagger trackShipmentReference, "Shipment
 * reference which was provided during the shipment label creation", with shipmentReferenceType,
 * shipperAccountNumber and dateRangeFrom/dateRangeTo): the shipments booked with that customer
 * reference. A `hidden` fault keeps bookings younger than its milliseconds out of sight.
 */
function byReference(ctx: CarrierCCtx, request: FastifyRequest, reference: string) {
  const q = request.query as Record<string, unknown>;
  const type = str(q.shipmentReferenceType);
  const account = str(q.shipperAccountNumber);
  const from = str(q.dateRangeFrom);
  const to = str(q.dateRangeTo);
  const now = ctx.clock.now();
  const visibleBefore = now.getTime() - hiddenFor(request);
  const found = ctx.state.booked.filter(
    (s) =>
      s.references.some((r) => r.value === reference && (type === undefined || r.typeCode === type)) &&
      s.bookedAt.getTime() <= visibleBefore &&
      (account === undefined || s.account === account) &&
      (from === undefined || s.pickupDate >= from) &&
      (to === undefined || s.pickupDate <= to),
  );
  if (found.length === 0)
    throw failures.notFound('Not data found', `No Shipments Found for shipmentReference | ${reference}`);
  // levelOfDetail=piece: each piece's number too (swagger supermodelIoLogisticsExpressTrackingResponse pieces[].trackingNumber).
  const pieces = str(q.levelOfDetail) === 'piece' || str(q.levelOfDetail) === 'all';
  return {
    shipments: found.map((s) => ({
      ...shipmentReply(s, now),
      ...(pieces ? { pieces: s.pieces.map((trackingNumber, i) => ({ number: i + 1, trackingNumber })) } : {}),
    })),
  };
}

export function registerTrackRoutes(app: FastifyInstance, ctx: CarrierCCtx): void {
  app.get('/shipments/:number/tracking', ctx.tag('track'), async (request) => {
    const number = (request.params as { number: string }).number;
    const s = ctx.state.shipments.get(number);
    if (!s) throw failures.notFound('Not data found', `No Shipments Found for shipmentTrackingNumber | ${number}`);
    return { shipments: [shipmentReply(s, ctx.clock.now())] };
  });

  app.get('/tracking', ctx.tag('track'), async (request) => {
    const reference = str((request.query as Record<string, unknown>).shipmentReference);
    if (reference !== undefined) return byReference(ctx, request, reference);
    const raw = (request.query as Record<string, unknown>).shipmentTrackingNumber;
    const numbers = (Array.isArray(raw) ? raw : [raw]).map(str).filter((n): n is string => n !== undefined);
    if (numbers.length === 0) throw failures.missing(['shipmentTrackingNumber']);
    if (numbers.length > MAX_NUMBERS) throw failures.format([`shipmentTrackingNumber (maxItems=${MAX_NUMBERS})`]);
    const now = ctx.clock.now();
    const found = numbers.map((n) => ctx.state.shipments.get(n)).filter((s): s is StoredShipment => s !== undefined);
    if (found.length === 0)
      throw failures.notFound(
        'Not data found',
        `No Shipments Found for shipmentTrackingNumber | ${numbers.join(', ')}`,
      );
    return { shipments: found.map((s) => shipmentReply(s, now)) };
  });
}
