/**
 * Pickups: MyDHL POST /pickups (supermodelIoLogisticsExpressPickupRequest; fixtures/pickup_PickupRequest.json,
 * pickup_PickupResponse.json; samples/pickup_create_request.json / pickup_create_response.json) and
 * DELETE /pickups/{dispatchConfirmationNumber}?requestorName=…&reason=… (fixtures/pickup_PickupCancelResponse.json).
 *
 * Availability: MyDHL has no slot list. A rating call per requested date answers each product's
 * `pickupCapabilities` (samples/rate_response.json: pickupEarliest, pickupLatest,
 * localCutoffDateAndTime, nextBusinessDay); a date whose products say `nextBusinessDay: true` (no
 * pickup that day) gives no slot, the others give earliest…latest, the widest over the products.
 */
import type {
  Address,
  CancelResult,
  PickupAvailabilityRequest,
  PickupConfirmation,
  PickupRequest,
  PickupShipment,
  PickupSlot,
  ShipmentRequest,
} from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined, obj, objects, text, texts } from '../shared/json.js';
import { toHhMm, toIsoDate } from '../shared/time.js';
import { fillPath } from '../shared/endpoint.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { buildRateRequest } from './rate.js';
import {
  wirePackages,
  wireProductCode,
  isInternational,
  plannedDateAndTime,
  shipperAccount,
  unitOfMeasurement,
} from './mapping.js';
import { wireParty } from './ship-request.js';
import type { CarrierCPickupRequest, CarrierCQuery, CarrierCRateRequest } from './wire.js';

/** The calendar days from start to end, inclusive. */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

function firstRecipient(location: Address, shipments: PickupShipment[]): Address {
  return shipments.find((s) => s.recipient !== undefined)?.recipient ?? location;
}

/** The rating call that asks for the pickup capabilities of one date (at the ready time, or 09:00). */
export function buildPickupAvailabilityRequest(
  req: PickupAvailabilityRequest,
  date: string,
  accountNumber: string,
  now: Date,
): CarrierCRateRequest {
  const packages = req.shipments.flatMap((s) => s.packages);
  const shipment: ShipmentRequest = {
    shipping_account: req.shipping_account,
    sender: req.location,
    recipient: firstRecipient(req.location, req.shipments),
    packages: packages.length > 0 ? packages : [{ weight: 1 }],
    packaging: 'your_packaging',
    service: req.shipments.find((s) => s.service !== undefined)?.service,
    dim_units: req.dim_units,
    weight_units: req.weight_units,
  };
  // The parcels are ready at the ready time (09:00 without one): that is when they would ship.
  const time = req.ready_time === undefined ? '09:00' : toHhMm(req.ready_time);
  if (time === undefined)
    throw new ApiError(
      'schema_validation_error',
      'pickup_availability.ready_time must be a time HH:MM',
      'pickup_availability.ready_time',
    );
  const body = buildRateRequest(shipment, accountNumber, now);
  return { ...body, plannedShippingDateAndTime: plannedDateAndTime(req.location, date, now, time) };
}

/** One date's slot from the products' pickupCapabilities, or undefined when no product is picked up that day. */
export function parsePickupAvailabilityResponse(body: unknown, date: string): PickupSlot | undefined {
  throwIfError(body);
  const products = obj(body)?.products;
  if (!Array.isArray(products)) throw unexpectedBody('rate response for pickup availability (no products)');
  let earliest: string | undefined;
  let latest: string | undefined;
  for (const product of objects(products)) {
    const caps = obj(product.pickupCapabilities);
    if (!caps || caps.nextBusinessDay === true) continue;
    const cutoffDate = text(caps.localCutoffDateAndTime);
    if (cutoffDate !== undefined && toIsoDate(cutoffDate) !== undefined && toIsoDate(cutoffDate) !== date) continue;
    const from = toHhMm(text(caps.pickupEarliest) ?? '');
    const to = toHhMm(text(caps.pickupLatest) ?? '');
    if (!from || !to) continue;
    if (earliest === undefined || from < earliest) earliest = from;
    if (latest === undefined || to > latest) latest = to;
  }
  return earliest && latest ? { date, earliest, latest } : undefined;
}

