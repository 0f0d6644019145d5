/**
 * `POST /location/v1/locations` (FedEx Location Search API, "Find Locations"): deterministic drop-off
 * locations around the searched address. The searched point comes from a hash of the country and
 * postal code (or phone number), placed inside the country's bounding box, or from longLat for
 * GEOGRAPHIC_COORDINATES; twelve candidate locations sit at fixed distances and bearings from it.
 * The reply carries output.totalResults, resultsReturned, matchedAddress, matchedAddressGeoCoord
 * and locationDetailList[] with distance, contactAndAddress, locationId, storeHours per weekday
 * ({ dayOfWeek, operationalHoursType, operationalHours: { begins, ends } }, the shape integrators'
 * parsers read), carrierDetailList, geoPositionalCoordinates and locationType.
 * Errors use the codes of the API's error list (errors.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { at, num, round2, str, strings } from '../json.js';
import type { CarrierACtx } from './context.js';
import { errors, FedexFailure, type FedexError } from './errors.js';
import { stationId } from './services.js';

const BOXES: Record<string, [number, number, number, number]> = {
  US: [30, 47, -122, -75],
  CA: [43, 53, -123, -64],
  MX: [17, 30, -110, -90],
  GB: [50.5, 55.5, -4, 1],
  DE: [47.8, 54, 6.5, 14.5],
  FR: [43.5, 50, -1, 7],
  NL: [51.5, 53.2, 4, 6.8],
  IT: [38, 46, 8, 16],
  ES: [37, 43, -8, 2],
  JP: [33, 40, 130, 141],
  AU: [-37.5, -27, 115, 153],
};
const TYPES = [
  { type: 'FEDEX_OFFICE', name: 'FedEx Office Print & Ship Center' },
  { type: 'FEDEX_ONSITE', name: 'FedEx OnSite' },
  { type: 'FEDEX_AUTHORIZED_SHIP_CENTER', name: 'FedEx Authorized ShipCenter' },
  { type: 'FEDEX_SELF_SERVICE_LOCATION', name: 'FedEx Drop Box' },
  { type: 'FEDEX_SHIPSITE', name: 'FedEx ShipSite' },
  { type: 'FEDEX_EXPRESS_STATION', name: 'FedEx Ship Center' },
] as const;
const STREETS = ['Main St', 'Market St', 'Commerce Blvd', 'Oak Ave', 'Union Ave', 'Park Rd', 'Station Rd', 'Harbor Dr'];
const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const KM_PER_MI = 1.609344;
const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

/** Opening hours per location type: weekdays, Saturday, Sunday ('' = closed, '*' = all day). */
const HOURS: Record<string, [string, string, string]> = {
  FEDEX_OFFICE: ['08:00:00-21:00:00', '09:00:00-18:00:00', '10:00:00-17:00:00'],
  FEDEX_ONSITE: ['07:00:00-22:00:00', '08:00:00-22:00:00', '09:00:00-20:00:00'],
  FEDEX_AUTHORIZED_SHIP_CENTER: ['09:00:00-18:00:00', '10:00:00-14:00:00', ''],
  FEDEX_SELF_SERVICE_LOCATION: ['*', '*', '*'],
  FEDEX_SHIPSITE: ['08:00:00-20:00:00', '09:00:00-19:00:00', '10:00:00-18:00:00'],
  FEDEX_EXPRESS_STATION: ['08:00:00-19:00:00', '09:00:00-17:00:00', ''],
};

function seed(text: string): number[] {
  return [...createHash('sha256').update(text).digest()];
}

function storeHours(type: string) {
  const [weekday, saturday, sunday] = HOURS[type] ?? ['08:00:00-18:00:00', '', ''];
  return DAYS.map((day, i) => {
    const spec = i < 5 ? weekday : i === 5 ? saturday : sunday;
    if (spec === '') return { dayOfWeek: day, operationalHoursType: 'CLOSED_ALL_DAY' };
    if (spec === '*') return { dayOfWeek: day, operationalHoursType: 'OPEN_ALL_DAY' };
    const [begins, ends] = spec.split('-');
    return { dayOfWeek: day, operationalHoursType: 'OPEN_BY_HOURS', operationalHours: { begins, ends } };
  });
}

