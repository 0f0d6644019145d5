/**
 * Pickup API v3 orders: `POST /parcel/de/transportation/pickup/v3/orders` takes a PickupOrder at an
 * address in Germany ("Einzelabholung") for a fixed working day (Monday to Friday) after today, or
 * "ASAP" (the next working day), and answers an ORDERPICKUP confirmation shaped like
 * fixtures/pickup_PickupResponse.json; `DELETE …/orders?orderID=…` cancels orders until their day,
 * answering confirmed and failed cancellations as fixtures/pickup_PickupCancelResponse.json does.
 * A refused order is the recorded 422 (pickup_PickupErrorResponse.json) with its messages.
 */
import type { FastifyInstance } from 'fastify';
import { addDays, formatLocal, isBusinessDay, isIsoDate, localDate, nextBusinessDay } from '../calendar.js';
import { arr, at, str } from '../json.js';
import type { DhlParcelDeCtx } from './context.js';
import { DhlFailure, problem, type ValidationMessage } from './errors.js';
import { GERMANY } from './timeline.js';

const PATH = '/parcel/de/transportation/pickup/v3/orders';

const refuse = (property: string, validationMessage: string): ValidationMessage => ({
  property,
  validationMessage,
  validationState: 'Error',
});

/** The recorded 422: one item holding every message. */
function validationFailed(messages: ValidationMessage[]) {
  return {
    status: 422,
    title: 'Validation failed',
    detail: 'Invalid request data',
    items: [{ validationMessages: messages }],
  };
}

export function registerPickupRoutes(app: FastifyInstance, ctx: DhlParcelDeCtx): void {
  const { state, clock } = ctx;

  app.post(PATH, ctx.tag('pickup'), async (request, reply) => {
    const body = request.body;
    const problems: ValidationMessage[] = [];
    const billing = str(at(body, 'customerDetails.billingNumber'));
    if (!billing || !/^\d{10}\d{2}\w{2}$/.test(billing))
      problems.push(refuse('customerDetails.billingNumber', 'Unknown billingnumber'));
    if (str(at(body, 'pickupLocation.type')) !== 'Address')
      problems.push(refuse('pickupLocation.type', 'Only pickups at an address are offered to this account.'));
    const address = at(body, 'pickupLocation.pickupAddress');
    for (const member of ['name1', 'addressStreet', 'addressHouse', 'city'])
      if (!str(at(address, member)))
        problems.push(refuse(`pickupLocation.pickupAddress.${member}`, `${member} is required`));
    if (!/^\d{5}$/.test(str(at(address, 'postalCode')) ?? ''))
      problems.push(refuse('pickupLocation.pickupAddress.postalCode', 'Invalid postal code'));
    const country = str(at(address, 'country'));
    if (country !== undefined && country !== 'DE')
      problems.push(refuse('pickupLocation.pickupAddress.country', 'Pickups are offered in Germany only'));
    const shipments = arr(at(body, 'shipmentDetails.shipments')) ?? [];
    if (shipments.length === 0) problems.push(refuse('shipmentDetails.shipments', 'At least one shipment is required'));
    const now = clock.now();
    const today = localDate(now, GERMANY);
    const type = str(at(body, 'pickupDetails.pickupDate.type'));
    const value = str(at(body, 'pickupDetails.pickupDate.value'));
    // ASAP: the depot comes on the next working day.
    let pickupDate = nextBusinessDay(addDays(today, 1));
    if (type === 'Date') {
      if (!value || !isIsoDate(value)) problems.push(refuse('pickupDetails.pickupDate.value', 'Invalid date'));
      else if (value <= today)
        problems.push(refuse('pickupDetails.pickupDate.value', 'The pickup date must be after today'));
      else if (!isBusinessDay(value))
        problems.push(refuse('pickupDetails.pickupDate.value', 'No pickups on Saturdays, Sundays and public holidays'));
      else pickupDate = value;
    } else if (type !== 'ASAP')
      problems.push(refuse('pickupDetails.pickupDate.type', 'The pickup date type must be Date or ASAP'));
    if (problems.length > 0) throw new DhlFailure(422, validationFailed(problems));

    const orderId = state.nextPickupOrderId();
    state.pickups.set(orderId, { orderId, pickupDate });
    const orderDate = formatLocal(now, GERMANY).slice(0, 19).replace('T', ' ');
    return reply.send({
      confirmation: {
        type: 'ORDERPICKUP',
        value: {
          orderID: orderId,
          pickupDate,
          freeOfCharge: false,
          pickupType: 'EZA',
          confirmedShipments: shipments.map((s) => ({
            transportationType: str(at(s, 'transportationType')) ?? 'PAKET',
            shipmentNo: '',
            orderDate,
          })),
        },
      },
    });
  });

  app.delete(PATH, ctx.tag('pickup_cancel'), async (request, reply) => {
    const ids = new URL(request.url, 'http://emulator').searchParams.getAll('orderID');
    if (ids.length === 0 || ids.length > 100)
      throw new DhlFailure(400, problem('Bad Request', 400, 'Between 1 and 100 orderID parameters are required.'));
    const now = clock.now();
    const today = localDate(now, GERMANY);
    const confirmedCancellations = [];
    const failedCancellations = [];
    for (const id of ids) {
      const p = state.pickups.get(id);
      if (!p) failedCancellations.push({ orderID: id, message: 'Order not found' });
      else if (p.cancelledAt)
        failedCancellations.push({ orderID: id, orderState: 'STORNIERT', message: 'Order already cancelled' });
      else if (p.pickupDate <= today)
        failedCancellations.push({
          orderID: id,
          orderState: 'IN_DURCHFUEHRUNG',
          message: 'Order can no longer be cancelled on the pickup day',
        });
      else {
        p.cancelledAt = now;
        confirmedCancellations.push({ orderID: id, orderState: 'STORNIERT', message: 'Order successfully cancelled' });
      }
    }
    return reply.send({ confirmedCancellations, failedCancellations });
  });
}
