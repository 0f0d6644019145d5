import { describe, expect, it } from 'vitest';
import {
  buildPickupAvailabilityRequest,
  buildPickupCancelRequest,
  buildPickupRequest,
  parsePickupAvailabilityResponse,
  parsePickupCancelResponse,
  parsePickupResponse,
} from '../../../src/carriers/carrier_a/pickup.js';
import type { Address, PickupAvailabilityRequest, PickupRequest } from '../../../src/domain/types.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

const location: Address = {
  company: 'XYZ Inc.',
  name: 'Jane Smith',
  phone: '2175551234',
  email: 'jane.smith@xyz.com',
  street1: '456 Oak Avenue',
  street2: 'Suite 789',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
  residential: false,
  location_type: 'Front door',
};

/** The recorded integration's pickup, as far as our public request can say it. */
const pickup: PickupRequest = {
  shipping_account: 'acct',
  carrier: 'carrier_a',
  location,
  shipments: [{ packages: [{ weight: 20 }] }],
  time: { date: '2013-10-19', ready_time: '11:00', close_time: '09:20' },
  dim_units: 'IN',
  weight_units: 'LB',
};

describe.skipIf(fixturesMissing)('carrier_a pickup', () => {
  it('matches the recorded pickup request except the ready timestamp zone', () => {
    const built = buildPickupRequest(pickup, '2349857');
    // pickup-api.json readyDateTimestamp: local time of the pickup postal code, "Do not include a
    // TZD (time zone designator) as it will be ignored". The recording appends "Z"; we follow the
    // vendor format so nobody reads the local time as UTC.
    expect(matchesRecorded(built, fixture('fixtures/pickup_PickupRequest.json'))).toEqual([
      '$.originDetail.readyDateTimestamp: "2013-10-19T11:00:00" ≠ "2013-10-19T11:00:00Z"',
    ]);
    expect(built.countryRelationships).toBe('DOMESTIC');
  });

  it('sends ground pickups to FedEx Ground and validates times', () => {
    const ground = buildPickupRequest(
      { ...pickup, shipments: [{ packages: [{ weight: 2, quantity: 3 }], service: 'carrier_a_ground' }] },
      '1',
    );
    expect(ground.carrierCode).toBe('FDXG');
    expect(ground.packageCount).toBe(3);
    expect(ground.totalWeight).toEqual({ units: 'LB', value: 6 });
    expect(ground.originDetail.packageLocation).toBe('FRONT');
    expect(
      apiErrorOf(() => buildPickupRequest({ ...pickup, time: { ...pickup.time, ready_time: '25:00' } }, '1')).code,
    ).toBe('schema_validation_error');
  });

  it('parses the recorded confirmation', () => {
    expect(parsePickupResponse(fixture('fixtures/pickup_PickupResponse.json'), pickup)).toEqual({
      confirmation_number: '3001',
      location_code: 'COSA',
      pickup_date: '2013-10-19',
      ready_time: '11:00',
      close_time: '09:20',
    });
  });

  it('builds exactly the recorded cancel request and parses its answer', () => {
    const built = buildPickupCancelRequest(
      { confirmation_number: 'XXX561073', pickup_date: '2020-07-03', location_code: 'NQAA' },
      '2349857',
    );
    expect(built).toEqual(fixture('fixtures/pickup_PickupCancelRequest.json'));
    expect(buildPickupCancelRequest({ confirmation_number: 'CPU1', pickup_date: '2020-07-03' }, '1').carrierCode).toBe(
      'FDXG',
    );
    expect(parsePickupCancelResponse(fixture('fixtures/pickup_PickupCancelResponse.json'))).toEqual({
      message: 'Requested pickup has been cancelled Successfully.',
    });
  });

  it('reports the vendor pickup error example as carrier_exception', () => {
    const body = {
      transactionId: 't',
      errors: [{ code: 'PICKUP.NUMBER.EXPIRED', message: 'PREVIOUS DAY PICKUP, CANNOT CANCEL OR UPDATE' }],
    };
    const err = apiErrorOf(() => parsePickupCancelResponse(body));
    expect(err.code).toBe('carrier_exception');
    expect(err.message).toBe('PREVIOUS DAY PICKUP, CANNOT CANCEL OR UPDATE');
  });
});

describe('carrier_a pickup availability', () => {
  const request: PickupAvailabilityRequest = {
    shipping_account: 'acct',
    carrier: 'carrier_a',
    location: { ...location, street2: undefined },
    start_date: '2024-03-01',
    end_date: '2024-03-04',
    shipments: [
      {
        packages: [{ weight: 3 }, { weight: 2 }],
        service: 'carrier_a_priority_overnight',
        recipient: { country: 'CA' },
      },
    ],
    dim_units: 'IN',
    weight_units: 'KG',
    ready_time: '10:00',
  };

  it('asks per pickup-api.json Full_Schema_Pickup_Availability', () => {
    expect(buildPickupAvailabilityRequest(request, '2349857')).toEqual({
      pickupAddress: {
        streetLines: ['456 Oak Avenue'],
        city: 'Springfield',
        stateOrProvinceCode: 'IL',
        postalCode: '62701',
        countryCode: 'US',
        residential: false,
      },
      dispatchDate: '2024-03-01',
      numberOfBusinessDays: 4,
      packageReadyTime: '10:00:00',
      pickupType: 'ON_CALL',
      pickupRequestType: ['SAME_DAY', 'FUTURE_DAY'],
      shipmentAttributes: { serviceType: 'PRIORITY_OVERNIGHT', weight: { units: 'KG', value: 5 } },
      associatedAccountNumber: '2349857',
      carriers: ['FDXE'],
      countryRelationship: 'INTERNATIONAL',
    });
  });

  it('turns schedule options into slots within the asked range', () => {
    // Modelled on pickup-api.json PickupScheduleOption (the vendor file has no response example).
    const body = {
      output: {
        requestTimestamp: '2024-03-01T09:00:00',
        options: [
          {
            carrier: 'FDXE',
            available: true,
            pickupDate: '2024-03-01',
            cutOffTime: '18:00:00',
            readyTimeOptions: ['12:00:00', '12:30:00'],
            latestTimeOptions: ['16:00:00', '18:30:00', '17:00:00'],
          },
          {
            carrier: 'FDXG',
            available: true,
            pickupDate: '2024-03-01',
            defaultReadyTime: '09:00:00',
            defaultLatestTimeOptions: '17:00:00',
          },
          {
            carrier: 'FDXE',
            available: false,
            pickupDate: '2024-03-02',
            readyTimeOptions: ['09:00:00'],
            latestTimeOptions: ['17:00:00'],
          },
          {
            carrier: 'FDXE',
            available: true,
            pickupDate: '2024-03-04',
            defaultReadyTime: '10:00:00',
            cutOffTime: '15:30:00',
          },
          {
            carrier: 'FDXE',
            available: true,
            pickupDate: '2024-03-09',
            readyTimeOptions: ['09:00:00'],
            latestTimeOptions: ['17:00:00'],
          },
          { carrier: 'FDXE', available: true, pickupDate: '2024-03-03' },
        ],
      },
    };
    expect(parsePickupAvailabilityResponse(body, request)).toEqual([
      { date: '2024-03-01', earliest: '09:00', latest: '18:30' },
      { date: '2024-03-04', earliest: '10:00', latest: '15:30' },
    ]);
    expect(parsePickupAvailabilityResponse({ output: { options: [] } })).toEqual([]);
  });
});
