/**
 * Drop-off points: MyDHL GET /servicepoints (vendor OpenAPI, operation exp-api-servicepoints and
 * its example answers). Query: address (raw, one line), countryCode, servicePointResults,
 * maxDistance (kilometres), resultUom (km or mi). Answer: `{ status: { statusCode, statusMessage },
 * servicePoints: [{ facilityId, servicePointName, localName, address, geoLocation, distance,
 * distanceValue, openingHours: { openingHours: [{ dayOfWeek, openingTime, closingTime }] } }] }`.
 * statusCode 1 is OK; 201/202 "No Service Points found" are an empty answer; the rest are errors
 * (100 invalid parameter, 101 missing parameter, 600 country without service points).
 */
import type { DropoffLocation, LocationsRequest, Weekday } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dig, numeric, obj, objects, text, type JsonObject } from '../shared/json.js';
import { dropoffLocation } from '../shared/locations.js';
import { toHhMm } from '../shared/time.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import type { CarrierCQuery } from './wire.js';

const KM_PER_MI = 1.609344;
/** Search radius when the caller gives none (our choice, as for carrier_a: 10 of the asked unit). */
const DEFAULT_RADIUS = 10;
const MAX_RESULTS = 25;

export function buildLocationsRequest(req: LocationsRequest): { path: string; query: CarrierCQuery } {
  const l = req.location;
  const address = [l.street1, l.street2, l.postal_code, l.city, l.state]
    .filter((s): s is string => !!s && s.trim() !== '')
    .join(', ');
  const units = req.radius_units ?? 'MI';
  const radius = req.radius ?? DEFAULT_RADIUS;
  const km = units === 'MI' ? radius * KM_PER_MI : radius;
  const query: CarrierCQuery = [];
  if (address !== '') query.push(['address', address]);
  query.push(
    ['countryCode', l.country.toUpperCase()],
    ['servicePointResults', String(MAX_RESULTS)],
    ['maxDistance', String(Math.max(1, Math.ceil(km)))],
    ['resultUom', units === 'MI' ? 'mi' : 'km'],
  );
  return { path: ENDPOINTS.locations.path, query };
}

const DAYS: Readonly<Record<string, Weekday>> = {
  MONDAY: 'MON',
  TUESDAY: 'TUE',
  WEDNESDAY: 'WED',
  THURSDAY: 'THU',
  FRIDAY: 'FRI',
  SATURDAY: 'SAT',
  SUNDAY: 'SUN',
};

/** openingHours.openingHours[]: several ranges of one day keep the widest span. */
function hoursOf(point: JsonObject): DropoffLocation['operational_hours'] {
  const hours: DropoffLocation['operational_hours'] = {};
  for (const entry of objects(dig(point, 'openingHours', 'openingHours'))) {
    const day = DAYS[(text(entry.dayOfWeek) ?? '').toUpperCase()];
    const open = toHhMm(text(entry.openingTime) ?? '');
    const close = toHhMm(text(entry.closingTime) ?? '');
    if (!day || !open || !close) continue;
    const known = hours[day];
    hours[day] = {
      open: known && known.open < open ? known.open : open,
      close: known && known.close > close ? known.close : close,
    };
  }
  return hours;
}

function locationOf(point: JsonObject): DropoffLocation | undefined {
  const address = obj(point.address);
  const id = text(point.facilityId) ?? text(point.servicePointID) ?? text(point.id);
  const street1 =
    text(address?.addressLine1) ?? [text(address?.street), text(address?.houseNumber)].filter(Boolean).join(' ');
  const city = text(address?.city);
  const country = text(address?.country);
  // "0.42 km": the number is distanceValue (or distanceMetric), the unit the text's last word.
  const distanceText = text(point.distance);
  return dropoffLocation({
    location_id: id,
    location_name: text(point.servicePointNameFormatted) ?? text(point.servicePointName),
    company_name: text(point.localName),
    street1,
    city,
    state: text(address?.state),
    postal_code: text(address?.zipCode),
    country,
    lat: numeric(dig(point, 'geoLocation', 'latitude')),
    lng: numeric(dig(point, 'geoLocation', 'longitude')),
    distance: numeric(point.distanceValue) ?? numeric(point.distanceMetric),
    distance_units: distanceText?.split(/\s+/).pop()?.toUpperCase(),
    operational_hours: hoursOf(point),
  });
}

const NONE_FOUND = new Set([201, 202]);

export function parseLocationsResponse(body: unknown): DropoffLocation[] {
  throwIfError(body);
  const b = obj(body);
  const statusCode = numeric(dig(b, 'status', 'statusCode'));
  if (!b || statusCode === undefined) throw unexpectedBody('service point response (no status)');
  if (NONE_FOUND.has(statusCode)) return [];
  if (statusCode !== 1) {
    const message =
      text(dig(b, 'status', 'statusMessage'))?.replace(/^Error:\s*/, '') ??
      `carrier_c service point search failed (status ${statusCode})`;
    throw new ApiError('carrier_exception', message, `carrier_c servicepoints statusCode ${statusCode}`);
  }
  if (b.servicePoints === null || b.servicePoints === undefined) return [];
  if (!Array.isArray(b.servicePoints)) throw unexpectedBody('service point response (servicePoints is not a list)');
  return objects(b.servicePoints)
    .map(locationOf)
    .filter((l): l is DropoffLocation => l !== undefined);
}