/** "HH:MM" checked; MyDHL takes closeTime as HH:MM. */
function hhmm(value: string, field: string): string {
  const t = toHhMm(value);
  if (!t) throw new ApiError('schema_validation_error', `${field} must be a time HH:MM`, field);
  return t;
}

export function buildPickupRequest(req: PickupRequest, accountNumber: string, now: Date): CarrierCPickupRequest {
  const l = req.location;
  const shipments: PickupShipment[] = req.shipments.length > 0 ? req.shipments : [{ packages: [{ weight: 1 }] }];
  const receiver = shipments.find((s) => s.recipient !== undefined)?.recipient;
  return dropUndefined<CarrierCPickupRequest>({
    // Local time at the pickup address with its zone, as for shipments (rate.ts).
    plannedPickupDateAndTime: plannedDateAndTime(
      l,
      req.time.date,
      now,
      hhmm(req.time.ready_time, 'pickup.time.ready_time'),
    ),
    closeTime: hhmm(req.time.close_time, 'pickup.time.close_time'),
    // `location` is DHL's free text for where the parcels wait ("reception"); location_type is ours.
    location: (l.location_type ?? 'reception').slice(0, 80),
    locationType: l.residential ? 'residence' : 'business',
    accounts: shipperAccount(accountNumber),
    remark: req.description?.slice(0, 80),
    customerDetails: {
      shipperDetails: wireParty(l),
      receiverDetails: receiver === undefined ? undefined : wireParty(receiver),
    },
    shipmentDetails: shipments.map((s) => {
      const code =
        wireProductCode(s.service, 'pickup.shipments.service') ??
        (s.recipient && isInternational({ sender: l, recipient: s.recipient }) ? 'P' : 'N');
      return {
        productCode: code,
        localProductCode: code,
        isCustomsDeclarable: s.recipient !== undefined && isInternational({ sender: l, recipient: s.recipient }),
        unitOfMeasurement: unitOfMeasurement(req.weight_units),
        packages: wirePackages(s.packages.length > 0 ? s.packages : [{ weight: 1 }], req),
      };
    }),
  });
}

/** dispatchConfirmationNumbers[0]; nextPickupDate and readyByTime when DHL moved the pickup. */
export function parsePickupResponse(body: unknown, req?: PickupRequest): PickupConfirmation {
  throwIfError(body);
  const b = obj(body);
  const number = texts(b?.dispatchConfirmationNumbers)[0] ?? text(b?.dispatchConfirmationNumber);
  if (!b || !number) throw unexpectedBody('pickup response (no dispatchConfirmationNumbers)');
  const next = text(b.nextPickupDate);
  const ready = text(b.readyByTime);
  return dropUndefined<PickupConfirmation>({
    confirmation_number: number,
    pickup_date: (next === undefined ? undefined : toIsoDate(next)) ?? req?.time.date,
    ready_time: (ready === undefined ? undefined : toHhMm(ready)) ?? req?.time.ready_time,
    close_time: req?.time.close_time,
  });
}

/** DELETE /pickups/{n}: requestorName and reason are required query parameters. */
export function buildPickupCancelRequest(
  confirmationNumber: string,
  requestorName: string,
): { path: string; query: CarrierCQuery } {
  return {
    path: fillPath(
      ENDPOINTS.pickupCancel.path,
      { dispatchConfirmationNumber: confirmationNumber },
      'confirmation_number',
    ),
    query: [
      ['requestorName', requestorName.slice(0, 35)],
      ['reason', 'not needed'],
    ],
  };
}

/** 200 with an empty body (the vendor file documents no body) or `{ dispatchConfirmationNumber, status }`. */
export function parsePickupCancelResponse(body: unknown, confirmationNumber: string): CancelResult {
  throwIfError(body);
  const b = obj(body);
  if (!b) throw unexpectedBody('pickup cancel response (not an object)');
  const status = text(b.status);
  if (status !== undefined && status.toLowerCase() !== 'cancelled')
    throw unexpectedBody(`pickup cancel response (status ${status})`);
  return { message: `Pickup ${confirmationNumber} cancelled` };
}
