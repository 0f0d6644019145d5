import { describe, expect, it } from 'vitest';
import { buildTrackRequest, parseTrackResponse } from '../../../src/carriers/carrier_d/track.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

describe.skipIf(fixturesMissing)('carrier_d tracking against the recorded payloads', () => {
  it('builds the path of the recorded number (fixtures/tracking_TrackingRequest.json)', () => {
    const [number] = fixture<string[]>('fixtures/tracking_TrackingRequest.json');
    expect(buildTrackRequest(number ?? '')).toBe('/tracking/v3/tracking/89108749065090?expand=DETAIL');
    expect(buildTrackRequest('9400 1091 0425')).toBe('/tracking/v3/tracking/940010910425?expand=DETAIL');
  });

  it('reads the recorded delivered parcel: stages per event code, local times with their offset, newest first', () => {
    const r = parseTrackResponse(fixture('fixtures/tracking_TrackingResponse.json'), '9400109104250532908587');
    expect(r).toMatchObject({
      carrier: 'carrier_d',
      tracking_number: '9400109104250532908587',
      status: 'Delivered, Parcel Locker',
      tracking_stage: 'DELIVERED',
      delivered: true,
      delivery_date: '2024-11-22T13:58:00-05:00',
    });
    expect(r.checkpoints.map((c) => [c.status, c.tracking_stage])).toEqual([
      ['01', 'DELIVERED'],
      ['OF', 'OUT_FOR_DELIVERY'],
      ['07', 'IN_TRANSIT'],
      ['A1', 'IN_TRANSIT'],
      ['TL', 'IN_TRANSIT'],
      ['TL', 'IN_TRANSIT'],
      ['TL', 'IN_TRANSIT'],
      ['T1', 'IN_TRANSIT'],
      ['10', 'IN_TRANSIT'],
      ['SF', 'IN_TRANSIT'],
      ['03', 'PICKED_UP'],
      ['GX', 'CREATED'],
    ]);
    expect(r.checkpoints[0]).toMatchObject({
      time: '2024-11-22T13:58:00-05:00',
      description: 'Delivered, Parcel Locker',
      location: { city: 'HERNANDO', state: 'FL', postal_code: '34442', country: 'US' },
    });
    expect(r.checkpoints[4]?.location).toBeUndefined();
    expect(r.estimated_delivery).toBeUndefined();
  });

  it('reads both samples (samples/tracking_responses.json), the schema example included', () => {
    const [first, second] = fixture<unknown[]>('samples/tracking_responses.json');
    expect(parseTrackResponse(first, 'n').tracking_stage).toBe('DELIVERED');
    const schema = parseTrackResponse(second, 'n');
    expect(schema).toMatchObject({
      tracking_stage: 'IN_TRANSIT',
      delivered: false,
      estimated_delivery: '2019-08-24T14:15:22+00:00',
    });
    expect(schema.checkpoints[0]?.time).toBe('2019-08-24T14:15:22+00:00');
  });

  it('answers the recorded error body as the carrier’s error with its codes', () => {
    const e = apiErrorOf(() => parseTrackResponse(fixture('fixtures/tracking_ErrorResponse.json'), 'n'));
    expect(e).toMatchObject({
      code: 'carrier_exception',
      message: 'string',
      detail: 'carrier_d error codes: string, string; apiVersion: string',
    });
  });
});

describe('carrier_d tracking answers', () => {
  it('maps "not found" words to carrier_no_shipment_found', () => {
    const body = {
      apiVersion: '/tracking/v3',
      error: {
        code: '400',
        message: 'Bad Request',
        errors: [{ code: '00000XX', title: 'Bad Request', detail: 'Invalid tracking number' }],
      },
    };
    expect(apiErrorOf(() => parseTrackResponse(body, 'n')).code).toBe('carrier_no_shipment_found');
  });

  it('takes the status category over the newest event, and UTC when no offset is given', () => {
    const r = parseTrackResponse(
      {
        status: 'Label Cancelled',
        statusCategory: 'Cancelled',
        mailClass: 'USPS Ground Advantage<SUP>&#153;</SUP>',
        trackingEvents: [
          { eventType: 'Shipping Label Created', eventCode: 'GX', GMTTimestamp: '2026-11-20T10:00:00Z' },
        ],
      },
      'n',
    );
    expect(r).toMatchObject({
      tracking_stage: 'SHIPMENT_VOIDED',
      delivered: false,
      checkpoints: [{ time: '2026-11-20T10:00:00+00:00', tracking_stage: 'CREATED' }],
    });
  });

  it('answers a body without status or events as no shipment found', () => {
    expect(apiErrorOf(() => parseTrackResponse({ trackingNumber: 'n' }, 'n')).code).toBe('carrier_no_shipment_found');
  });
});
