/** dhl_parcel_de tracking: the request document, and the recorded XML answers parsed. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/domain/errors.js';
import {
  buildTrackRequest,
  germanTime,
  parseTrackManyResponse,
  parseTrackResponse,
} from '../../../src/carriers/dhl_parcel_de/track.js';
import { countryOfEvent } from '../../../src/carriers/dhl_parcel_de/codes.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, fixtureText } from './support.js';

describe('buildTrackRequest', () => {
  it('sends up to 20 piece codes in one d-get-piece-detail document, the portal user inside it', () => {
    const [name, xml] =
      buildTrackRequest(['00340434161094015902', '00340434161094022115'], {
        username: 'zt12345',
        password: 'ge&heim',
      })[0] ?? [];
    expect(name).toBe('xml');
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?><data appname="zt12345" password="ge&amp;heim" request="d-get-piece-detail" language-code="en" piece-code="00340434161094015902;00340434161094022115"></data>',
    );
  });
});

describe('germanTime', () => {
  it('writes German local time with the offset Germany had then, summer time included', () => {
    expect(germanTime('18.03.2016 10:02')).toBe('2016-03-18T10:02:00+01:00');
    expect(germanTime('18.07.2026 10:02')).toBe('2026-07-18T10:02:00+02:00');
    // Summer time starts on the last Sunday of March at 02:00 and ends on the last Sunday of October at 03:00.
    expect(germanTime('29.03.2026 01:59')).toBe('2026-03-29T01:59:00+01:00');
    expect(germanTime('29.03.2026 03:00')).toBe('2026-03-29T03:00:00+02:00');
    expect(germanTime('25.10.2026 02:30')).toBe('2026-10-25T02:30:00+02:00');
    expect(germanTime('25.10.2026 03:00')).toBe('2026-10-25T03:00:00+01:00');
    expect(germanTime('31.02.2026 10:00')).toBeUndefined();
    expect(germanTime('2026-02-01')).toBeUndefined();
  });
});

describe('countryOfEvent', () => {
  it('reads codes of two and three letters and the names DHL writes in English and German', () => {
    expect(
      ['DE', 'de', 'DEU', 'Germany', 'Deutschland', 'Österreich', 'United Kingdom', '', ' ', 'Atlantis', undefined].map(
        countryOfEvent,
      ),
    ).toEqual(['DE', 'DE', 'DE', 'DE', 'DE', 'AT', 'GB', undefined, undefined, undefined, undefined]);
  });
});

describe.skipIf(fixturesMissing)('parseTrackResponse against recorded answers', () => {
  it('reads fixtures/tracking_TrackingResponseXML.xml: delivered, signed for, every event newest first', () => {
    const result = parseTrackResponse(fixtureText('fixtures/tracking_TrackingResponseXML.xml'), '00340434161094015902');
    expect(result).toMatchObject({
      carrier: 'dhl_parcel_de',
      tracking_number: '00340434161094015902',
      status: 'Delivery successful',
      tracking_stage: 'DELIVERED',
      delivered: true,
      delivery_date: '2016-03-18T10:02:00+01:00',
      signed_by: 'Kraemer',
    });
    expect(result.checkpoints.map((c) => [c.time, c.tracking_stage, c.location?.city])).toEqual([
      ['2016-03-18T10:02:00+01:00', 'DELIVERED', 'Bonn'],
      ['2016-03-18T09:02:00+01:00', 'OUT_FOR_DELIVERY', undefined],
      ['2016-03-18T03:32:00+01:00', 'IN_TRANSIT', 'Neuwied'],
      ['2016-03-17T15:51:00+01:00', 'IN_TRANSIT', 'Bremen'],
      ['2016-03-17T13:55:00+01:00', 'PICKED_UP', undefined],
      ['2016-03-17T13:54:00+01:00', 'IN_TRANSIT', 'Bremen'],
      ['2016-03-17T11:44:00+01:00', 'PICKED_UP', 'Bremen'],
    ]);
    // The recording writes countries as words ("Germany"), once as a code ("DE"), once not at all.
    expect(result.checkpoints.map((c) => c.location?.country)).toEqual(['DE', undefined, 'DE', 'DE', 'DE', 'DE', 'DE']);
    expect(result.checkpoints[6]).toMatchObject({
      status: 'Posting at PACKSTATION',
      description: 'The shipment has been posted by the sender at the PACKSTATION',
    });
  });

  it('finds a piece by the 18-digit number inside its 20-digit piece code', () => {
    expect(
      parseTrackResponse(fixtureText('fixtures/tracking_TrackingResponseXML.xml'), '340434161094015902').delivered,
    ).toBe(true);
  });

  it('reads fixtures/tracking_TrackingErrorResponseXML.xml as no such shipment, for every number asked', () => {
    const err = apiErrorOf(() =>
      parseTrackResponse(fixtureText('fixtures/tracking_TrackingErrorResponseXML.xml'), '00340434161094015902'),
    );
    expect(err.code).toBe('carrier_no_shipment_found');
    expect(err.message).toContain('No data found');
    expect(err.detail).toBe('dhl_parcel_de tracking code 100; request-id test-request-id-12345');
    const many = parseTrackManyResponse(fixtureText('fixtures/tracking_TrackingErrorResponseXML.xml'), ['a', 'b']);
    expect(many.map((r) => (r instanceof ApiError ? r.code : r.tracking_number))).toEqual([
      'carrier_no_shipment_found',
      'carrier_no_shipment_found',
    ]);
  });

  it('answers each number of a batch in its slot, an unknown one alone failing', () => {
    const many = parseTrackManyResponse(fixtureText('fixtures/tracking_TrackingResponseXML.xml'), [
      '111111111111',
      '00340434161094015902',
    ]);
    expect(many.map((r) => (r instanceof ApiError ? r.code : r.tracking_stage))).toEqual([
      'carrier_no_shipment_found',
      'DELIVERED',
    ]);
  });

  it('answers carrier_http_exception for answers that are not the tracking document', () => {
    for (const body of ['', 'not xml', '{"a":1}', '<other/>', '<data name="something-else" code="0"/>']) {
      expect(apiErrorOf(() => parseTrackResponse(body, '1')).code).toBe('carrier_http_exception');
    }
    expect(
      apiErrorOf(() => parseTrackResponse('<data name="piece-shipment-list" code="11" error="Unknown request"/>', '1'))
        .code,
    ).toBe('carrier_exception');
  });

  it("answers a refused portal user as carrier_authentication, with DHL's words", () => {
    const err = apiErrorOf(() =>
      parseTrackResponse('<data name="piece-shipment-list" code="9" error="Login failed" request-id="r1"/>', '1'),
    );
    expect(err).toMatchObject({
      code: 'carrier_authentication',
      message: 'Login failed',
      detail: 'dhl_parcel_de tracking code 9; request-id r1',
    });
    const many = () =>
      parseTrackManyResponse('<data name="piece-shipment-list" code="5" error="Wrong password for appname zt12345"/>', [
        '1',
        '2',
      ]);
    expect(apiErrorOf(many).code).toBe('carrier_authentication');
  });
});
