/** Tracking and errors against the recorded answers; every recorded payload accounted for. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseErrorResponse } from '../../../src/carriers/canadapost/errors.js';
import { buildTrackRequest, easternOffset, parseTrackResponse } from '../../../src/carriers/canadapost/track.js';
import { trackingStage } from '../../../src/carriers/canadapost/codes.js';
import { fixturePath, fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf } from '../support.js';
import { fixture } from './support.js';

describe.skipIf(fixturesMissing)('tracking (GET /vis/track/pin/{pin}/detail)', () => {
  it('asks for the recorded PIN at the recorded path', () => {
    const recorded = fixture('tracking_TrackingRequestURL.json').replace('{gateway.settings.server_url}', '');
    expect(buildTrackRequest('7023210039414604').path).toBe(recorded);
    expect(buildTrackRequest('7023 2100 3941 4604').path).toBe(recorded);
  });

  it('reads the recorded detail: events newest first with offsets, the stage of the newest, who signed', () => {
    const r = parseTrackResponse(fixture('tracking_TrackingResponseXml.xml'), '7023210039414604');
    expect(r).toMatchObject({
      carrier: 'canadapost',
      tracking_number: '7023210039414604',
      tracking_stage: 'DELIVERED',
      delivered: true,
      signed_by: 'HETU',
      delivery_date: '2011-02-03T11:59:59-05:00',
    });
    expect(r.estimated_delivery).toBeUndefined();
    expect(r.checkpoints.map((c) => [c.time, c.status, c.tracking_stage])).toEqual([
      ['2011-02-03T11:59:59-05:00', '20', 'DELIVERED'],
      ['2011-02-03T08:27:43-05:00', '0174', 'OUT_FOR_DELIVERY'],
      ['2011-02-02T14:45:48-05:00', '0100', 'IN_TRANSIT'],
      ['2011-02-02T06:19:57-05:00', '0173', 'EXCEPTION'],
      ['2011-02-01T07:59:52-05:00', '1496', 'DELIVERED'],
      ['2011-02-01T07:59:52-05:00', '20', 'DELIVERED'],
    ]);
    expect(r.checkpoints[2]).toMatchObject({
      description: 'Item processed at postal facility',
      location: { city: 'QUEBEC', state: 'QC' },
    });
  });

  it('gives a time without a zone name Eastern time’s offset of its day, daylight time included', () => {
    expect(easternOffset('2026-01-15')).toBe('-05:00');
    expect(easternOffset('2026-03-08')).toBe('-04:00');
    expect(easternOffset('2026-03-07')).toBe('-05:00');
    expect(easternOffset('2026-10-31')).toBe('-04:00');
    expect(easternOffset('2026-11-01')).toBe('-05:00');
    const body =
      '<tracking-detail><pin>1</pin><expected-delivery-date>2026-07-02</expected-delivery-date><significant-events><occurrence><event-identifier>0100</event-identifier><event-date>2026-07-01</event-date><event-time>10:00:00</event-time><event-time-zone></event-time-zone><event-description>Item processed</event-description></occurrence></significant-events></tracking-detail>';
    const r = parseTrackResponse(body, '1');
    expect(r.checkpoints[0]?.time).toBe('2026-07-01T10:00:00-04:00');
    expect(r.estimated_delivery).toBe('2026-07-02T23:59:59-04:00');
  });

  it('reads a shipment without events as CREATED, and an unlisted event code as in transit', () => {
    expect(
      parseTrackResponse('<tracking-detail><pin>1</pin><significant-events/></tracking-detail>', '1'),
    ).toMatchObject({ tracking_stage: 'CREATED', delivered: false, checkpoints: [] });
    expect(trackingStage('4500')).toBe('IN_TRANSIT');
  });

  it('reads the recorded refusal of credentials (inside a wrapper) and an unknown PIN', async () => {
    const auth = parseErrorResponse(401, fixture('tracking_AuthError.xml'));
    expect(auth).toMatchObject({
      code: 'carrier_authentication',
      message: 'AAA Authentication Failure',
      detail: 'canadapost HTTP 401; code E002',
    });
    const unknown = parseErrorResponse(
      404,
      '<messages><message><code>004</code><description>No Pin History</description></message></messages>',
      { notFound: true },
    );
    expect(unknown).toMatchObject({ code: 'carrier_no_shipment_found', message: 'No Pin History' });
    expect((await apiErrorOf(() => parseTrackResponse('<html>gateway</html>', '1'))).code).toBe(
      'carrier_http_exception',
    );
    expect(parseErrorResponse(502, '<html>bad gateway</html>').code).toBe('carrier_http_exception');
  });

  it('reads the recorded refusal of a return (9111) in Canada Post’s words', () => {
    expect(parseErrorResponse(400, fixture('return_shipment_ReturnShipmentErrorResponseXML.xml'))).toMatchObject({
      code: 'carrier_exception',
      message: 'Postal code is not valid for province.',
      detail: 'canadapost HTTP 400; code 9111',
    });
  });
});

/** Every recorded payload is parsed or built by a test of this folder. */
describe.skipIf(fixturesMissing)('the recorded payloads', () => {
  it('are 29, each used by these suites', () => {
    const files = readdirSync(fixturePath('canadapost', 'fixtures')).sort();
    expect(files).toHaveLength(29);
    const suites = ['errors', 'pickup-manifest', 'rate', 'ship', 'track']
      .map((t) => readFileSync(new URL(`./${t}.test.ts`, import.meta.url), 'utf8'))
      .join('\n');
    expect(files.filter((f) => !suites.includes(`'${f}'`))).toEqual([]);
  });
});