export function registerLocationRoutes(app: FastifyInstance, ctx: CarrierACtx): void {
  app.post('/location/v1/locations', ctx.tag('locations'), async (request) => {
    const body = request.body;
    const criterion = str(at(body, 'locationSearchCriterion')) ?? 'ADDRESS';
    const address = at(body, 'location.address');
    const countryCode = str(at(address, 'countryCode'))?.toUpperCase();
    const postalCode = str(at(address, 'postalCode'));
    const city = str(at(address, 'city'));
    const problems: FedexError[] = [];
    if (!['ADDRESS', 'GEOGRAPHIC_COORDINATES', 'PHONE_NUMBER'].includes(criterion))
      problems.push(errors.searchCriterionInvalid());
    if (!countryCode || !/^[A-Z]{2}$/.test(countryCode)) problems.push(errors.locationCountryRequired());
    const lat = num(at(body, 'location.longLat.latitude'));
    const lon = num(at(body, 'location.longLat.longitude'));
    const phone = str(at(body, 'phoneNumber'));
    if (criterion === 'ADDRESS' && !postalCode && !city) problems.push(errors.locationPostalRequired());
    if (criterion === 'GEOGRAPHIC_COORDINATES' && (lat === undefined || lon === undefined))
      problems.push(errors.longLatRequired());
    if (criterion === 'PHONE_NUMBER' && !phone) problems.push(errors.phoneRequired());
    const units = str(at(body, 'locationsSummaryRequestControlParameters.distance.units')) ?? 'MI';
    if (units !== 'MI' && units !== 'KM') problems.push(errors.distanceUnitInvalid());
    if (problems.length || !countryCode) throw new FedexFailure(400, problems);

    const radius =
      num(at(body, 'locationsSummaryRequestControlParameters.distance.value')) ?? (units === 'KM' ? 80 : 50);
    const maxResults = Math.max(
      1,
      Math.min(75, num(at(body, 'locationsSummaryRequestControlParameters.maxResults')) ?? 10),
    );
    const wanted = strings(at(body, 'locationTypes'));
    const key = criterion === 'PHONE_NUMBER' ? `phone:${phone}` : `${countryCode}:${postalCode ?? city}`;
    const bytes = seed(key);
    const box = BOXES[countryCode] ?? [0, 50, -10, 30];
    const origin =
      criterion === 'GEOGRAPHIC_COORDINATES' && lat !== undefined && lon !== undefined
        ? { latitude: lat, longitude: lon }
        : {
            latitude: round6(box[0] + ((bytes[0] ?? 0) / 255) * (box[1] - box[0])),
            longitude: round6(box[2] + ((bytes[1] ?? 0) / 255) * (box[3] - box[2])),
          };

    const candidates = Array.from({ length: 12 }, (_, i) => {
      const b = bytes[(i * 2 + 2) % bytes.length] ?? 0;
      const miles = round2(0.4 + i * 1.1 + (b % 50) / 100);
      const bearing = ((bytes[(i * 2 + 3) % bytes.length] ?? 0) / 255) * 2 * Math.PI;
      const kind = TYPES[i % TYPES.length] ?? TYPES[0];
      const dLat = (miles / 69) * Math.cos(bearing);
      const dLon = ((miles / 69) * Math.sin(bearing)) / Math.max(0.2, Math.cos((origin.latitude * Math.PI) / 180));
      const number = 100 + ((b * 37 + i * 101) % 9800);
      return {
        distance: { units, value: units === 'KM' ? round2(miles * KM_PER_MI) : miles },
        contactAndAddress: {
          contact: { companyName: kind.name, phoneNumber: `800555${String(1000 + i * 7).slice(-4)}` },
          address: {
            streetLines: [`${number} ${STREETS[(b + i) % STREETS.length] ?? 'Main St'}`],
            city: (city ?? 'CITY').toUpperCase(),
            ...(str(at(address, 'stateOrProvinceCode'))
              ? { stateOrProvinceCode: str(at(address, 'stateOrProvinceCode')) }
              : {}),
            ...(postalCode ? { postalCode } : {}),
            countryCode,
            residential: false,
          },
          addressAncillaryDetail: { displayName: kind.name },
        },
        locationId: `${stationId(city, countryCode).slice(0, 3)}${String.fromCharCode(65 + i)}${i}`,
        storeHours: storeHours(kind.type),
        carrierDetailList: [
          {
            serviceType: 'PRIORITY_OVERNIGHT',
            carrierCodeType: 'FDXE',
            countryRelationshipType: 'DOMESTIC',
            latestDropoffDetails: [{ dayOfWeek: 'MONDAY', operationTime: '17:00:00' }],
          },
          {
            serviceType: 'FEDEX_GROUND',
            carrierCodeType: 'FDXG',
            countryRelationshipType: 'DOMESTIC',
            latestDropoffDetails: [{ dayOfWeek: 'MONDAY', operationTime: '16:00:00' }],
          },
        ],
        geoPositionalCoordinates: {
          latitude: round6(origin.latitude + dLat),
          longitude: round6(origin.longitude + dLon),
        },
        locationType: kind.type,
        locationAttributeTypes:
          kind.type === 'FEDEX_SELF_SERVICE_LOCATION' ? ['DROP_BOX'] : ['ACCEPTS_CASH', 'PACKAGING_SUPPLIES'],
        lockerAvailability: false,
        miles,
      };
    });
    const matching = candidates
      .filter((c) => wanted.length === 0 || wanted.includes(c.locationType))
      .filter((c) => c.distance.value <= radius);
    const list = matching.slice(0, maxResults).map(({ miles: _miles, ...rest }) => rest);
    return ctx.envelope(request, {
      totalResults: matching.length,
      resultsReturned: list.length,
      matchedAddress: {
        ...(city ? { city: city.toUpperCase() } : {}),
        ...(postalCode ? { postalCode } : {}),
        countryCode,
        residential: false,
      },
      matchedAddressGeoCoord: origin,
      locationDetailList: list,
    });
  });
}
