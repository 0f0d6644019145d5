/**
 * Pickups: FedEx /pickup/v1/pickups/availabilities, /pickup/v1/pickups and /pickup/v1/pickups/cancel
 * (pickup-api.json Full_Schema_Pickup_Availability, Full_Schema_Create_Pickup, Full_Schema_Cancel_Pickup),
 * recorded as fixtures/pickup_PickupRequest.json, pickup_PickupResponse.json,
 * pickup_PickupCancelRequest.json and pickup_PickupCancelResponse.json.
 */
import type {
  Address,
  CancelResult,
  PickupAvailabilityRequest,
  PickupConfirmation,
  PickupRequest,
  PickupShipment,
  PickupSlot,
} from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dig, dropUndefined, obj, objects, text, texts } from '../shared/json.js';
import { toHhMm, toIsoDate } from '../shared/time.js';
import { GROUND_SERVICE_CODES, serviceCode } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { wireAddress } from './mapping.js';
import type {
  CarrierACarrierCode,
  CarrierAPickupAvailabilityRequest,
  CarrierAPickupCancelRequest,
  CarrierAPickupRequest,
} from './wire-pickup.js';

function serviceCodes(shipments: PickupShipment[]): string[] {
  return shipments.flatMap((s) => {
    if (s.service === undefined) return [];
    const code = serviceCode(s.service);
    if (!code)
      throw new ApiError(
        'schema_validation_error',
        `service ${s.service} is not offered by carrier_a`,
        'shipments.service',
      );
    return [code];
  });
}

/** FedEx Ground (FDXG) picks up ground services, FedEx Express (FDXE) the rest. */
function carrierOf(code: string): CarrierACarrierCode {
  return GROUND_SERVICE_CODES.has(code) ? 'FDXG' : 'FDXE';
}

function relationship(location: Address, shipments: PickupShipment[]): 'DOMESTIC' | 'INTERNATIONAL' {
  const origin = location.country.toUpperCase();
  return shipments.every((s) => s.recipient === undefined || s.recipient.country.toUpperCase() === origin)
    ? 'DOMESTIC'
    : 'INTERNATIONAL';
}

function totals(shipments: PickupShipment[]): { count: number; weight: number } {
  const packages = shipments.flatMap((s) => s.packages);
  return {
    count: packages.reduce((n, p) => n + (p.quantity ?? 1), 0),
    weight: Math.round(packages.reduce((w, p) => w + p.weight * (p.quantity ?? 1), 0) * 10) / 10,
  };
}

/** "HH:MM" → FedEx "HH:MM:SS" (local time of the pickup postal code, no zone designator). */
function wireTime(value: string, field: string): string {
  const hhmm = toHhMm(value);
  if (!hhmm) throw new ApiError('schema_validation_error', `${field} must be a time HH:MM`, field);
  return `${hhmm}:00`;
}

