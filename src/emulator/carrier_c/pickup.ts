/**
 * MyDHL pickups: `POST /pickups` (supermodelIoLogisticsExpressPickupRequest) answers 201
 * `{ dispatchConfirmationNumbers, readyByTime, nextPickupDate, warnings }` (fixtures/pickup_PickupResponse.json);
 * a planned time after the 16:00 cut-off or on a weekend moves to the next business day, as the
 * answer's nextPickupDate says. `DELETE /pickups/{dispatchConfirmationNumber}?requestorName&reason`
 * cancels it: 400 "Missing mandatory parameters: requestorName" without them, 404 "Pickup not found"
 * for an unknown number, 400 for one already cancelled; 200 `{ dispatchConfirmationNumber, status }`
 * (fixtures/pickup_PickupCancelResponse.json).
 */
import type { FastifyInstance } from 'fastify';
import { arr, at, str } from '../json.js';
import type { CarrierCCtx } from './context.js';
import { DhlFailure, failures } from './errors.js';
import { pickupDay } from './prices.js';
import { checkNotPast, Problems, readParty, readPieces, readPlanned } from './request.js';

export function registerPickupRoutes(app: FastifyInstance, ctx: CarrierCCtx): void {
  app.post('/pickups', ctx.tag('pickup'), async (request, reply) => {
    const body = request.body;
    const p = new Problems();
    const planned = readPlanned(body, 'plannedPickupDateAndTime', p);
    const close = p.str(body, 'closeTime');
    if (close !== undefined && !/^\d{2}:\d{2}$/.test(close)) p.format.push('closeTime');
    if (!str(at(body, 'accounts.0.number'))) p.missing.push('accounts[0].number');
    const shipper = readParty(body, 'customerDetails.shipperDetails', p);
    const shipments = arr(at(body, 'shipmentDetails')) ?? [];
    if (shipments.length === 0) p.missing.push('shipmentDetails');
    shipments.forEach((_, i) => {
      p.str(body, `shipmentDetails.${i}.productCode`);
      readPieces(body, `shipmentDetails.${i}.packages`, p);
    });
    p.throwIfAny();
    if (!planned) throw failures.format(['plannedPickupDateAndTime']);
    checkNotPast(planned, shipper.countryCode, shipper.postalCode, ctx.clock.now());
    const date = pickupDay(planned.date, planned.time);
    const number = ctx.state.nextPickupNumber();
    ctx.state.pickups.set(number, { number, date });
    reply.code(201);
    return {
      dispatchConfirmationNumbers: [number],
      readyByTime: date === planned.date ? planned.time : '09:00',
      nextPickupDate: date,
      warnings: [],
    };
  });

  app.delete('/pickups/:number', ctx.tag('pickup_cancel'), async (request) => {
    const number = (request.params as { number: string }).number;
    const q = request.query as Record<string, unknown>;
    const missing = ['requestorName', 'reason'].filter((k) => str(q[k]) === undefined);
    if (missing.length > 0) throw failures.missing(missing);
    const pickup = ctx.state.pickups.get(number);
    if (!pickup)
      throw failures.notFound(
        'Pickup not found',
        'Cancellation of booking was not successful. Requested Pickup was not found',
      );
    if (pickup.cancelledAt)
      throw new DhlFailure(
        400,
        'Bad request',
        'Cancellation of booking was not successful. Pickup already cancelled or completed',
      );
    pickup.cancelledAt = ctx.clock.now();
    return { dispatchConfirmationNumber: number, status: 'cancelled' };
  });
}
