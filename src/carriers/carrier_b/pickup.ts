/**
 * Pickups through the UPS Pickup API (Pickup.yaml): availability and price with the rating call
 * `POST /api/shipments/{version}/pickup/{pickuptype}` (PickupRateRequest), creation
 * `POST /api/pickupcreation/{version}/pickup` (PickupCreationRequest; fixtures/pickup_PickupRequest.json,
 * pickup_PickupResponse.json) and cancellation `DELETE /api/shipments/{version}/pickup/{CancelBy}`
 * with the PRN in the `Prn` header (fixtures/pickup_PickupCancelRequest.json: cancel_by 02;
 * pickup_PickupCancelResponse.json).
 *
 * UPS has no call listing pickup windows. Availability is asked date by date: a date the rating
 * call prices (RateResult) can be booked, a date it refuses (e.g. 9560131 "Invalid pickup date")
 * cannot. The window of an available date is the caller's ready/close time, else 09:00–17:00,
 * which UPS then accepts or refuses when the pickup is created.
 */
import type {
  Address,
  CancelResult,
  PickupConfirmation,
  PickupRequest,
  PickupShipment,
  PickupSlot,
} from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dig, dropUndefined, obj, text } from '../shared/json.js';
import { toHhMm } from '../shared/time.js';
import { serviceCode } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { wireDate, responseFailed } from './mapping.js';
import type {
  CarrierBPickupAddress,
  CarrierBPickupCreationRequest,
  CarrierBPickupPiece,
  CarrierBPickupRateRequest,
} from './wire.js';

export const DEFAULT_READY = '09:00';
export const DEFAULT_CLOSE = '17:00';
/** Dates asked per availability request at most (one rating call each). */
export const MAX_AVAILABILITY_DATES = 10;
/** Pickup.yaml OverweightIndicator: "at least any package is over 70 lbs or 32 kgs". */
const OVERWEIGHT = { LB: 70, KG: 32 } as const;

/** "HH:MM" → UPS "HHmm". */
function wireTime(value: string, field: string): string {
  const hhmm = toHhMm(value);
  if (!hhmm) throw new ApiError('schema_validation_error', `${field} must be a time HH:MM`, field);
  return hhmm.replace(':', '');
}

function pickupAddress(l: Address): CarrierBPickupAddress {
  const city = l.city;
  if (!city)
    throw new ApiError('schema_field_required', 'carrier_b needs the city of the pickup location', 'location.city');
  return dropUndefined<CarrierBPickupAddress>({
    CompanyName: l.company ?? l.name,
    ContactName: l.name ?? l.company,
    // Pickup.yaml: "only one AddressLine is allowed".
    AddressLine: l.street1,
    City: city,
    StateProvince: l.state,
    PostalCode: l.postal_code,
    CountryCode: l.country.toUpperCase(),
    ResidentialIndicator: l.residential ? 'Y' : 'N',
    Phone: l.phone ? { Number: l.phone } : undefined,
  });
}

