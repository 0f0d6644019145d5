import { describe, expect, it } from 'vitest';
import {
  buildProofOfDeliveryRequest,
  buildTrackRequest,
  parseProofOfDeliveryResponse,
  parseTrackResponse,
} from '../../../src/carriers/carrier_a/track.js';
import { parseErrorResponse } from '../../../src/carriers/carrier_a/errors.js';
import { fixturesMissing, matchesRecorded, readFixtureText } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

interface TrackBody {
  output: { completeTrackResults: { trackResults: Record<string, unknown>[] }[] };
}

describe.skipIf(fixturesMissing)('carrier_a track request', () => {
  it('matches the recorded request for one number', () => {
    const recorded = fixture<{ trackingInfo: unknown[]; includeDetailedScans: boolean }>(
      'fixtures/tracking_TrackingRequest.json',
    );
    // The recording tracks two numbers in one call; our adapter tracks one number per call
    // (batching and de-duplication live in the tracking service), so we compare with its first entry.
    const expected = { ...recorded, trackingInfo: recorded.trackingInfo.slice(0, 1) };
    expect(matchesRecorded(buildTrackRequest('399368623212'), expected)).toEqual([]);
    expect(buildTrackRequest('399368623212').trackingInfo).toHaveLength(1);
  });

  it('asks for a signature proof of delivery as PDF', () => {
    const request = buildProofOfDeliveryRequest('128667043726', '2349857');
    const sample = fixture<{ trackDocumentSpecification: { trackingNumberInfo: { trackingNumber: string } }[] }>(
      'samples/tracking_document_request.json',
    );
    expect(request.trackDocumentDetail).toEqual({ documentType: 'SIGNATURE_PROOF_OF_DELIVERY', documentFormat: 'PDF' });
    expect(request.trackDocumentSpecification[0]?.trackingNumberInfo.trackingNumber).toBe(
      sample.trackDocumentSpecification[0]?.trackingNumberInfo.trackingNumber,
    );
    expect(request.trackDocumentSpecification[0]?.accountNumber).toBe('2349857');
  });
});

