/** australiapost tracking: the ids query against the recorded request, and every recorded answer parsed. */
import { describe, expect, it } from 'vitest';
import { eventStage, statusStage } from '../../../src/carriers/australiapost/codes.js';
import { parseErrorResponse } from '../../../src/carriers/australiapost/errors.js';
import {
  buildTrackRequest,
  parseTrackManyResponse,
  parseTrackResponse,
} from '../../../src/carriers/australiapost/track.js';
import { ApiError } from '../../../src/domain/errors.js';
import type { TrackingResult } from '../../../src/domain/types.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, fixture, fixtureText } from './support.js';

const result = (r: TrackingResult | ApiError): TrackingResult => {
  if (r instanceof ApiError) throw r;
  return r;
};

describe.skipIf(fixturesMissing)('buildTrackRequest against the recorded request', () => {
  it('sends fixtures/tracking_TrackingRequest.json’s ids comma-separated in tracking_ids', () => {
    const { tracking_ids } = fixture<{ tracking_ids: string[] }>('fixtures/tracking_TrackingRequest.json');
    expect(buildTrackRequest(tracking_ids)).toEqual({
      path: '/shipping/v1/track',
      query: [['tracking_ids', '7XX1000634011427']],
    });
    expect(buildTrackRequest(['A1', ' B2 ']).query).toEqual([['tracking_ids', 'A1,B2']]);
  });
});

describe.skipIf(fixturesMissing)('parse the recorded answers', () => {
  it('parses fixtures/tracking_TrackingResponse.json: a consignment’s items, and delivered articles with their places', () => {
    const [express, us, nz] = parseTrackManyResponse(fixture('fixtures/tracking_TrackingResponse.json'), [
      'ET123456789AU',
      'LX123456789US',
      '00123456789000123400',
    ]).map(result);
    // Status "Unknown": the newest event decides, "Processed by air carrier".
    expect(express).toMatchObject({
      carrier: 'australiapost',
      tracking_number: 'ET123456789AU',
      tracking_stage: 'IN_TRANSIT',
      delivered: false,
      status: 'Processed by air carrier',
    });
    expect(express!.checkpoints).toHaveLength(8);
    expect(express!.checkpoints.at(-1)).toEqual({
      time: '2021-01-27T00:22:43+11:00',
      description: 'Shipping information received by Australia Post',
      status: 'Shipping information received by Australia Post',
      tracking_stage: 'CREATED',
    });
    expect(express!.checkpoints.map((c) => c.tracking_stage)).toContain('PICKED_UP');
    expect(us).toMatchObject({
      tracking_stage: 'DELIVERED',
      delivered: true,
      delivery_date: '2021-01-21T11:04:27+11:00',
      status: 'Delivered - Left in a safe place',
    });
    expect(us!.checkpoints[0]!.location).toEqual({ city: 'KEW', state: 'VIC', country: 'AU' });
    expect(us!.checkpoints[1]!.tracking_stage).toBe('OUT_FOR_DELIVERY');
    expect(us!.checkpoints.find((c) => c.location?.country === 'US')?.location).toEqual({
      city: 'CHICAGO',
      country: 'US',
    });
    expect(nz).toMatchObject({ tracking_stage: 'DELIVERED', delivered: true });
    expect(nz!.checkpoints).toHaveLength(10);
  });

  it('parses samples/tracking_response.json: an invalid id fails alone, in Australia Post’s words', () => {
    const [bad, delivered, express] = parseTrackManyResponse(fixture('samples/tracking_response.json'), [
      '7XX1000',
      '7XX1000634011427',
      'ET123456789AU',
    ]);
    expect(bad).toBeInstanceOf(ApiError);
    expect(bad).toMatchObject({
      code: 'carrier_no_shipment_found',
      message: 'Invalid tracking ID: 7XX1000',
      detail: 'australiapost HTTP 200; code ESB-10001 Invalid tracking ID',
    });
    expect(result(delivered!)).toMatchObject({
      tracking_stage: 'DELIVERED',
      delivery_date: '2014-05-30T14:43:09+10:00',
    });
    expect(result(delivered!).checkpoints).toHaveLength(7);
    expect(result(express!).tracking_stage).toBe('IN_TRANSIT');
    expect(apiErrorOf(() => parseTrackResponse(fixture('samples/tracking_response.json'), '7XX1000')).code).toBe(
      'carrier_no_shipment_found',
    );
    // A number the answer does not list is not found either.
    expect(parseTrackManyResponse(fixture('samples/tracking_response.json'), ['NOPE12345678'])[0]).toBeInstanceOf(
      ApiError,
    );
  });

  it('parses fixtures/tracking_ErrorResponse.json as the whole call’s refusal', () => {
    const err = parseErrorResponse(400, fixtureText('fixtures/tracking_ErrorResponse.json'));
    expect(err).toMatchObject({
      code: 'carrier_exception',
      message: 'The request must contain 10 or less AP article ids, consignment ids, or barcode ids.',
      detail: 'australiapost HTTP 400; code 51101 TOO_MANY_AP_TRACKING_IDS',
    });
    expect(apiErrorOf(() => parseTrackManyResponse(fixture('fixtures/tracking_ErrorResponse.json'), ['A'])).code).toBe(
      'carrier_exception',
    );
  });

  it('turns bodies of the wrong shape into carrier_http_exception', () => {
    for (const body of [null, 'x', [], { tracking_results: 'x' }])
      expect(apiErrorOf(() => parseTrackResponse(body, 'A')).code).toBe('carrier_http_exception');
  });
});

describe('tracking words', () => {
  it('maps statuses and event descriptions to stages', () => {
    expect(
      ['Created', 'Initiated', 'Sealed', 'In transit', 'Delivered', 'Possible delay', 'Cancelled'].map(statusStage),
    ).toEqual(['CREATED', 'CREATED', 'CREATED', 'IN_TRANSIT', 'DELIVERED', 'EXCEPTION', 'SHIPMENT_VOIDED']);
    expect(statusStage('Unknown')).toBeUndefined();
    expect(
      [
        'Delivered - Left in a safe place',
        'With Australia Post for delivery today',
        'Received item from Sender (Outbound)',
        'Attempted delivery',
        'Arrived at facility',
      ].map(eventStage),
    ).toEqual(['DELIVERED', 'OUT_FOR_DELIVERY', 'PICKED_UP', 'EXCEPTION', 'IN_TRANSIT']);
  });
});