/** Every calendar date from start to end, at most MAX_AVAILABILITY_DATES. */
export function availabilityDates(start: string, end: string): string[] {
  const dates: string[] = [];
  for (
    let t = Date.parse(`${start}T00:00:00Z`);
    Number.isFinite(t) && t <= Date.parse(`${end}T00:00:00Z`) && dates.length < MAX_AVAILABILITY_DATES;
    t += 86_400_000
  ) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

export function buildPickupAvailabilityRequest(
  req: { location: Address; ready_time?: string; close_time?: string },
  date: string,
  accountNumber: string,
): CarrierBPickupRateRequest {
  return {
    PickupRateRequest: {
      ShipperAccount: { AccountNumber: accountNumber, AccountCountryCode: req.location.country.toUpperCase() },
      PickupAddress: pickupAddress(req.location),
      AlternateAddressIndicator: 'Y',
      // 03 = A Specific-Day Pickup.
      ServiceDateOption: '03',
      PickupDateInfo: {
        ReadyTime: wireTime(req.ready_time ?? DEFAULT_READY, 'pickup_availability.ready_time'),
        CloseTime: wireTime(req.close_time ?? DEFAULT_CLOSE, 'pickup_availability.close_time'),
        PickupDate: wireDate(date),
      },
    },
  };
}

/** A priced date → its slot; an answer without RateResult is not an availability. */
export function parsePickupAvailabilityResponse(
  body: unknown,
  date: string,
  window: { ready_time?: string; close_time?: string } = {},
): PickupSlot {
  throwIfError(body);
  const response = obj(dig(body, 'PickupRateResponse'));
  if (!response) throw unexpectedBody('pickup rate response (no PickupRateResponse)');
  const failed = responseFailed(response);
  if (failed) throw failed;
  if (!obj(response.RateResult)) throw unexpectedBody('pickup rate response (no RateResult)');
  return {
    date,
    earliest: toHhMm(window.ready_time ?? DEFAULT_READY) ?? DEFAULT_READY,
    latest: toHhMm(window.close_time ?? DEFAULT_CLOSE) ?? DEFAULT_CLOSE,
  };
}

/** Pieces per service and destination; Pickup.yaml ServiceCode is the three-digit form ("001"). */
function pickupPieces(shipments: PickupShipment[], origin: string): CarrierBPickupPiece[] {
  const pieces = new Map<string, CarrierBPickupPiece>();
  for (const s of shipments) {
    const code = s.service === undefined ? '003' : serviceCode(s.service)?.padStart(3, '0');
    if (!code)
      throw new ApiError(
        'schema_validation_error',
        `service ${s.service} is not offered by carrier_b`,
        'shipments.service',
      );
    const destination = (s.recipient?.country ?? origin).toUpperCase();
    const key = `${code}/${destination}`;
    const count = s.packages.reduce((n, p) => n + (p.quantity ?? 1), 0);
    const known = pieces.get(key);
    pieces.set(key, {
      ServiceCode: code,
      Quantity: String(Number(known?.Quantity ?? 0) + count),
      DestinationCountryCode: destination,
      ContainerCode: '01',
    });
  }
  return [...pieces.values()];
}

export function buildPickupRequest(req: PickupRequest, accountNumber: string): CarrierBPickupCreationRequest {
  const packages = req.shipments.flatMap((s) => s.packages);
  const weight = packages.reduce((w, p) => w + p.weight * (p.quantity ?? 1), 0);
  const overweight = packages.some((p) => p.weight > OVERWEIGHT[req.weight_units]);
  const l = req.location;
  return dropUndefined<CarrierBPickupCreationRequest>({
    PickupCreationRequest: {
      Request: { SubVersion: '2409', TransactionReference: { CustomerContext: 'pickup' } },
      RatePickupIndicator: 'Y',
      Shipper: { Account: { AccountNumber: accountNumber, AccountCountryCode: l.country.toUpperCase() } },
      PickupDateInfo: {
        CloseTime: wireTime(req.time.close_time, 'pickup.time.close_time'),
        ReadyTime: wireTime(req.time.ready_time, 'pickup.time.ready_time'),
        PickupDate: wireDate(req.time.date),
      },
      PickupAddress: pickupAddress(l),
      AlternateAddressIndicator: 'Y',
      PickupPiece: pickupPieces(req.shipments, l.country),
      TotalWeight: {
        Weight: (Math.round(weight * 10) / 10).toFixed(1),
        UnitOfMeasurement: req.weight_units === 'KG' ? 'KGS' : 'LBS',
      },
      OverweightIndicator: overweight ? 'Y' : 'N',
      // 01 = Pay by shipper account.
      PaymentMethod: '01',
      SpecialInstruction: req.description?.slice(0, 57),
      Notification: l.email ? { ConfirmationEmailAddress: l.email } : undefined,
    },
  });
}

export function parsePickupResponse(body: unknown, req?: PickupRequest): PickupConfirmation {
  throwIfError(body);
  const response = obj(dig(body, 'PickupCreationResponse'));
  const failed = response ? responseFailed(response) : undefined;
  if (failed) throw failed;
  const prn = text(response?.PRN);
  if (!response || !prn) throw unexpectedBody('pickup response (no PRN)');
  return dropUndefined<PickupConfirmation>({
    confirmation_number: prn,
    currency: text(dig(response, 'RateResult', 'CurrencyCode')),
    pickup_date: req?.time.date,
    ready_time: req?.time.ready_time,
    close_time: req?.time.close_time,
  });
}

export function parsePickupCancelResponse(body: unknown): CancelResult {
  throwIfError(body);
  const response = obj(dig(body, 'PickupCancelResponse'));
  if (!response) throw unexpectedBody('pickup cancel response (no PickupCancelResponse)');
  const failed = responseFailed(response);
  if (failed) throw failed;
  if (text(dig(response, 'Response', 'ResponseStatus', 'Code')) !== '1')
    throw unexpectedBody('pickup cancel response (no success status)');
  return { message: 'Pickup cancelled' };
}
