/**
 * Drop-off locations: the Pickup API's service-center search
 * `POST /api/pickup/{version}/servicecenterlocations` (Pickup.yaml PICKUPServCenterRequestWrapper /
 * PICKUPServCenterResponseWrapper). With ProximitySearchIndicator present UPS searches around
 * OriginAddress and answers the nearest `DropOffFacilities`, each with SLIC, address, distance and
 * hours per day (OpenHours/CloseHours, HHmm). This is the one locations API described in the
 * vendor files; the UPS Locator API (access points) has no description there.
 */
import type { DropoffLocation, LocationsRequest, Weekday } from '../../domain/types.js';
import { dig, dropUndefined, numeric, obj, objectList, text, type JsonObject } from '../shared/json.js';
import { dropoffLocation } from '../shared/locations.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { responseFailed } from './mapping.js';
import type { CarrierBServiceCenterRequest } from './wire.js';

/** Pickup.yaml SearchRadius "1 to 200"; our default is a short drive. */
const DEFAULT_RADIUS = 10;
const MAX_RADIUS = 200;
const MAX_LOCATIONS = 25;

export function buildLocationsRequest(req: LocationsRequest): CarrierBServiceCenterRequest {
  const l = req.location;
  const radius = Math.min(MAX_RADIUS, Math.max(1, Math.round(req.radius ?? DEFAULT_RADIUS)));
  return dropUndefined<CarrierBServiceCenterRequest>({
    PickupGetServiceCenterFacilitiesRequest: {
      Request: { TransactionReference: { CustomerContext: 'locations' } },
      // Parcels: 003 (Ground) in a package (01); 096/03 is only for Worldwide Express Freight pallets.
      PickupPiece: { ServiceCode: '003', ContainerCode: '01' },
      OriginAddress: {
        StreetAddress: l.street1,
        City: l.city,
        StateProvince: l.state,
        PostalCode: l.postal_code,
        CountryCode: l.country.toUpperCase(),
        OriginSearchCriteria: {
          SearchRadius: String(radius),
          DistanceUnitOfMeasure: req.radius_units ?? 'MI',
          MaximumLocation: String(MAX_LOCATIONS),
        },
      },
      Locale: `en_${l.country.toUpperCase()}`,
      ProximitySearchIndicator: '',
    },
  });
}

const DAYS: Record<string, Weekday> = {
  MON: 'MON',
  TUE: 'TUE',
  WED: 'WED',
  THU: 'THU',
  FRI: 'FRI',
  SAT: 'SAT',
  SUN: 'SUN',
};

/** "0800" or "800" → "08:00", else undefined. */
function hhmm(value: string | undefined): string | undefined {
  const m = value === undefined ? null : /^(\d{1,2})(\d{2})$/.exec(value);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return undefined;
  return `${m[1]?.padStart(2, '0')}:${m[2]}`;
}

function hoursOf(facility: JsonObject): DropoffLocation['operational_hours'] {
  const hours: DropoffLocation['operational_hours'] = {};
  for (const entry of objectList(dig(facility, 'FacilityTime', 'DayOfWeek'))) {
    const day = DAYS[(text(entry.Day) ?? '').slice(0, 3).toUpperCase()];
    // The drop-off window where UPS gives one, else the opening hours.
    const open = hhmm(text(entry.EarliestDropOfforPickup)) ?? hhmm(text(entry.OpenHours));
    const close = hhmm(text(entry.LatestDropOfforPickup)) ?? hhmm(text(entry.LastDrop)) ?? hhmm(text(entry.CloseHours));
    if (day && open && close) hours[day] = { open, close };
  }
  return hours;
}

function locationOf(facility: JsonObject): DropoffLocation | undefined {
  const address = obj(facility.Address);
  const id = text(facility.SLIC);
  const lines = address?.AddressLine;
  const street1 = Array.isArray(lines) ? text(lines[0]) : text(lines);
  const city = text(address?.City);
  const country = text(address?.CountryCode);
  const name = text(facility.Name) ?? id;
  return dropoffLocation({
    location_id: id,
    location_name: name,
    company_name: name,
    street1,
    city,
    state: text(address?.StateProvince),
    postal_code: text(address?.PostalCode),
    country,
    distance: numeric(dig(facility, 'Distance', 'Value')),
    distance_units: text(dig(facility, 'Distance', 'UnitOfMeasurement')),
    operational_hours: hoursOf(facility),
  });
}

export function parseLocationsResponse(body: unknown): DropoffLocation[] {
  throwIfError(body);
  const response = obj(dig(body, 'PickupGetServiceCenterFacilitiesResponse'));
  if (!response) throw unexpectedBody('locations response (no PickupGetServiceCenterFacilitiesResponse)');
  const failed = responseFailed(response);
  if (failed) throw failed;
  return objectList(dig(response, 'ServiceCenterLocation', 'DropOffFacilities'))
    .map(locationOf)
    .filter((l): l is DropoffLocation => l !== undefined);
}
