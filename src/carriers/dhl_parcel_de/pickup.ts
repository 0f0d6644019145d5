/**
 * Pickups: Pickup API v3 `POST /parcel/de/transportation/pickup/v3/orders` (PickupOrder, an
 * "Einzelabholung" at the address given) and `DELETE …/orders?orderID=…`, recorded as
 * fixtures/pickup_PickupRequest.json, pickup_PickupRequestASAP.json, pickup_PickupResponse.json,
 * pickup_PickupCancelRequest.json and pickup_PickupCancelResponse.json.
 * DHL collects in Germany on working days (Monday to Friday); it takes a fixed date from the next
 * working day on, and a pickup for today as "ASAP" (the earliest day its depot can come, which the
 * confirmation names). Today is Germany's date by the service's clock.
 */
import { ApiError } from '../../domain/errors.js';
import type { CancelResult, PickupConfirmation, PickupRequest } from '../../domain/types.js';
import { dig, obj, objects, text } from '../shared/json.js';
import { localToday } from '../shared/time.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { kilograms, splitStreet } from './mapping.js';
import type { DhlPickupCancelQuery, DhlPickupOrder } from './wire.js';

/** The comment takes 100 characters. */
const MAX_COMMENT = 100;

/** Day of the week of an ISO date: 0 Sunday … 6 Saturday. */
function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The pickup date as the API takes it: today → ASAP, a working day after it → that date; a weekend day is refused. */
export function pickupDateOf(date: string, now: Date): DhlPickupOrder['pickupDetails']['pickupDate'] {
  const today = localToday(now, { country: 'DE' });
  if (date < today)
    throw new ApiError(
      'schema_validation_error',
      `pickup.time.date ${date} is in the past in Germany`,
      'pickup.time.date',
    );
  const day = weekday(date);
  if (day === 0 || day === 6)
    throw new ApiError(
      'schema_validation_error',
      `dhl_parcel_de picks up Monday to Friday; ${date} is a ${day === 0 ? 'Sunday' : 'Saturday'}`,
      'pickup.time.date',
    );
  return date === today ? { type: 'ASAP' } : { type: 'Date', value: date };
}

export function buildPickupRequest(req: PickupRequest, billingNumber: string, now: Date): DhlPickupOrder {
  const l = req.location;
  if (l.country !== 'DE')
    throw new ApiError('schema_validation_error', 'dhl_parcel_de picks up in Germany only', 'pickup.location.country');
  const { street, house } = splitStreet(l.street1 ?? '');
  const name1 = l.company ?? l.name ?? '';
  const packages = req.shipments.flatMap((s) =>
    s.packages.flatMap((p) => Array.from({ length: Math.max(1, p.quantity ?? 1) }, () => p)),
  );
  const grams = Math.round(packages.reduce((g, p) => g + kilograms(p.weight, req.weight_units) * 1000, 0));
  const contact = l.name ?? l.company;
  return {
    customerDetails: { billingNumber },
    pickupLocation: {
      type: 'Address',
      pickupAddress: {
        name1,
        ...(l.company && l.name ? { name2: l.name } : {}),
        addressStreet: street,
        ...(house ? { addressHouse: house } : {}),
        postalCode: l.postal_code ?? '',
        city: l.city ?? '',
        country: 'DE',
      },
    },
    businessHours: [{ timeFrom: req.time.ready_time, timeUntil: req.time.close_time }],
    ...(contact || l.phone || l.email
      ? {
          contactPerson: [
            {
              ...(contact ? { name: contact } : {}),
              ...(l.phone ? { phone: l.phone } : {}),
              ...(l.email
                ? {
                    email: l.email,
                    emailNotification: { sendPickupConfirmationEmail: true, sendPickupTimeWindowEmail: true },
                  }
                : {}),
            },
          ],
        }
      : {}),
    pickupDetails: {
      pickupDate: pickupDateOf(req.time.date, now),
      ...(grams > 0 ? { totalWeight: { uom: 'g', value: grams } } : {}),
      ...(req.description ? { comment: req.description.slice(0, MAX_COMMENT) } : {}),
    },
    // One parcel of the order per package: the depot plans its van by the count.
    shipmentDetails: {
      shipments: (packages.length > 0 ? packages : [undefined]).map(() => ({ transportationType: 'PAKET' as const })),
    },
  };
}

/** OrderResponse → confirmation; `req` supplies the window DHL does not echo. A validation-only answer booked nothing. */
export function parsePickupResponse(body: unknown, req?: PickupRequest): PickupConfirmation {
  throwIfError(body);
  const confirmation = obj(dig(body, 'confirmation'));
  const value = obj(confirmation?.value);
  const orderId = text(value?.orderID);
  if (!confirmation || text(confirmation.type) !== 'ORDERPICKUP' || !orderId)
    throw unexpectedBody('pickup response (no ORDERPICKUP confirmation with an orderID)');
  const date = text(value?.pickupDate);
  return {
    confirmation_number: orderId,
    currency: 'EUR',
    ...(date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? { pickup_date: date } : req ? { pickup_date: req.time.date } : {}),
    ...(req ? { ready_time: req.time.ready_time, close_time: req.time.close_time } : {}),
  };
}

export function buildPickupCancelRequest(pickup: { confirmation_number: string }): DhlPickupCancelQuery {
  return [['orderID', pickup.confirmation_number]];
}

/** CancelResult: the order is cancelled when it is among confirmedCancellations; a failed one is DHL's message. */
export function parsePickupCancelResponse(body: unknown, orderId?: string): CancelResult {
  const failed = objects(dig(body, 'failedCancellations'));
  const confirmed = objects(dig(body, 'confirmedCancellations'));
  const mine = (list: typeof failed) => list.find((c) => orderId === undefined || text(c.orderID) === orderId);
  const refused = mine(failed);
  if (refused) {
    const state = text(refused.orderState);
    throw new ApiError(
      'carrier_exception',
      text(refused.message) ?? 'dhl_parcel_de could not cancel the pickup',
      `dhl_parcel_de pickup ${text(refused.orderID) ?? orderId ?? ''}${state ? `; orderState ${state}` : ''}`,
    );
  }
  const done = mine(confirmed);
  if (!done) throw unexpectedBody('pickup cancel response (the order is in neither list)');
  return { message: text(done.message) ?? 'Pickup cancelled' };
}
