/**
 * Drop-off locations: FedEx POST /location/v1/locations (Location Search API). There is no vendor
 * file for it in carriers/carrier_a; the shape follows FedEx's public Location Search API
 * documentation: request `locationsSummaryRequestControlParameters.distance`, `locationSearchCriterion`
 * ADDRESS, `location.address`, `multipleMatchesAction`; answer `output.locationDetailList[]` with
 * `locationId`, `distance`, `contactAndAddress`, `geoPositionalCoordinates` and `storeHours`.
 */
import type { DropoffLocation, LocationsRequest, Weekday } from '../../domain/types.js';
import { dig, dropUndefined, numeric, obj, objects, text, texts, type JsonObject } from '../shared/json.js';
import { dropoffLocation } from '../shared/locations.js';
import { toHhMm } from '../shared/time.js';
import { weekday } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { wireAddress } from './mapping.js';
import type { CarrierALocationsRequest } from './wire-locations.js';

/** Search radius when the caller gives none (our choice: a short drive, in the default unit MI). */
const DEFAULT_RADIUS = 10;
const MAX_RESULTS = 25;

export function buildLocationsRequest(req: LocationsRequest): CarrierALocationsRequest {
  // The search address has no residential flag.
  const { residential: _residential, ...address } = wireAddress(req.location, true);
  return dropUndefined<CarrierALocationsRequest>({
    locationsSummaryRequestControlParameters: {
      distance: { units: req.radius_units ?? 'MI', value: req.radius ?? DEFAULT_RADIUS },
      maxResults: MAX_RESULTS,
    },
    locationSearchCriterion: 'ADDRESS',
    location: { address },
    multipleMatchesAction: 'RETURN_ALL',
    sort: { criteria: 'DISTANCE', order: 'ASCENDING' },
    // Only places that accept a parcel handed in, not pure hold-at-location counters.
    locationCapabilities: [{ transferOfPossessionType: 'DROPOFF' }],
  });
}

/**
 * storeHours → {MON:{open,close},…}. Days come as MON or MONDAY; `operationalHours` is one range
 * or a list of ranges (the widest span is kept); CLOSED_ALL_DAY days are left out, OPEN_ALL_DAY
 * is 00:00–23:59.
 */
function hoursOf(detail: JsonObject): DropoffLocation['operational_hours'] {
  const hours: Partial<Record<Weekday, { open: string; close: string }>> = {};
  for (const entry of objects(detail.storeHours)) {
    const day = weekday(text(entry.dayOfWeek) ?? text(entry.dayofweek));
    const kind = text(entry.operationalHoursType);
    if (!day || kind === 'CLOSED_ALL_DAY') continue;
    if (kind === 'OPEN_ALL_DAY') {
      hours[day] = { open: '00:00', close: '23:59' };
      continue;
    }
    const raw = entry.operationalHours;
    const ranges = Array.isArray(raw) ? objects(raw) : [obj(raw)].filter((r): r is JsonObject => r !== undefined);
    const opens = ranges
      .map((r) => toHhMm(text(r.begins) ?? ''))
      .filter((t): t is string => t !== undefined)
      .sort();
    const closes = ranges
      .map((r) => toHhMm(text(r.ends) ?? ''))
      .filter((t): t is string => t !== undefined)
      .sort();
    const open = opens[0];
    const close = closes[closes.length - 1];
    if (open && close) hours[day] = { open, close };
  }
  return hours;
}

function locationOf(detail: JsonObject): DropoffLocation | undefined {
  // Some answers name the block locationContactAndAddress (the older Locations schema).
  const contactAndAddress = obj(detail.contactAndAddress) ?? obj(detail.locationContactAndAddress);
  const address = obj(contactAndAddress?.address);
  const id = text(detail.locationId);
  const street1 = texts(address?.streetLines)[0];
  const city = text(address?.city);
  const country = text(address?.countryCode);
  const company = text(dig(contactAndAddress, 'contact', 'companyName'));
  return dropoffLocation({
    location_id: id,
    location_name: company ?? text(dig(contactAndAddress, 'contact', 'personName')),
    company_name: company,
    street1,
    city,
    state: text(address?.stateOrProvinceCode),
    postal_code: text(address?.postalCode),
    country,
    lat: numeric(dig(detail, 'geoPositionalCoordinates', 'latitude')),
    lng: numeric(dig(detail, 'geoPositionalCoordinates', 'longitude')),
    distance: numeric(dig(detail, 'distance', 'value')),
    distance_units: text(dig(detail, 'distance', 'units')),
    operational_hours: hoursOf(detail),
  });
}

export function parseLocationsResponse(body: unknown): DropoffLocation[] {
  throwIfError(body);
  const output = obj(dig(body, 'output'));
  if (!output) throw unexpectedBody('locations response (no output)');
  // No match is an answer too: FedEx leaves the list out when nothing is near.
  if (output.locationDetailList === undefined) return [];
  if (!Array.isArray(output.locationDetailList))
    throw unexpectedBody('locations response (locationDetailList is not a list)');
  return objects(output.locationDetailList)
    .map(locationOf)
    .filter((l): l is DropoffLocation => l !== undefined);
}
