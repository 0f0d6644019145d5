/** carrier_b voids, pickups and service centers against the recorded requests and answers. */
import { describe, expect, it } from 'vitest';
import { buildCancelRequest, parseCancelResponse } from '../../../src/carriers/carrier_b/cancel.js';
import { buildLocationsRequest, parseLocationsResponse } from '../../../src/carriers/carrier_b/locations.js';
import { ENDPOINTS } from '../../../src/carriers/carrier_b/endpoints.js';
import {
  availabilityDates,
  buildPickupAvailabilityRequest,
  buildPickupRequest,
  parsePickupCancelResponse,
  parsePickupAvailabilityResponse,
  parsePickupResponse,
} from '../../../src/carriers/carrier_b/pickup.js';
import type { PickupRequest } from '../../../src/domain/types.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

const recordedPickup: PickupRequest = {
  shipping_account: 'sa_1',
  carrier: 'carrier_b',
  location: {
    company: 'Test Company',
    name: 'John Doe',
    street1: '315 Saddle Bridge Drive',
    city: 'Allendale',
    state: 'NJ',
    postal_code: '07401',
    country: 'US',
    phone: '5551234567',
    email: 'test@example.com',
  },
  shipments: [{ packages: [{ weight: 10 }], service: 'carrier_b_next_day_air' }],
  time: { date: '2024-12-15', ready_time: '09:00', close_time: '17:00' },
  dim_units: 'IN',
  weight_units: 'LB',
  description: 'Ring doorbell',
};

describe.skipIf(fixturesMissing)('void', () => {
  it('DELETEs the shipment identification number at the v2409 path', () => {
    expect(buildCancelRequest('1Z 12/3')).toBe('/shipments/v2409/void/cancel/1Z%2012%2F3');
  });

  it('fixtures/shipment_ShipmentCancelResponseJSON.json → success', () => {
    expect(parseCancelResponse(fixture('fixtures/shipment_ShipmentCancelResponseJSON.json'))).toEqual({
      message: 'Success',
    });
  });

  it('samples/shipping_cancel_response.json (status "string") → carrier_exception naming the package', () => {
    expect(apiErrorOf(() => parseCancelResponse(fixture('samples/shipping_cancel_response.json')))).toMatchObject({
      code: 'carrier_exception',
      message: 'string: string',
    });
  });

  it('a partial void names the packages UPS kept; errors keep UPS’s words', () => {
    const partial = {
      VoidShipmentResponse: {
        SummaryResult: { Status: { Code: '2', Description: 'Partially Voided' } },
        PackageLevelResult: { TrackingNumber: '1ZB', Status: { Code: '0', Description: 'Not Voided' } },
      },
    };
    expect(apiErrorOf(() => parseCancelResponse(partial, 't1'))).toMatchObject({
      message: '1ZB: Not Voided',
      detail: 'carrier_b error code: 2; transId: t1',
    });
    expect(
      apiErrorOf(() =>
        parseCancelResponse({
          response: { errors: [{ code: '190117', message: 'No shipment found within the allowed void period' }] },
        }),
      ).code,
    ).toBe('carrier_no_shipment_found');
    expect(apiErrorOf(() => parseCancelResponse({ VoidShipmentResponse: {} })).code).toBe('carrier_http_exception');
  });
});

