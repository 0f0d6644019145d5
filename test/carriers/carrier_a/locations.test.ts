import { describe, expect, it } from 'vitest';
import { buildLocationsRequest, parseLocationsResponse } from '../../../src/carriers/carrier_a/locations.js';
import { apiErrorOf } from './support.js';

// No recorded Location Search payloads exist for carrier_a; these bodies follow FedEx's public
// Location Search API documentation (locationDetailList with contactAndAddress, storeHours, …).
describe('carrier_a drop-off locations', () => {
  it('searches by address within the radius, drop-off capable places first by distance', () => {
    expect(
      buildLocationsRequest({
        location: { street1: '10 Fed Ex Pkwy', city: 'Memphis', state: 'TN', postal_code: '38115', country: 'us' },
        radius: 5,
        radius_units: 'KM',
      }),
    ).toEqual({
      locationsSummaryRequestControlParameters: { distance: { units: 'KM', value: 5 }, maxResults: 25 },
      locationSearchCriterion: 'ADDRESS',
      location: {
        address: {
          streetLines: ['10 Fed Ex Pkwy'],
          city: 'Memphis',
          stateOrProvinceCode: 'TN',
          postalCode: '38115',
          countryCode: 'US',
        },
      },
      multipleMatchesAction: 'RETURN_ALL',
      sort: { criteria: 'DISTANCE', order: 'ASCENDING' },
      locationCapabilities: [{ transferOfPossessionType: 'DROPOFF' }],
    });
    expect(
      buildLocationsRequest({ location: { country: 'US', postal_code: '38115' } })
        .locationsSummaryRequestControlParameters.distance,
    ).toEqual({ units: 'MI', value: 10 });
  });

  it('maps locations with hours, coordinates and distance', () => {
    const body = {
      transactionId: 't',
      output: {
        totalResults: 3,
        locationDetailList: [
          {
            locationId: 'MEMW ',
            distance: { units: 'MI', value: 0.4 },
            contactAndAddress: {
              contact: { companyName: 'FedEx Office Print & Ship Center' },
              address: {
                streetLines: ['3670 Ridgeway Rd'],
                city: 'Memphis',
                stateOrProvinceCode: 'TN',
                postalCode: '38115',
                countryCode: 'US',
              },
            },
            geoPositionalCoordinates: { latitude: 35.06, longitude: -89.88 },
            storeHours: [
              {
                dayOfWeek: 'MON',
                operationalHoursType: 'OPEN_BY_HOURS',
                operationalHours: { begins: '08:00:00', ends: '20:00:00' },
              },
              {
                dayOfWeek: 'TUESDAY',
                operationalHoursType: 'OPEN_BY_HOURS',
                operationalHours: [
                  { begins: '13:00:00', ends: '18:00:00' },
                  { begins: '08:00:00', ends: '12:00:00' },
                ],
              },
              { dayOfWeek: 'SAT', operationalHoursType: 'OPEN_ALL_DAY' },
              { dayOfWeek: 'SUN', operationalHoursType: 'CLOSED_ALL_DAY' },
            ],
          },
          {
            locationId: 'DBX1',
            locationContactAndAddress: { address: { streetLines: ['1 Box Ln'], city: 'Memphis', countryCode: 'US' } },
          },
          { locationId: 'BROKEN' },
        ],
      },
    };
    expect(parseLocationsResponse(body)).toEqual([
      {
        location_id: 'MEMW',
        location_name: 'FedEx Office Print & Ship Center',
        company_name: 'FedEx Office Print & Ship Center',
        street1: '3670 Ridgeway Rd',
        city: 'Memphis',
        state: 'TN',
        postal_code: '38115',
        country: 'US',
        lat: 35.06,
        lng: -89.88,
        distance: 0.4,
        distance_units: 'MI',
        operational_hours: {
          MON: { open: '08:00', close: '20:00' },
          TUE: { open: '08:00', close: '18:00' },
          SAT: { open: '00:00', close: '23:59' },
        },
      },
      {
        location_id: 'DBX1',
        location_name: 'DBX1',
        street1: '1 Box Ln',
        city: 'Memphis',
        country: 'US',
        operational_hours: {},
      },
    ]);
  });

  it('answers no locations with an empty list and FedEx errors as ApiError', () => {
    expect(parseLocationsResponse({ output: { alerts: [] } })).toEqual([]);
    const err = apiErrorOf(() =>
      parseLocationsResponse({ errors: [{ code: 'LOCATION.SEARCH.NORESULTS', message: 'No locations found.' }] }),
    );
    expect(err.code).toBe('carrier_exception');
    expect(err.message).toBe('No locations found.');
  });
});
