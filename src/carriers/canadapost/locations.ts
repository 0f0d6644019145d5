/**
 * Drop-off locations: Canada Post's post office finder, `GET /rs/postoffice?d2po=true&postalCode=…`
 * (postoffice.xsd `post-office-list`: each office's address, coordinates, distance in km, name, id
 * and the link to its details), and each office's opening hours from `GET
 * /rs/postoffice/{office-id}/detail` (`post-office-detail`: `hours-list` per day, 1 = Sunday).
 * `d2po=true` keeps the offices that take parcels handed in (deliver to post office).
 */
import type { DropoffLocation, LocationsRequest, Weekday } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropoffLocation } from '../shared/locations.js';
import { toHhMm } from '../shared/time.js';
import { parseXml, xmlAttr, xmlElement, xmlList, xmlNumber, xmlRoot, xmlText, type XmlObject } from '../shared/xml.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { postalCode } from './mapping.js';

/** Offices asked for (the finder's maximum is 50; ten is a page a person reads). */
export const MAX_OFFICES = 10;
const KM_PER_MI = 1.609344;
const DAYS: Readonly<Record<string, Weekday>> = {
  '1': 'SUN',
  '2': 'MON',
  '3': 'TUE',
  '4': 'WED',
  '5': 'THU',
  '6': 'FRI',
  '7': 'SAT',
};

export function buildLocationsRequest(req: LocationsRequest): { path: string; query: [string, string][] } {
  const l = req.location;
  if (l.country.toUpperCase() !== 'CA')
    throw new ApiError(
      'schema_validation_error',
      'canadapost finds post offices in Canada only',
      'dopu.location.country',
    );
  const postal = postalCode(l.postal_code, 'CA');
  const query: [string, string][] = [['d2po', 'true']];
  if (/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(postal)) query.push(['postalCode', postal]);
  else if (l.city && l.state)
    query.push(
      ['city', l.city],
      ['province', l.state.toUpperCase()],
      ...(l.street1 ? ([['streetName', l.street1]] as [string, string][]) : []),
    );
  else
    throw new ApiError(
      'schema_validation_error',
      'canadapost finds post offices near a Canadian postal code (or a city with its province)',
      'dopu.location.postal_code',
    );
  query.push(['maxAddresses', String(MAX_OFFICES)]);
  return { path: ENDPOINTS.postOffices.path, query };
}

export interface ListedOffice {
  location: DropoffLocation;
  /** The path of its details, where its opening hours are. */
  detailPath?: string;
}

function officeOf(node: XmlObject, units: 'KM' | 'MI'): ListedOffice | undefined {
  const address = xmlElement(node.address);
  const km = xmlNumber(node.distance);
  const location = dropoffLocation({
    location_id: xmlText(node['office-id']),
    location_name: xmlText(node.name) ?? xmlText(node.location),
    street1: xmlText(address?.['office-address']),
    city: xmlText(address?.city),
    state: xmlText(address?.province),
    postal_code: xmlText(address?.['postal-code']),
    country: 'CA',
    lat: xmlNumber(address?.latitude),
    lng: xmlNumber(address?.longitude),
    distance: km === undefined ? undefined : Math.round((units === 'MI' ? km / KM_PER_MI : km) * 100) / 100,
    distance_units: units,
    operational_hours: {},
  });
  if (!location) return undefined;
  const href = xmlAttr(node.link, 'href');
  let detailPath: string | undefined;
  try {
    detailPath = href ? new URL(href).pathname : undefined;
  } catch {
    detailPath = undefined;
  }
  return { location, ...(detailPath ? { detailPath } : {}) };
}

/** `post-office-list` → offices, nearest first, within the radius when one is asked. */
export function parseLocationsResponse(
  xml: string,
  req: Pick<LocationsRequest, 'radius' | 'radius_units'> = {},
): ListedOffice[] {
  const doc = parseXml(xml);
  throwIfError(doc);
  const root = xmlRoot(doc, 'post-office-list');
  if (!root) throw unexpectedBody('post office list (no post-office-list)');
  const units = req.radius_units ?? 'KM';
  return xmlList(root['post-office'])
    .map(xmlElement)
    .filter((n): n is XmlObject => n !== undefined)
    .map((n) => officeOf(n, units))
    .filter(
      (o): o is ListedOffice =>
        o !== undefined && (req.radius === undefined || (o.location.distance ?? 0) <= req.radius),
    );
}

/** `post-office-detail` → opening hours: the first and last time of each day listed. */
export function parseOfficeHours(xml: string): DropoffLocation['operational_hours'] {
  const doc = parseXml(xml);
  throwIfError(doc);
  const root = xmlRoot(doc, 'post-office-detail');
  if (!root) throw unexpectedBody('post office detail (no post-office-detail)');
  const hours: DropoffLocation['operational_hours'] = {};
  for (const entry of xmlList(root['hours-list']).map(xmlElement)) {
    const day = DAYS[xmlText(entry?.day) ?? ''];
    const times = xmlList(entry?.time)
      .map((t) => toHhMm(xmlText(t) ?? ''))
      .filter((t): t is string => t !== undefined)
      .sort();
    if (day && times.length >= 2) hours[day] = { open: times[0]!, close: times[times.length - 1]! };
  }
  return hours;
}
