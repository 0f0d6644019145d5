import { describe, expect, it } from 'vitest';
import {
  buildLocationsRequest,
  locationsQueryString,
  parseLocationsResponse,
} from '../../../src/carriers/carrier_d/locations.js';
import { apiErrorOf } from './support.js';

/** locations.yaml DropShipmentLocation example values (no recorded answer exists for this API). */
const vendorExample = [
  {
    dropShipmentKey: 'SV21038',
    facilityName: 'LEnfant Plaza',
    facilityAddress: {
      streetAddress: '100 MAIN ST',
      secondaryAddress: 'APT 101',
      city: 'ANYTOWN',
      state: 'VA',
      ZIPCode: '99999',
      ZIPPlus4: '9999',
    },
    dropSitePhoneNumber: '9999999999',
    destinationEntryFacilityType: 'DESTINATION_DELIVERY_UNIT',
    dropShipAcceptanceTimes: [
      {
        dayOfWeek: 'MONDAY',
        times: [
          { openTime: '0800', closeTime: '1200' },
          { openTime: '1300', closeTime: '1700' },
        ],
      },
      { dayOfWeek: 'SATURDAY', times: [{ openTime: '0900', closeTime: '1100' }] },
      { dayOfWeek: 'SUNDAY', times: [] },
    ],
  },
];

describe('carrier_d drop-off locations', () => {
  it('searches by the destination ZIP Code', () => {
    const q = buildLocationsRequest({ location: { postal_code: '20260-0004', country: 'US' } });
    expect(locationsQueryString(q)).toBe('/locations/v3/dropoff-locations?destinationZIPCode=20260');
    expect(apiErrorOf(() => buildLocationsRequest({ location: { city: 'Paris', country: 'FR' } })).detail).toBe(
      'location.postal_code',
    );
  });

  it('reads the vendor example (flat address) and the schema form (nested address)', () => {
    const [flat] = parseLocationsResponse(vendorExample);
    expect(flat).toEqual({
      location_id: 'SV21038',
      location_name: 'LEnfant Plaza',
      company_name: 'carrier_d',
      street1: '100 MAIN ST',
      city: 'ANYTOWN',
      state: 'VA',
      postal_code: '99999',
      country: 'US',
      operational_hours: { MON: { open: '08:00', close: '17:00' }, SAT: { open: '09:00', close: '11:00' } },
    });
    const nested = parseLocationsResponse([
      { ...vendorExample[0], facilityAddress: { address: vendorExample[0]?.facilityAddress } },
    ]);
    expect(nested[0]?.street1).toBe('100 MAIN ST');
  });

  it('leaves out entries without an id or address; a non-array answer is a carrier fault', () => {
    expect(parseLocationsResponse([{ facilityName: 'x' }, 7])).toEqual([]);
    expect(apiErrorOf(() => parseLocationsResponse({ locations: [] })).code).toBe('carrier_http_exception');
  });
});
