/**
 * Tracking API (vendor/Tracking.yaml): `GET /api/track/v1/details/{inquiryNumber}`, one number per
 * call. The answer is shaped like fixtures/tracking_TrackingResponseJSON.json: trackResponse.shipment[]
 * .package[] with activity newest first, each with local `date` (YYYYMMDD) and `time` (HHMMSS) plus
 * gmtDate/gmtTime/gmtOffset, currentStatus, deliveryDate (SDD scheduled, DEL delivered) and
 * deliveryTime. A number that is not a 1Z number with a valid check digit is 400 TV1002 "Invalid
 * inquiry number"; a valid one nobody booked is 404 TW0001 "Tracking Information Not Found".
 */
import type { FastifyInstance } from 'fastify';
import { formatOffset, localDate, localTime } from '../calendar.js';
import type { CarrierBCtx } from './context.js';
import { errors, UpsFailure } from './errors.js';
import { serviceOn, laneFor } from './prices.js';
import { upsDateOf } from './request.js';
import { deliveredAt, eventsUntil, type PlannedEvent } from './timeline.js';
import { isValidTrackingNumber } from './tracking-numbers.js';

function activityOf(ev: PlannedEvent) {
  const place = ev.place;
  return {
    location: {
      address: {
        city: place.city ?? '',
        stateProvince: ('state' in place ? place.state : undefined) ?? '',
        postalCode: place.postalCode ?? '',
        countryCode: place.countryCode,
        country: place.countryCode,
      },
    },
    status: { type: ev.type, description: ev.description, code: ev.code, statusCode: ev.statusCode },
    date: upsDateOf(localDate(ev.at, ev.offset)),
    time: localTime(ev.at, ev.offset).replace(/:/g, ''),
    gmtDate: upsDateOf(localDate(ev.at, 0)),
    gmtOffset: formatOffset(ev.offset),
    gmtTime: localTime(ev.at, 0),
  };
}

export function registerTrackRoutes(app: FastifyInstance, ctx: CarrierBCtx): void {
  app.get('/api/track/v1/details/:inquiryNumber', ctx.tag('track'), async (request, reply) => {
    const { inquiryNumber } = request.params as { inquiryNumber: string };
    const number = inquiryNumber.trim().toUpperCase();
    if (!isValidTrackingNumber(number)) throw new UpsFailure(400, [errors.inquiryInvalid()]);
    const shipment = ctx.state.shipments.get(number);
    if (!shipment) return reply.code(404).send({ response: { errors: [errors.notFound()] } });
    const events = eventsUntil(shipment, ctx.clock.now()).reverse();
    const current = events[0];
    const delivered = current?.type === 'D';
    const lane = laneFor(
      { country: shipment.shipFrom.countryCode, postal: shipment.shipFrom.postalCode },
      { country: shipment.shipTo.countryCode, postal: shipment.shipTo.postalCode },
    );
    const pkg = shipment.packages.find((p) => p.trackingNumber === number);
    return {
      trackResponse: {
        shipment: [
          {
            inquiryNumber: number,
            package: [
              {
                trackingNumber: number,
                deliveryDate: [{ type: delivered ? 'DEL' : 'SDD', date: upsDateOf(shipment.deliveryDate) }],
                deliveryTime: {
                  type: delivered ? 'DEL' : 'EOD',
                  endTime: delivered
                    ? localTime(deliveredAt(shipment), current?.offset ?? 0).replace(/:/g, '')
                    : '190000',
                },
                ...(delivered ? { deliveryInformation: { location: 'Front Door', receivedBy: 'DRIVER RELEASE' } } : {}),
                activity: events.map(activityOf),
                currentStatus: current
                  ? {
                      type: current.type,
                      description: current.description,
                      code: current.code,
                      statusCode: current.statusCode,
                    }
                  : undefined,
                service: {
                  code: shipment.serviceCode,
                  description: serviceOn(lane, shipment.serviceCode)?.name ?? shipment.serviceCode,
                },
                packageCount: shipment.packages.length,
                weight: { unitOfMeasurement: pkg?.unit ?? 'LBS', weight: String(pkg?.weight ?? '') },
              },
            ],
          },
        ],
      },
    };
  });
}
