/** carrier_c pickups and pickup availability against the recorded requests and answers. */
import { describe, expect, it } from 'vitest';
import {
  buildPickupAvailabilityRequest,
  buildPickupCancelRequest,
  buildPickupRequest,
  datesBetween,
  parsePickupAvailabilityResponse,
  parsePickupCancelResponse,
  parsePickupResponse,
} from '../../../src/carriers/carrier_c/pickup.js';
import { parseErrorResponse } from '../../../src/carriers/carrier_c/errors.js';
import type { PickupAvailabilityRequest } from '../../../src/domain/types.js';
import { fixturesMissing, matchesRecorded, readFixtureText } from '../../support/fixtures.js';
import { newYork, SAMPLE_PARTY_DIFFS, samplePickup } from './samples.js';
import { apiErrorOf, fixture, NOW } from './support.js';

const la = {
  name: 'John Doe',
  company: 'Test Company',
  email: 'pickup@example.com',
  phone: '1234567890',
  street1: '123 Main Street',
  city: 'Los Angeles',
  state: 'CA',
  postal_code: '90001',
  country: 'US',
  location_type: 'reception',
};

describe.skipIf(fixturesMissing)('buildPickupRequest against recorded requests', () => {
  it('matches fixtures/pickup_PickupRequest.json exactly', () => {
    const body = buildPickupRequest(
      {
        shipping_account: 'sa_1',
        carrier: 'carrier_c',
        location: la,
        shipments: [{ packages: [{ weight: 1 }], service: 'express_worldwide_p' }],
        time: { date: '2025-03-05', ready_time: '10:00', close_time: '17:00' },
        dim_units: 'CM',
        weight_units: 'KG',
      },
      '123456789',
      NOW,
    );
    expect(matchesRecorded(body, fixture('fixtures/pickup_PickupRequest.json'))).toEqual([]);
    expect(body.plannedPickupDateAndTime).toBe('2025-03-05T10:00:00 GMT-08:00');
  });

  it('matches samples/pickup_create_request.json but for what the spec has no field for', () => {
    expect(
      matchesRecorded(
        buildPickupRequest(samplePickup(), 'ACC123456789', new Date('2024-11-05T12:00:00Z')),
        fixture('samples/pickup_create_request.json'),
      ),
    ).toEqual([
      // Prague is GMT+01:00, not the sample's GMT+00:00.
      '$.plannedPickupDateAndTime: "2024-11-06T10:00:00 GMT+01:00" ≠ "2024-11-06T10:00:00 GMT+00:00"',
      '$.specialInstructions: expected an array',
      ...SAMPLE_PARTY_DIFFS,
      // The requestor and a separate pickup address are the shipper here.
      '$.customerDetails.bookingRequestorDetails: expected an object',
      '$.customerDetails.pickupDetails: expected an object',
      // Pickup entries name product and pieces; the sample also repeats a booked shipment's details.
      '$.shipmentDetails[0].accounts: expected an array',
      '$.shipmentDetails[0].valueAddedServices: expected an array',
      '$.shipmentDetails[0].declaredValue: undefined ≠ 100',
      '$.shipmentDetails[0].declaredValueCurrency: undefined ≠ "USD"',
      '$.shipmentDetails[0].shipmentTrackingNumber: undefined ≠ "1234567890"',
      '$.shipmentDetails[0].packages[0].typeCode: undefined ≠ "2BP"',
    ]);
  });

  it('cancels with the path and query parameters of samples/pickup_cancel_request.json', () => {
    const sample = fixture<{ dispatchConfirmationNumber: string; requestorName: string }>(
      'samples/pickup_cancel_request.json',
    );
    const req = buildPickupCancelRequest(sample.dispatchConfirmationNumber, sample.requestorName);
    expect(req.path).toBe('/pickups/PRG201220123456');
    expect(Object.fromEntries(req.query)).toEqual({ requestorName: 'John Doe', reason: 'not needed' });
  });
});