/** Inclusive calendar days from start to end; FedEx counts weekend days too ("Saturday and 3: Sat, Sun, Mon"). */
function daysInclusive(start: string, end: string): number {
  const ms = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`);
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 86_400_000) + 1 : 1;
}

export function buildPickupAvailabilityRequest(
  req: PickupAvailabilityRequest,
  accountNumber: string,
): CarrierAPickupAvailabilityRequest {
  const codes = serviceCodes(req.shipments);
  const both: CarrierACarrierCode[] = ['FDXE', 'FDXG'];
  const carriers = codes.length === 0 ? both : [...new Set(codes.map(carrierOf))];
  const { weight } = totals(req.shipments);
  return dropUndefined<CarrierAPickupAvailabilityRequest>({
    pickupAddress: wireAddress(req.location, true),
    dispatchDate: req.start_date,
    numberOfBusinessDays: daysInclusive(req.start_date, req.end_date),
    packageReadyTime:
      req.ready_time === undefined ? undefined : wireTime(req.ready_time, 'pickup_availability.ready_time'),
    customerCloseTime:
      req.close_time === undefined ? undefined : wireTime(req.close_time, 'pickup_availability.close_time'),
    pickupType: 'ON_CALL',
    // The clock is not ours to read: ask for both, FedEx answers the ones that apply.
    pickupRequestType: ['SAME_DAY', 'FUTURE_DAY'],
    shipmentAttributes: {
      serviceType: codes[0],
      weight: weight > 0 ? { units: req.weight_units, value: weight } : undefined,
    },
    associatedAccountNumber: accountNumber,
    carriers,
    countryRelationship: relationship(req.location, req.shipments),
  });
}

/**
 * Availability options → slots. An option marked `available: false` is dropped; options of both
 * operating companies for one date merge into the widest window. `range` keeps only the asked dates.
 */
export function parsePickupAvailabilityResponse(
  body: unknown,
  range?: { start_date: string; end_date: string },
): PickupSlot[] {
  throwIfError(body);
  const output = obj(dig(body, 'output'));
  if (!output || !Array.isArray(output.options)) throw unexpectedBody('pickup availability response (no options)');
  const byDate = new Map<string, PickupSlot>();
  for (const option of objects(output.options)) {
    if (option.available === false) continue;
    const raw = text(option.pickupDate);
    const date = raw === undefined ? undefined : toIsoDate(raw);
    if (!date || (range && (date < range.start_date || date > range.end_date))) continue;
    const ready = texts(option.readyTimeOptions);
    const latest = [
      ...texts(option.latestTimeOptions),
      ...texts(option.defaultLatestTimeOptions),
      text(option.defaultLatestTimeOptions),
    ];
    const earliest = [ready[0], text(option.defaultReadyTime)]
      .map((t) => (t === undefined ? undefined : toHhMm(t)))
      .find((t) => t !== undefined);
    const lastTimes = latest
      .map((t) => (t === undefined ? undefined : toHhMm(t)))
      .filter((t): t is string => t !== undefined)
      .sort();
    const last =
      lastTimes[lastTimes.length - 1] ?? (text(option.cutOffTime) ? toHhMm(text(option.cutOffTime) ?? '') : undefined);
    if (!earliest || !last) continue;
    const known = byDate.get(date);
    byDate.set(date, {
      date,
      earliest: known && known.earliest < earliest ? known.earliest : earliest,
      latest: known && known.latest > last ? known.latest : last,
    });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** `location_type` is free text ("front of building"); FedEx knows FRONT, REAR, SIDE or NONE. */
function packageLocation(locationType: string | undefined): 'FRONT' | 'REAR' | 'SIDE' | 'NONE' {
  const t = (locationType ?? '').toLowerCase();
  if (t.includes('front')) return 'FRONT';
  if (t.includes('rear') || t.includes('back')) return 'REAR';
  if (t.includes('side')) return 'SIDE';
  return 'NONE';
}

export function buildPickupRequest(req: PickupRequest, accountNumber: string): CarrierAPickupRequest {
  const codes = serviceCodes(req.shipments);
  const { count, weight } = totals(req.shipments);
  const l = req.location;
  return dropUndefined<CarrierAPickupRequest>({
    associatedAccountNumber: { value: accountNumber },
    carrierCode: codes.length > 0 && codes.every((c) => carrierOf(c) === 'FDXG') ? 'FDXG' : 'FDXE',
    originDetail: {
      pickupAddressType: 'OTHER',
      pickupLocation: {
        accountNumber: { value: accountNumber },
        address: wireAddress(l, true),
        contact: { companyName: l.company, personName: l.name, phoneNumber: l.phone },
      },
      // pickup-api.json: local time of the pickup postal code, "Do not include a TZD".
      readyDateTimestamp: `${req.time.date}T${wireTime(req.time.ready_time, 'pickup.time.ready_time')}`,
      customerCloseTime: wireTime(req.time.close_time, 'pickup.time.close_time'),
      packageLocation: packageLocation(l.location_type),
    },
    packageCount: count,
    totalWeight: { units: req.weight_units, value: weight },
    pickupType: 'ON_CALL',
    remarks: req.description === undefined ? undefined : req.description.slice(0, 60),
    countryRelationships: relationship(l, req.shipments),
    pickupNotificationDetail: l.email
      ? { emailDetails: [{ address: l.email, locale: 'en_US' }], format: 'TEXT' }
      : undefined,
  });
}

/** CreatePickupOutputVO → confirmation; `req` supplies the date and times FedEx does not echo. */
export function parsePickupResponse(body: unknown, req?: PickupRequest): PickupConfirmation {
  throwIfError(body);
  const output = obj(dig(body, 'output'));
  const code = text(output?.pickupConfirmationCode);
  if (!output || !code) throw unexpectedBody('pickup response (no pickupConfirmationCode)');
  return dropUndefined<PickupConfirmation>({
    confirmation_number: code,
    // "The location will only be returned for Express Pickup"; cancelling an Express pickup needs it.
    location_code: text(output.location),
    pickup_date: req?.time.date,
    ready_time: req?.time.ready_time,
    close_time: req?.time.close_time,
  });
}

export function buildPickupCancelRequest(
  pickup: { confirmation_number: string; pickup_date: string; location_code?: string },
  accountNumber: string,
): CarrierAPickupCancelRequest {
  return dropUndefined<CarrierAPickupCancelRequest>({
    associatedAccountNumber: { value: accountNumber },
    pickupConfirmationCode: pickup.confirmation_number,
    // Only Express pickups come back with a location, so its presence tells the operating company.
    carrierCode: pickup.location_code ? 'FDXE' : 'FDXG',
    scheduledDate: pickup.pickup_date,
    location: pickup.location_code,
  });
}

export function parsePickupCancelResponse(body: unknown): CancelResult {
  throwIfError(body);
  const output = obj(dig(body, 'output'));
  if (
    !output ||
    (text(output.pickupConfirmationCode) === undefined && text(output.cancelConfirmationMessage) === undefined)
  ) {
    throw unexpectedBody('pickup cancel response (no confirmation)');
  }
  return { message: text(output.cancelConfirmationMessage) ?? 'Pickup cancelled' };
}
