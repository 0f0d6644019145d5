/**
 * Drop-off locations: `GET /locations/v3/dropoff-locations` (locations.yaml get-dropoff-location):
 * USPS entry facilities for a destination ZIP Code, answered as an array of DropShipmentLocation
 * with `facilityAddress` and `dropShipAcceptanceTimes` (HoursOfOperation: dayOfWeek MONDAY…,
 * times [{openTime "0800", closeTime "1200"}]).
 */
import type { DropoffLocation, LocationsRequest, Weekday } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { obj, objects, text, type JsonObject } from '../shared/json.js';
import { dropoffLocation } from '../shared/locations.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { ENDPOINTS } from './endpoints.js';
import { zip5 } from './mapping.js';
import type { CarrierDLocationsQuery } from './wire.js';

const DAYS: Readonly<Record<string, Weekday>> = {
  MONDAY: 'MON',
  TUESDAY: 'TUE',
  WEDNESDAY: 'WED',
  THURSDAY: 'THU',
  FRIDAY: 'FRI',
  SATURDAY: 'SAT',
  SUNDAY: 'SUN',
};

export function buildLocationsRequest(req: LocationsRequest): CarrierDLocationsQuery {
  const zip = zip5(req.location.postal_code);
  if (req.location.country.toUpperCase() !== 'US' || !zip) {
    throw new ApiError(
      'schema_field_required',
      'carrier_d finds drop-off locations by a US 5-digit ZIP Code',
      'location.postal_code',
    );
  }
  return { destinationZIPCode: zip };
}

export function locationsQueryString(q: CarrierDLocationsQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
  return `${ENDPOINTS.locations.path}?${params.toString()}`;
}

/** "0800" or "08:00" → "08:00". */
function hhmm(value: string | undefined): string | undefined {
  const m = /^(\d{2}):?(\d{2})/.exec(value ?? '');
  return m ? `${m[1]}:${m[2]}` : undefined;
}

function hoursOf(l: JsonObject): DropoffLocation['operational_hours'] {
  const hours: DropoffLocation['operational_hours'] = {};
  for (const entry of objects(l.dropShipAcceptanceTimes)) {
    const day = DAYS[(text(entry.dayOfWeek) ?? '').toUpperCase()];
    const times = objects(entry.times);
    const opens = times
      .map((t) => hhmm(text(t.openTime)))
      .filter((t): t is string => t !== undefined)
      .sort();
    const closes = times
      .map((t) => hhmm(text(t.closeTime)))
      .filter((t): t is string => t !== undefined)
      .sort();
    const open = opens[0];
    const close = closes[closes.length - 1];
    if (day && open && close) hours[day] = { open, close };
  }
  return hours;
}

function locationOf(l: JsonObject): DropoffLocation | undefined {
  const id = text(l.dropShipmentKey);
  const fa = obj(l.facilityAddress);
  // The schema nests `address`, its example is flat: read both.
  const a = obj(fa?.address) ?? fa;
  const street = text(a?.streetAddress);
  const city = text(a?.city);
  return dropoffLocation({
    location_id: id,
    location_name: text(l.facilityName),
    company_name: 'carrier_d',
    street1: street,
    city,
    state: text(a?.state),
    postal_code: text(a?.ZIPCode),
    country: 'US',
    operational_hours: hoursOf(l),
  });
}

export function parseLocationsResponse(body: unknown): DropoffLocation[] {
  throwIfError(body);
  if (!Array.isArray(body)) throw unexpectedBody('locations response (not an array)');
  return objects(body)
    .map(locationOf)
    .filter((l): l is DropoffLocation => l !== undefined);
}
