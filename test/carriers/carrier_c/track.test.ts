/** carrier_c tracking against the recorded request and answers. */
import { describe, expect, it } from 'vitest';
import { parseErrorResponse } from '../../../src/carriers/carrier_c/errors.js';
import {
  buildTrackManyRequest,
  buildTrackRequest,
  parseTrackManyResponse,
  parseTrackResponse,
} from '../../../src/carriers/carrier_c/track.js';
import { ApiError } from '../../../src/domain/errors.js';
import { fixturesMissing, readFixtureText } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

describe('buildTrackRequest', () => {
  it('asks one number at its shipment path and several with the parameter repeated', () => {
    expect(buildTrackRequest('9356579890')).toEqual({
      path: '/shipments/9356579890/tracking',
      query: [
        ['trackingView', 'all-checkpoints'],
        ['levelOfDetail', 'shipment'],
      ],
    });
    const many = buildTrackManyRequest(['9356579890', '4818240420']);
    expect(many.path).toBe('/tracking');
    expect(new URLSearchParams(many.query).getAll('shipmentTrackingNumber')).toEqual(['9356579890', '4818240420']);
  });

  it.skipIf(fixturesMissing)(
    'sends what fixtures/tracking_TrackingRequest.txt and samples/tracking_request.json send',
    () => {
      const recorded = readFixtureText('carrier_c', 'fixtures/tracking_TrackingRequest.txt').trim();
      expect(new URLSearchParams(buildTrackManyRequest(['9356579890']).query).toString().startsWith(recorded)).toBe(
        true,
      );
      const sample = fixture<{ shipmentTrackingNumber: string[] }>('samples/tracking_request.json');
      expect(
        new URLSearchParams(buildTrackManyRequest(sample.shipmentTrackingNumber).query).getAll(
          'shipmentTrackingNumber',
        ),
      ).toEqual(sample.shipmentTrackingNumber);
    },
  );
});

describe.skipIf(fixturesMissing)('parseTrackResponse', () => {
  it('reads fixtures/tracking_TrackingResponse.json: delivered, times without offset taken as UTC', () => {
    expect(parseTrackResponse(fixture('fixtures/tracking_TrackingResponse.json'), '9356579890')).toEqual({
      carrier: 'carrier_c',
      tracking_number: '9356579890',
      status: 'Shipment delivered',
      tracking_stage: 'DELIVERED',
      delivered: true,
      delivery_date: '2024-01-15T17:00:00+00:00',
      checkpoints: [
        {
          time: '2024-01-15T17:00:00+00:00',
          description: 'Shipment delivered',
          status: 'OK',
          tracking_stage: 'DELIVERED',
          location: { city: 'New York', state: 'NY' },
        },
        {
          time: '2024-01-15T08:00:00+00:00',
          description: 'Shipment picked up',
          status: 'PU',
          tracking_stage: 'PICKED_UP',
          location: { city: 'Los Angeles', state: 'CA' },
        },
      ],
    });
  });

  it('reads samples/tracking_response.json: GMTOffset on each event, newest first, signed by', () => {
    const r = parseTrackResponse(fixture('samples/tracking_response.json'), '1234567890');
    expect(r).toMatchObject({
      tracking_stage: 'DELIVERED',
      delivered: true,
      signed_by: 'J. Smith',
      delivery_date: '2024-11-07T18:00:00+00:00',
    });
    expect(r.checkpoints.map((c) => [c.time, c.status, c.tracking_stage])).toEqual([
      ['2024-11-07T18:00:00+00:00', 'OK', 'DELIVERED'],
      ['2024-11-07T12:00:00+00:00', 'PL', 'IN_TRANSIT'],
      ['2024-11-05T10:00:00+01:00', 'PU', 'PICKED_UP'],
    ]);
    expect(r.estimated_delivery).toBeUndefined();
  });

  it('answers the 404 of fixtures/tracking_ErrorResponse.json as carrier_no_shipment_found with DHL’s words', () => {
    const err = parseErrorResponse(404, readFixtureText('carrier_c', 'fixtures/tracking_ErrorResponse.json'), {
      notFound: true,
    });
    expect(err).toMatchObject({
      code: 'carrier_no_shipment_found',
      message: 'No shipments found for the given tracking number',
    });
    expect(err.detail).toBe('carrier_c HTTP 404 Not Found; instance /tracking?shipmentTrackingNumber=9356579890');
  });

  it('splits a multi-number answer per number; numbers DHL left out are not found', () => {
    const results = parseTrackManyResponse(fixture('fixtures/tracking_TrackingResponse.json'), [
      '4818240420',
      '9356579890',
    ]);
    expect(results[0]).toBeInstanceOf(ApiError);
    expect((results[0] as ApiError).code).toBe('carrier_no_shipment_found');
    expect(results[1]).toMatchObject({ tracking_number: '9356579890', delivered: true });
  });
});

describe('parseTrackResponse', () => {
  it('a shipment without events is CREATED with its estimate; an unknown status code counts as in transit', () => {
    const fresh = parseTrackResponse(
      {
        shipments: [
          {
            shipmentTrackingNumber: 4500000013,
            status: 'pre-transit',
            estimatedTimeOfDelivery: '2025-03-06T18:00:00',
            events: [],
          },
        ],
      },
      '4500000013',
    );
    expect(fresh).toMatchObject({
      tracking_stage: 'CREATED',
      delivered: false,
      estimated_delivery: '2025-03-06T18:00:00+00:00',
      checkpoints: [],
    });
    const odd = parseTrackResponse(
      {
        shipments: [
          { shipmentTrackingNumber: '1', events: [{ date: '2025-03-05', time: '10:00:00', typeCode: 'ZZ' }] },
        ],
      },
      '1',
    );
    expect(odd.tracking_stage).toBe('IN_TRANSIT');
    expect(odd.checkpoints[0]).toMatchObject({ description: 'ZZ', status: 'ZZ' });
  });

  it('an answer without our number is carrier_no_shipment_found', () => {
    expect(apiErrorOf(() => parseTrackResponse({ shipments: [] }, '1')).code).toBe('carrier_no_shipment_found');
  });
});