describe.skipIf(fixturesMissing)('carrier_a track response', () => {
  it('parses the recorded result with data (its informational error member does not hide the data)', () => {
    const result = parseTrackResponse(fixture('fixtures/tracking_TrackingResponse.json'), '123456789012');
    expect(result).toEqual({
      carrier: 'carrier_a',
      tracking_number: '123456789012',
      status: 'Picked up',
      tracking_stage: 'PICKED_UP',
      delivered: false,
      // FedEx's example reports an ACTUAL_DELIVERY date while the package is only picked up; we
      // pass FedEx's facts through and derive `delivered` from the status alone.
      delivery_date: '2007-09-27T00:00:00+00:00',
      estimated_delivery: '2021-10-15T00:00:00-06:00',
      signed_by: 'Reciever',
      checkpoints: [
        {
          time: '2018-02-02T12:01:00-07:00',
          description: 'Picked Up: Package available for clearance',
          status: 'Picked Up',
          tracking_stage: 'PICKED_UP',
          location: { city: 'SEATTLE', state: 'WA', postal_code: '98101', country: 'US' },
        },
      ],
    });
  });

  it('finds the result by the number FedEx echoes inside it too', () => {
    expect(parseTrackResponse(fixture('fixtures/tracking_TrackingResponse.json'), '128667043726').tracking_stage).toBe(
      'PICKED_UP',
    );
  });

  it('turns a per-result NOTFOUND into carrier_no_shipment_found with FedEx message', () => {
    const err = apiErrorOf(() => parseTrackResponse(fixture('fixtures/tracking_TrackingResponse.json'), '39936862321'));
    expect(err.code).toBe('carrier_no_shipment_found');
    expect(err.message).toBe('Tracking number cannot be found. Please correct the tracking number and try again.');
    expect(err.detail).toContain('TRACKING.TRACKINGNUMBER.NOTFOUND');
    expect(err.detail).toContain('624deea6-b709-470c-8c39-4b5511281492');
  });

  it('orders checkpoints newest first, normalises their times and reports delivery', () => {
    const body = structuredClone(fixture<TrackBody>('fixtures/tracking_TrackingResponse.json'));
    const result0 = body.output.completeTrackResults[0]?.trackResults[0];
    if (!result0) throw new Error('fixture changed');
    result0.latestStatusDetail = { code: 'DL', derivedCode: 'DL', description: 'Delivered' };
    result0.scanEvents = [
      {
        date: '2018-02-03T08:00:00',
        eventType: 'OD',
        eventDescription: 'On FedEx vehicle for delivery',
        derivedStatus: 'On the way',
        scanLocation: { city: 'SEATTLE', countryCode: 'US' },
      },
      ...(result0.scanEvents as unknown[]),
      {
        date: '2018-02-03T10:00:00.123456Z',
        eventType: 'DL',
        eventDescription: 'Delivered',
        derivedStatus: 'Delivered',
        derivedStatusCode: 'DL',
      },
      { date: 'yesterday', eventType: 'AR', eventDescription: 'unplaceable' },
      { date: '2018-02-02T20:00:00-08:00', eventType: 'ZZ', derivedStatusCode: 'IT', eventDescription: 'Arrived' },
    ];
    result0.dateAndTimes = [{ type: 'ACTUAL_DELIVERY', dateTime: '2018-02-03T10:00:00Z' }];
    const result = parseTrackResponse(body, '123456789012');
    expect(result.tracking_stage).toBe('DELIVERED');
    expect(result.delivered).toBe(true);
    expect(result.delivery_date).toBe('2018-02-03T10:00:00+00:00');
    expect(result.estimated_delivery).toBeUndefined();
    expect(result.checkpoints.map((c) => [c.time, c.tracking_stage])).toEqual([
      ['2018-02-03T10:00:00+00:00', 'DELIVERED'],
      ['2018-02-03T08:00:00+00:00', 'OUT_FOR_DELIVERY'],
      ['2018-02-02T20:00:00-08:00', 'IN_TRANSIT'],
      ['2018-02-02T12:01:00-07:00', 'PICKED_UP'],
    ]);
    expect(result.checkpoints[1]?.location).toEqual({ city: 'SEATTLE', country: 'US' });
  });

  it('reports the top-level error body as FedEx sent it', () => {
    const err = apiErrorOf(() => parseTrackResponse(fixture('fixtures/tracking_ErrorResponse.json'), '1'));
    expect(err.code).toBe('carrier_exception');
    expect(err.message).toBe('Please provide tracking number.');
    const fromText = parseErrorResponse(400, readFixtureText('carrier_a', 'fixtures/tracking_ErrorResponse.json'));
    expect(fromText.code).toBe('carrier_exception');
    expect(fromText.detail).toBe(
      'carrier_a error code: TRACKING.TRACKINGNUMBER.EMPTY; transactionId: 624deea6-b709-470c-8c39-4b5511281492',
    );
  });

  it('does not mistake a proof-of-delivery answer for tracking, and parses it as a document', () => {
    const pod = fixture('fixtures/tracking_ProofOfDeliveryResponse.json');
    expect(apiErrorOf(() => parseTrackResponse(pod, '1')).code).toBe('carrier_http_exception');
    const doc = parseProofOfDeliveryResponse(pod);
    expect(doc.type).toBe('SIGNATURE_PROOF_OF_DELIVERY');
    expect(doc.format).toBe('PDF');
    expect(Buffer.from(doc.content, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('says no shipment found when FedEx returns an empty result for the number', () => {
    const body = {
      output: {
        completeTrackResults: [
          { trackingNumber: '42', trackResults: [{ trackingNumberInfo: { trackingNumber: '42' } }] },
        ],
      },
    };
    expect(apiErrorOf(() => parseTrackResponse(body, '42')).code).toBe('carrier_no_shipment_found');
    expect(apiErrorOf(() => parseTrackResponse({ output: { completeTrackResults: [] } }, '42')).code).toBe(
      'carrier_no_shipment_found',
    );
  });
});
