/**
 * Tracking: PackageStatusRequest / PackageStatusResponse (W21 schema, PROTOCOL.md §10). No EWS
 * status answer was recorded; the guide's listings 13-* are the legacy ELSServices format and
 * are refused as another document.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/domain/errors.js';
import {
  buildTrackRequest,
  parseTrackManyResponse,
  parseTrackResponse,
} from '../../../src/carriers/carrier_d_reseller/track.js';
import { STATUS_STAGES } from '../../../src/carriers/carrier_d_reseller/codes.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, creds, sample } from './support.js';

const event = (code: string, when: string, text: string) =>
  `<StatusEventList><StatusCode>${code}</StatusCode><StatusDescription>${text}</StatusDescription><EventDateTime>${when}</EventDateTime><TrackingSummary>${text}, ZIP 10001</TrackingSummary></StatusEventList>`;
const answer = (...responses: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?><PackageStatusResponse xmlns="www.envmgr.com/LabelService"><Status>0</Status><RequesterID>lxxx</RequesterID><PackageStatus>${responses.join('')}</PackageStatus></PackageStatusResponse>`;
const response = (pic: string, ...events: string[]) =>
  `<StatusResponse><PicNumber>${pic}</PicNumber><PackageStatusEventList>${events.join('')}</PackageStatusEventList></StatusResponse>`;

describe('buildTrackRequest', () => {
  it('asks for the complete event list of one or several PIC numbers', () => {
    expect(buildTrackRequest(['A', 'B'], creds)).toEqual({
      RequesterID: 'lxxx',
      RequestID: 'track-A',
      CertifiedIntermediary: { AccountID: '1234567', PassPhrase: 'current_password' },
      RequestOptions: { '@_PackageStatus': 'COMPLETE' },
      PicNumbers: { PicNumber: ['A', 'B'] },
    });
  });
});

describe('parseTrackResponse', () => {
  it('maps events newest first with offsets, the latest deciding the stage', () => {
    const body = answer(
      response(
        '9400',
        event('N', '2026-11-20T09:00:00-05:00', 'Shipping Label Created'),
        event('D', '2026-11-22T14:00:00-05:00', 'Delivered'),
        event('A', '2026-11-20T19:00:00', 'Accepted'),
      ),
    );
    const r = parseTrackResponse(body, '9400');
    expect(r).toMatchObject({
      carrier: 'carrier_d_reseller',
      tracking_number: '9400',
      tracking_stage: 'DELIVERED',
      delivered: true,
      delivery_date: '2026-11-22T14:00:00-05:00',
      status: 'Delivered',
    });
    expect(r.checkpoints.map((c) => [c.time, c.tracking_stage])).toEqual([
      ['2026-11-22T14:00:00-05:00', 'DELIVERED'],
      ['2026-11-20T19:00:00+00:00', 'PICKED_UP'],
      ['2026-11-20T09:00:00-05:00', 'CREATED'],
    ]);
    expect(r.checkpoints[0]?.description).toBe('Delivered, ZIP 10001');
  });

  it('maps every documented status code (G13 p.103) and treats unknown ones as in transit', () => {
    expect(STATUS_STAGES).toEqual({
      '0': 'CREATED',
      N: 'CREATED',
      A: 'PICKED_UP',
      I: 'IN_TRANSIT',
      F: 'IN_TRANSIT',
      X: 'IN_TRANSIT',
      L: 'EXCEPTION',
      R: 'EXCEPTION',
      U: 'EXCEPTION',
      D: 'DELIVERED',
    });
    expect(parseTrackResponse(answer(response('1', event('Q', '2026-11-20T09:00:00Z', '?'))), '1').tracking_stage).toBe(
      'IN_TRANSIT',
    );
    expect(
      parseTrackResponse(answer(response('1', event('u', '2026-11-20T09:00:00Z', 'Undeliverable'))), '1')
        .tracking_stage,
    ).toBe('EXCEPTION');
  });

  it('answers -1 and missing numbers with carrier_no_shipment_found, each in its own batch slot', async () => {
    const body = answer(
      response('GOOD', event('I', '2026-11-21T12:00:00-05:00', 'In Transit')),
      response('BAD', event('-1', '', 'The tracking number BAD was not found.')),
    );
    const [good, bad, missing] = parseTrackManyResponse(body, ['GOOD', 'BAD', 'MISSING']);
    expect(good).toMatchObject({ tracking_stage: 'IN_TRANSIT' });
    expect(bad).toBeInstanceOf(ApiError);
    expect(bad).toMatchObject({ code: 'carrier_no_shipment_found', message: 'The tracking number BAD was not found.' });
    expect(missing).toMatchObject({ code: 'carrier_no_shipment_found' });
    expect((await apiErrorOf(() => parseTrackResponse(body, 'BAD'))).code).toBe('carrier_no_shipment_found');
  });

  it('answers Status ≠ 0 as the carrier’s error and an answer without PackageStatus as a broken body', async () => {
    const err = await apiErrorOf(() =>
      parseTrackResponse(
        '<PackageStatusResponse><Status>12507</Status><ErrorMessage>The pass phrase is incorrect.</ErrorMessage></PackageStatusResponse>',
        '1',
      ),
    );
    expect(err).toMatchObject({ code: 'carrier_authentication', detail: 'carrier_d_reseller status 12507' });
    expect(
      (
        await apiErrorOf(() =>
          parseTrackResponse('<PackageStatusResponse><Status>0</Status></PackageStatusResponse>', '1'),
        )
      ).code,
    ).toBe('carrier_http_exception');
  });

  it.skipIf(fixturesMissing)(
    'refuses the legacy ELSServices StatusResponse (listing 13-2) as another document',
    async () => {
      const err = await apiErrorOf(() =>
        parseTrackResponse(sample('els-guide-v7.0-2013__legacy_ELSServices_StatusResponse__listing-13-2.xml'), '1'),
      );
      expect(err.code).toBe('carrier_http_exception');
      expect(err.message).toContain('root element StatusResponse');
    },
  );
});
