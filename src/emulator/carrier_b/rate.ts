/**
 * Rating API (vendor/Rating.yaml): `POST /api/rating/{version}/{requestoption}`. Rate and
 * Ratetimeintransit price the asked Service; Shop and Shoptimeintransit every service of the lane.
 * The answer is shaped like fixtures/rate_RateResponseJSON.json: RatedShipment is a list (always,
 * from v2409 on), each with its RatedPackage list, money as strings, NegotiatedRateCharges when NegotiatedRatesIndicator was sent, and TimeInTransit with
 * EstimatedArrival for the *timeintransit options and for `?additionalinfo=timeintransit`.
 */
import type { FastifyInstance } from 'fastify';
import { dayName, localDate, utcOffsetMinutes } from '../calendar.js';
import { at, isObject, str } from '../json.js';
import { responseHeader, type CarrierBCtx } from './context.js';
import { errors, UpsFailure, type UpsError } from './errors.js';
import {
  chargeBlock,
  deliveryDate,
  laneFor,
  negotiatedBlock,
  quote,
  ratedPackages,
  serviceOn,
  servicesFor,
  type ServiceDef,
} from './prices.js';
import { isoOf, readShipment, upsDateOf } from './request.js';

const OPTIONS = ['rate', 'shop', 'ratetimeintransit', 'shoptimeintransit'];

export function registerRateRoutes(app: FastifyInstance, ctx: CarrierBCtx): void {
  app.post('/api/rating/:version/:requestoption', ctx.tag('rate'), async (request) => {
    const { version, requestoption } = request.params as { version: string; requestoption: string };
    const option = requestoption.toLowerCase();
    if (version !== 'v2409' || !OPTIONS.includes(option))
      throw new UpsFailure(400, [errors.invalid('request option or version', `${version}/${requestoption}`)]);
    const rateRequest = at(request.body, 'RateRequest');
    if (!isObject(rateRequest)) throw new UpsFailure(400, [errors.missing('RateRequest')]);
    const problems: UpsError[] = [];
    const s = readShipment(rateRequest.Shipment, 'PackagingType', problems);
    if (!s.shipperNumber) problems.push(errors.missing('Shipment.Shipper.ShipperNumber'));
    const shop = option.startsWith('shop');
    if (!shop && !s.serviceCode) problems.push(errors.missing('Shipment.Service.Code'));
    if (problems.length > 0) throw new UpsFailure(400, problems);

    const lane = laneFor(
      { country: s.shipFrom.countryCode, postal: s.shipFrom.postalCode },
      { country: s.shipTo.countryCode, postal: s.shipTo.postalCode },
    );
    let services: ServiceDef[];
    if (shop) services = servicesFor(lane);
    else {
      const one = serviceOn(lane, s.serviceCode ?? '');
      if (!one) throw new UpsFailure(400, [errors.serviceUnavailable(s.serviceCode ?? '')]);
      services = [one];
    }
    const offset = utcOffsetMinutes(s.shipFrom.countryCode, s.shipFrom.postalCode);
    const shipDate =
      isoOf(str(at(rateRequest, 'Shipment.DeliveryTimeInformation.Pickup.Date')) ?? s.shipmentDate) ??
      localDate(ctx.clock.now(), offset);
    // Transit times are asked either by the request option or by the documented query parameter.
    const withTransit =
      option.endsWith('timeintransit') ||
      str((request.query as Record<string, unknown>).additionalinfo)?.toLowerCase() === 'timeintransit';
    const rated = services.map((service) => {
      const q = quote(service, lane, s.packages);
      const arrival = deliveryDate(shipDate, q.days);
      return {
        Service: { Code: service.code, Description: '' },
        Zone: String(lane.zone),
        RatedShipmentAlert: [
          { Code: '110971', Description: 'Your invoice may vary from the displayed reference rates' },
        ],
        BillingWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: q.billableLb.toFixed(1) },
        ...chargeBlock(q),
        ...(s.negotiated ? { NegotiatedRateCharges: negotiatedBlock(q) } : {}),
        GuaranteedDelivery: { BusinessDaysInTransit: String(q.days) },
        RatedPackage: ratedPackages(q),
        ...(withTransit
          ? {
              TimeInTransit: {
                PickupDate: upsDateOf(shipDate),
                ServiceSummary: {
                  Service: { Description: service.name },
                  EstimatedArrival: {
                    Arrival: { Date: upsDateOf(arrival), Time: '233000' },
                    BusinessDaysInTransit: String(q.days),
                    Pickup: { Date: upsDateOf(shipDate), Time: '180000' },
                    DayOfWeek: dayName(arrival).slice(0, 3),
                    TotalTransitDays: String(q.days),
                  },
                },
              },
            }
          : {}),
      };
    });
    return {
      RateResponse: {
        Response: {
          ...responseHeader(str(at(rateRequest, 'Request.TransactionReference.CustomerContext'))),
          Alert: [{ Code: '110971', Description: 'Your invoice may vary from the displayed reference rates' }],
        },
        // A list even for one service: Rating.yaml, "for versions >= v2409, this element will always be returned as an array".
        RatedShipment: rated,
      },
    };
  });
}
