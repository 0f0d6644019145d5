/**
 * The DropoffLocation a carrier's locations answer becomes, built one way for every carrier so the
 * members come in the same order and a missing one is left out rather than sent as null.
 */
import type { DropoffLocation } from '../../domain/types.js';
import { dropUndefined } from './json.js';

/** What a carrier read for one location; the name falls back to the id. */
export type LocationFields = Partial<Omit<DropoffLocation, 'operational_hours'>> &
  Pick<DropoffLocation, 'operational_hours'>;

/** Undefined for a location nobody can go to (no id, street, city or country): parsers leave it out. */
export function dropoffLocation(f: LocationFields): DropoffLocation | undefined {
  if (!f.location_id || !f.street1 || !f.city || !f.country) return undefined;
  return dropUndefined<DropoffLocation>({
    location_id: f.location_id,
    location_name: f.location_name ?? f.location_id,
    company_name: f.company_name,
    street1: f.street1,
    city: f.city,
    state: f.state,
    postal_code: f.postal_code,
    country: f.country,
    lat: f.lat,
    lng: f.lng,
    distance: f.distance,
    distance_units: f.distance_units,
    operational_hours: f.operational_hours,
  });
}
