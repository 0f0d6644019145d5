/** carrier_b tracking against the recorded answers and the status tables of the vendor pages. */
import { describe, expect, it } from 'vitest';
import { trackingStage } from '../../../src/carriers/carrier_b/codes.js';
import { buildTrackRequest, parseTrackResponse, wireTimestamp } from '../../../src/carriers/carrier_b/track.js';
import { fixturesMissing, readFixtureText } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

describe.skipIf(fixturesMissing)('parseTrackResponse', () => {
  it('fixtures/tracking_TrackingResponseJSON.json: type X is an exception whatever the status code says', () => {
    const result = parseTrackResponse(fixture('fixtures/tracking_TrackingResponseJSON.json'), '1Z023E2X0214323462');
    expect(result).toEqual({
      carrier: 'carrier_b',
      tracking_number: '1Z023E2X0214323462',
      status: 'Your package was released by the customs agency.',
      tracking_stage: 'EXCEPTION',
      delivered: false,
      // The recorded receivedBy is "163000": UPS's words, passed on.
      signed_by: '163000',
      checkpoints: [
        {
          time: '2021-02-10T07:13:56+00:00',
          description: 'Your package was released by the customs agency.',
          status: 'SR',
          tracking_stage: 'EXCEPTION',
          location: { city: 'Wayne', state: 'NJ', postal_code: '07470', country: 'US' },
        },
      ],
    });
  });

  it('samples/tracking_response.json: delivered, newest first, times without offset taken as UTC', () => {
    const result = parseTrackResponse(fixture('samples/tracking_response.json'), '1Z5338FF0107231059');
    expect(result).toMatchObject({
      tracking_stage: 'DELIVERED',
      delivered: true,
      delivery_date: '2022-01-26T16:30:00+00:00',
      status: 'DELIVERED',
    });
    expect(result.checkpoints.map((c) => [c.time, c.status, c.tracking_stage])).toEqual([
      ['2022-01-26T16:30:00+00:00', 'F4', 'DELIVERED'],
      ['2022-01-26T15:16:41+00:00', 'MP', 'CREATED'],
    ]);
  });

  it('fixtures/tracking_InvalidTrackingNumberResponseJSON.json → carrier_no_shipment_found with UPS’s message', () => {
    const err = apiErrorOf(() =>
      parseTrackResponse(fixture('fixtures/tracking_InvalidTrackingNumberResponseJSON.json'), '1Z', 'abc'),
    );
    expect(err).toMatchObject({
      code: 'carrier_no_shipment_found',
      message: 'Invalid inquiry number',
      detail: 'carrier_b error code: TV1002; transId: abc',
    });
  });

  it('fixtures/tracking_AuthError.json → carrier_authentication', () => {
    expect(
      apiErrorOf(() =>
        parseTrackResponse(JSON.parse(readFixtureText('carrier_b', 'fixtures/tracking_AuthError.json')), '1Z'),
      ).code,
    ).toBe('carrier_authentication');
  });

  it('uses gmtOffset when UPS sends it, picks our package, reads one activity object, and names warnings', () => {
    const body = {
      trackResponse: {
        shipment: {
          package: [
            {
              trackingNumber: 'OTHER',
              activity: { date: '20240101', time: '000000', status: { type: 'D', statusCode: '011' } },
            },
            {
              trackingNumber: '1ZMINE',
              activity: {
                date: '20240301',
                time: '101500',
                gmtOffset: '-05:00',
                status: { type: 'I', code: 'OT', statusCode: '072', description: 'Out For Delivery Today' },
              },
              deliveryDate: [{ type: 'SDD', date: '20240301' }],
              deliveryTime: { type: 'EOD', endTime: '190000' },
            },
          ],
        },
      },
    };
    const r = parseTrackResponse(body, '1ZMINE');
    expect(r).toMatchObject({
      tracking_stage: 'OUT_FOR_DELIVERY',
      delivered: false,
      estimated_delivery: '2024-03-01T19:00:00+00:00',
      status: 'Out For Delivery Today',
    });
    expect(r.checkpoints[0]?.time).toBe('2024-03-01T10:15:00-05:00');
    const warning = {
      trackResponse: { shipment: [{ warnings: [{ code: 'TW0001', message: 'Tracking Information Not Found' }] }] },
    };
    expect(apiErrorOf(() => parseTrackResponse(warning, '1Z'))).toMatchObject({
      code: 'carrier_no_shipment_found',
      message: 'Tracking Information Not Found',
    });
  });

  it('asks for activity without signature images or proof of delivery', () => {
    expect(buildTrackRequest()).toEqual({
      locale: 'en_US',
      returnSignature: 'false',
      returnMilestones: 'false',
      returnPOD: 'false',
    });
  });
});

describe('UPS dates and times', () => {
  it('YYYYMMDD + HHMMSS (or HH:MM:SS) → ISO 8601 with an offset; nonsense → undefined', () => {
    expect(wireTimestamp('20210210', '071356')).toBe('2021-02-10T07:13:56+00:00');
    expect(wireTimestamp('20210210', '07:13:56', '+0100')).toBe('2021-02-10T07:13:56+01:00');
    expect(wireTimestamp('20210210', undefined)).toBe('2021-02-10T00:00:00+00:00');
    expect(wireTimestamp('20210230', '000000')).toBeUndefined();
    expect(wireTimestamp('string', '000000')).toBeUndefined();
    expect(wireTimestamp(undefined, '000000')).toBeUndefined();
  });
});

describe('tracking stages (vendor/Tracking-status-description-codes.html, Tracking-package-activity-types.html)', () => {
  it('maps every documented status code 0–169 to a stage', () => {
    for (let code = 0; code <= 169; code++)
      expect(trackingStage(undefined, String(code).padStart(3, '0')), String(code)).toBeDefined();
  });

  it('the activity type decides for delivered, voided and exception; the status code refines the rest', () => {
    expect(trackingStage('I', '072')).toBe('OUT_FOR_DELIVERY');
    expect(trackingStage('I', '038')).toBe('PICKED_UP');
    expect(trackingStage('M', '003')).toBe('CREATED');
    expect(trackingStage('X', '003')).toBe('EXCEPTION');
    expect(trackingStage('D', '003')).toBe('DELIVERED');
    expect(trackingStage('MV', undefined)).toBe('SHIPMENT_VOIDED');
    expect(trackingStage(undefined, '007')).toBe('SHIPMENT_VOIDED');
    expect(trackingStage(undefined, '077')).toBe('DRIVER_ASSIGNED');
    expect(trackingStage(undefined, '052')).toBe('EXCEPTION');
    expect(trackingStage('P', undefined)).toBe('PICKED_UP');
    expect(trackingStage('NA', undefined)).toBe('CREATION_PENDING');
    expect(trackingStage('ZZ', 'abc')).toBeUndefined();
  });
});