describe.skipIf(fixturesMissing)('pickups', () => {
  it('buildPickupRequest against fixtures/pickup_PickupRequest.json differs only in our transaction reference', () => {
    expect(
      matchesRecorded(
        buildPickupRequest(recordedPickup, 'Your Account Number'),
        fixture('fixtures/pickup_PickupRequest.json'),
      ),
    ).toEqual(['$.PickupCreationRequest.Request.TransactionReference.CustomerContext: "pickup" ≠ "Pickup Request"']);
  });

  it('pieces per service and destination; overweight marked; bad times refused', () => {
    const req = {
      ...recordedPickup,
      shipments: [
        { packages: [{ weight: 80, quantity: 2 }] },
        { packages: [{ weight: 1 }], recipient: { country: 'CA' }, service: 'carrier_b_standard' },
      ],
    };
    const body = buildPickupRequest(req, '1').PickupCreationRequest;
    expect(body.PickupPiece).toEqual([
      { ServiceCode: '003', Quantity: '2', DestinationCountryCode: 'US', ContainerCode: '01' },
      { ServiceCode: '011', Quantity: '1', DestinationCountryCode: 'CA', ContainerCode: '01' },
    ]);
    expect([body.OverweightIndicator, body.TotalWeight.Weight]).toEqual(['Y', '161.0']);
    expect(
      apiErrorOf(() =>
        buildPickupRequest({ ...recordedPickup, time: { ...recordedPickup.time, ready_time: 'noon' } }, '1'),
      ).detail,
    ).toBe('pickup.time.ready_time');
  });

  it('fixtures/pickup_PickupResponse.json → PRN and currency; the cancel answer → success', () => {
    expect(parsePickupResponse(fixture('fixtures/pickup_PickupResponse.json'), recordedPickup)).toEqual({
      confirmation_number: '2929AONCALL02',
      currency: 'USD',
      pickup_date: '2024-12-15',
      ready_time: '09:00',
      close_time: '17:00',
    });
    expect(parsePickupCancelResponse(fixture('fixtures/pickup_PickupCancelResponse.json'))).toEqual({
      message: 'Pickup cancelled',
    });
  });

  it('fixtures/pickup_PickupCancelRequest.json: cancel by PRN (CancelBy 02, the PRN in its header)', () => {
    const recorded = fixture<{ prn: string; cancel_by: string }>('fixtures/pickup_PickupCancelRequest.json');
    expect(ENDPOINTS.pickupCancel.path).toBe(`/shipments/v2409/pickup/${recorded.cancel_by}`);
  });

  it('fixtures/pickup_PickupErrorResponse.json → carrier_exception with UPS’s message and code', () => {
    expect(apiErrorOf(() => parsePickupResponse(fixture('fixtures/pickup_PickupErrorResponse.json')))).toMatchObject({
      code: 'carrier_exception',
      message: 'Invalid pickup date',
      detail: 'carrier_b error code: 9560131',
    });
  });

  it('availability asks the rating call for one specific day at a time', () => {
    expect(availabilityDates('2026-11-27', '2026-12-01')).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(availabilityDates('2026-11-01', '2026-12-31')).toHaveLength(10);
    const body = buildPickupAvailabilityRequest(
      { location: recordedPickup.location, ready_time: '10:30' },
      '2026-11-27',
      'ACC',
    ).PickupRateRequest;
    expect(body).toMatchObject({
      ServiceDateOption: '03',
      AlternateAddressIndicator: 'Y',
      PickupDateInfo: { PickupDate: '20261127', ReadyTime: '1030', CloseTime: '1700' },
    });
    const priced = {
      PickupRateResponse: {
        Response: { ResponseStatus: { Code: '1' } },
        RateResult: { CurrencyCode: 'USD', GrandTotalOfAllCharge: '6.50' },
      },
    };
    expect(parsePickupAvailabilityResponse(priced, '2026-11-27', { ready_time: '10:30' })).toEqual({
      date: '2026-11-27',
      earliest: '10:30',
      latest: '17:00',
    });
    expect(apiErrorOf(() => parsePickupAvailabilityResponse({ PickupRateResponse: {} }, '2026-11-27')).code).toBe(
      'carrier_http_exception',
    );
  });
});

describe('service-center locations', () => {
  it('asks a proximity search around the address for parcels', () => {
    const body = buildLocationsRequest({
      location: { street1: '1 Main St', city: 'Atlanta', postal_code: '30301', country: 'us' },
      radius: 500,
      radius_units: 'KM',
    });
    expect(body.PickupGetServiceCenterFacilitiesRequest).toEqual({
      Request: { TransactionReference: { CustomerContext: 'locations' } },
      PickupPiece: { ServiceCode: '003', ContainerCode: '01' },
      OriginAddress: {
        StreetAddress: '1 Main St',
        City: 'Atlanta',
        PostalCode: '30301',
        CountryCode: 'US',
        OriginSearchCriteria: { SearchRadius: '200', DistanceUnitOfMeasure: 'KM', MaximumLocation: '25' },
      },
      Locale: 'en_US',
      ProximitySearchIndicator: '',
    });
  });

  it('reads one facility object or a list, drop-off windows before opening hours, and skips incomplete ones', () => {
    const facility = {
      Name: 'UPS CUSTOMER CENTER',
      Address: {
        AddressLine: '100 MAIN ST',
        City: 'ATLANTA',
        StateProvince: 'GA',
        PostalCode: '30301',
        CountryCode: 'US',
      },
      SLIC: '3033',
      FacilityTime: {
        DayOfWeek: [
          { Day: 'Mon', OpenHours: '800', CloseHours: '1900', LatestDropOfforPickup: '1830' },
          { Day: 'Sat', OpenHours: '0900', CloseHours: '1300' },
          { Day: 'Sun', OpenHours: 'closed', CloseHours: '' },
        ],
      },
      Distance: { Value: '1.7', UnitOfMeasurement: 'MI' },
    };
    const one = {
      PickupGetServiceCenterFacilitiesResponse: { ServiceCenterLocation: { DropOffFacilities: facility } },
    };
    expect(parseLocationsResponse(one)).toEqual([
      {
        location_id: '3033',
        location_name: 'UPS CUSTOMER CENTER',
        company_name: 'UPS CUSTOMER CENTER',
        street1: '100 MAIN ST',
        city: 'ATLANTA',
        state: 'GA',
        postal_code: '30301',
        country: 'US',
        distance: 1.7,
        distance_units: 'MI',
        operational_hours: { MON: { open: '08:00', close: '18:30' }, SAT: { open: '09:00', close: '13:00' } },
      },
    ]);
    const list = {
      PickupGetServiceCenterFacilitiesResponse: {
        ServiceCenterLocation: { DropOffFacilities: [facility, { Name: 'no address' }] },
      },
    };
    expect(parseLocationsResponse(list)).toHaveLength(1);
    expect(parseLocationsResponse({ PickupGetServiceCenterFacilitiesResponse: { ServiceCenterLocation: {} } })).toEqual(
      [],
    );
  });
});
