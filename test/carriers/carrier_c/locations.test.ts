/** carrier_c service points: GET /servicepoints, answers shaped like the vendor file's examples. */
import { describe, expect, it } from 'vitest';
import { buildLocationsRequest, parseLocationsResponse } from '../../../src/carriers/carrier_c/locations.js';
import { apiErrorOf } from './support.js';

/** The vendor file's "Service points with input as address" example, one point, trimmed to what is read. */
const VENDOR_EXAMPLE = {
  status: { statusCode: 1, statusMessage: 'OK' },
  servicePoints: [
    {
      facilityTypeCode: 'EC',
      servicePointName: 'DHL Service Point',
      servicePointNameFormatted: 'DHL Service Point',
      localName: 'CK Kentlucky s.r.o.',
      address: {
        addressLine1: 'Slezska 874',
        addressLine2: 'Entrance from Sumavska',
        city: 'PRAGUE',
        zipCode: '120 00',
        state: null,
        country: 'CZ',
      },
      geoLocation: { latitude: 50.0761511, longitude: 14.4436406 },
      distance: '0.42 km',
      openingHours: {
        openingHours: [
          { dayOfWeek: 'MONDAY', openingTime: '10:00', closingTime: '16:30' },
          { dayOfWeek: 'TUESDAY', openingTime: '10:00', closingTime: '16:30' },
          { dayOfWeek: 'SATURDAY', openingTime: '09:00', closingTime: '12:00' },
          { dayOfWeek: 'SATURDAY', openingTime: '13:00', closingTime: '15:00' },
        ],
      },
      distanceValue: '0.42',
      distanceMetric: 0.42,
      facilityId: 'PRG041',
    },
  ],
};

describe('buildLocationsRequest', () => {
  it('sends the address as one line, the country, and the radius in kilometres', () => {
    const req = buildLocationsRequest({
      location: { street1: 'V Parku 2308/10', city: 'Prague', postal_code: '14800', country: 'cz' },
      radius: 5,
      radius_units: 'MI',
    });
    expect(req.path).toBe('/servicepoints');
    expect(Object.fromEntries(req.query)).toEqual({
      address: 'V Parku 2308/10, 14800, Prague',
      countryCode: 'CZ',
      servicePointResults: '25',
      maxDistance: '9',
      resultUom: 'mi',
    });
    expect(Object.fromEntries(buildLocationsRequest({ location: { country: 'DE' } }).query)).toEqual({
      countryCode: 'DE',
      servicePointResults: '25',
      maxDistance: '17',
      resultUom: 'mi',
    });
  });
});

describe('parseLocationsResponse', () => {
  it('reads the vendor example: address, coordinates, distance, hours (a split day keeps its widest span)', () => {
    expect(parseLocationsResponse(VENDOR_EXAMPLE)).toEqual([
      {
        location_id: 'PRG041',
        location_name: 'DHL Service Point',
        company_name: 'CK Kentlucky s.r.o.',
        street1: 'Slezska 874',
        city: 'PRAGUE',
        postal_code: '120 00',
        country: 'CZ',
        lat: 50.0761511,
        lng: 14.4436406,
        distance: 0.42,
        distance_units: 'KM',
        operational_hours: {
          MON: { open: '10:00', close: '16:30' },
          TUE: { open: '10:00', close: '16:30' },
          SAT: { open: '09:00', close: '15:00' },
        },
      },
    ]);
  });

  it('answers "No Service Points found" (201, 202) and null lists as none; other status codes are DHL’s errors', () => {
    expect(
      parseLocationsResponse({
        status: { statusCode: 201, statusMessage: 'Error: No Service Points found.' },
        servicePoints: null,
      }),
    ).toEqual([]);
    expect(
      parseLocationsResponse({
        status: { statusCode: 202, statusMessage: 'Error: No Service Points with capacity found.' },
        servicePoints: [],
      }),
    ).toEqual([]);
    const err = apiErrorOf(() =>
      parseLocationsResponse({
        status: { statusCode: 600, statusMessage: 'Error: No Service Points available for this country' },
        servicePoints: null,
      }),
    );
    expect(err).toMatchObject({
      code: 'carrier_exception',
      message: 'No Service Points available for this country',
      detail: 'carrier_c servicepoints statusCode 600',
    });
  });

  it('leaves out points without an id or address', () => {
    expect(
      parseLocationsResponse({
        status: { statusCode: 1 },
        servicePoints: [{ facilityId: 'X' }, ...VENDOR_EXAMPLE.servicePoints],
      }),
    ).toHaveLength(1);
  });
});