describe.skipIf(fixturesMissing)('parsing pickup answers', () => {
  it('reads the create and update answers: the first confirmation number, DHL’s date and ready time', () => {
    expect(parsePickupResponse(fixture('fixtures/pickup_PickupResponse.json'))).toEqual({
      confirmation_number: 'PRG999123456',
      pickup_date: '2024-01-15',
      ready_time: '09:00',
    });
    expect(parsePickupResponse(fixture('fixtures/pickup_PickupUpdateResponse.json'))).toEqual({
      confirmation_number: 'PRG999123456',
      pickup_date: '2024-01-16',
      ready_time: '10:00',
    });
    expect(parsePickupResponse(fixture('samples/pickup_create_response.json'), samplePickup())).toEqual({
      confirmation_number: 'PRG201220123456',
      pickup_date: '2024-11-06',
      ready_time: '10:00',
      close_time: '18:00',
    });
    expect(parsePickupResponse(fixture('samples/pickup_update_response.json'))).toMatchObject({
      pickup_date: '2024-11-07',
    });
  });

  it('reads the cancel answers, and an empty 200', () => {
    expect(parsePickupCancelResponse(fixture('fixtures/pickup_PickupCancelResponse.json'), 'PRG999123456')).toEqual({
      message: 'Pickup PRG999123456 cancelled',
    });
    expect(parsePickupCancelResponse(fixture('samples/pickup_cancel_response.json'), 'PRG201220123456')).toEqual({
      message: 'Pickup PRG201220123456 cancelled',
    });
    expect(parsePickupCancelResponse({}, 'X')).toEqual({ message: 'Pickup X cancelled' });
    expect(apiErrorOf(() => parsePickupCancelResponse({ status: 'pending' }, 'X')).code).toBe('carrier_http_exception');
  });

  it('answers fixtures/pickup_ErrorResponse.json with DHL’s message', () => {
    expect(parseErrorResponse(400, readFixtureText('carrier_c', 'fixtures/pickup_ErrorResponse.json'))).toMatchObject({
      code: 'carrier_exception',
      message: 'Invalid pickup request - missing required field',
      detail: 'carrier_c HTTP 400 Bad Request; instance /pickups',
    });
  });
});

describe('pickup availability', () => {
  const req: PickupAvailabilityRequest = {
    shipping_account: 'sa_1',
    carrier: 'carrier_c',
    location: la,
    start_date: '2024-11-05',
    end_date: '2024-11-07',
    shipments: [{ packages: [{ weight: 5 }], recipient: newYork, service: 'express_worldwide_p' }],
    dim_units: 'CM',
    weight_units: 'KG',
    ready_time: '10:30',
  };

  it('rates each date at the ready time with the shipments’ pieces', () => {
    expect(datesBetween('2024-11-05', '2024-11-07')).toEqual(['2024-11-05', '2024-11-06', '2024-11-07']);
    const body = buildPickupAvailabilityRequest(req, '2024-11-06', '123', new Date('2024-11-05T12:00:00Z'));
    expect(body).toMatchObject({
      plannedShippingDateAndTime: '2024-11-06T10:30:00 GMT-08:00',
      productCode: 'P',
      isCustomsDeclarable: false,
      nextBusinessDay: false,
      packages: [{ weight: 5 }],
    });
    expect(body.customerDetails.receiverDetails.cityName).toBe('New York');
  });

  it.skipIf(fixturesMissing)(
    'reads samples/rate_response.json: nextBusinessDay means no pickup on the asked date',
    () => {
      const sample = fixture<{ products: Record<string, unknown>[] }>('samples/rate_response.json');
      expect(parsePickupAvailabilityResponse(sample, '2024-11-05')).toBeUndefined();
      const sameDay = {
        products: sample.products.map((p) => ({
          ...p,
          pickupCapabilities: { ...(p.pickupCapabilities as object), nextBusinessDay: false },
        })),
      };
      expect(parsePickupAvailabilityResponse(sameDay, '2024-11-05')).toEqual({
        date: '2024-11-05',
        earliest: '10:00',
        latest: '18:30',
      });
      // The fixture's products carry no pickup capabilities: no slot rather than a guess.
      expect(parsePickupAvailabilityResponse(fixture('fixtures/rate_RateResponse.json'), '2024-01-10')).toBeUndefined();
    },
  );

  it('takes the widest window over the products', () => {
    const caps = (from: string, to: string) => ({
      pickupCapabilities: {
        nextBusinessDay: false,
        localCutoffDateAndTime: '2024-11-06T16:00:00',
        pickupEarliest: from,
        pickupLatest: to,
      },
    });
    expect(
      parsePickupAvailabilityResponse(
        { products: [caps('10:00:00', '17:00:00'), caps('09:00:00', '16:00:00')] },
        '2024-11-06',
      ),
    ).toEqual({ date: '2024-11-06', earliest: '09:00', latest: '17:00' });
  });
});
