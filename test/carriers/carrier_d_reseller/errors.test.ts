/** ELS Status codes → ApiError (PROTOCOL.md §14), codes.ts tables both ways, and garbage bodies. */
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/carriers/carrier_d_reseller/catalog.js';
import {
  labelAttributes,
  packagingCode,
  serviceCode,
  serviceSlug,
  SPECIAL_SERVICES,
} from '../../../src/carriers/carrier_d_reseller/codes.js';
import { classifyError, errorFromBody, parseErrorResponse } from '../../../src/carriers/carrier_d_reseller/errors.js';
import { parseCancelResponse } from '../../../src/carriers/carrier_d_reseller/cancel.js';
import {
  parseAccountStatusResponse,
  parseChangePassPhraseResponse,
  parseRecreditResponse,
} from '../../../src/carriers/carrier_d_reseller/account.js';
import { parseValidateCredentialsResponse } from '../../../src/carriers/carrier_d_reseller/auth.js';
import { parseManifestResponse } from '../../../src/carriers/carrier_d_reseller/manifest.js';
import { parseRateResponse } from '../../../src/carriers/carrier_d_reseller/rate.js';
import { parseShipResponse } from '../../../src/carriers/carrier_d_reseller/ship.js';
import { parseTrackResponse } from '../../../src/carriers/carrier_d_reseller/track.js';
import { apiErrorOf } from './support.js';

/** What ELS said with a Status: the code alone decides. */
const said = (code: number) => ({ status: 200, codes: [String(code)] });
/** The error of an answer reporting `code` with `message`. */
const statusError = (code: number, message: string | undefined) =>
  errorFromBody({ Status: String(code), ...(message === undefined ? {} : { ErrorMessage: message }) })!;

describe('status codes', () => {
  it('classifies refused credentials, unknown numbers, server failures and the rest', () => {
    for (const code of [2010, 2011, 2012, 2013, 2014, 2015, 12101, 12103, 12507, 12525])
      expect(classifyError(said(code)), String(code)).toBe('carrier_authentication');
    expect(classifyError(said(1011))).toBe('carrier_no_shipment_found');
    for (const code of [101, 102, 12124, 12130, 100002])
      expect(classifyError(said(code))).toBe('carrier_http_exception');
    for (const code of [1001, 12104, 12503, 12118, 407, 12144, 12514])
      expect(classifyError(said(code))).toBe('carrier_exception');
  });

  it('keeps the carrier’s message, names the address it is about, and puts the code in detail', () => {
    expect(statusError(12503, 'Insufficient funds.')).toMatchObject({
      code: 'carrier_exception',
      message: 'Insufficient funds.',
      detail: 'carrier_d_reseller status 12503',
    });
    expect(statusError(3021, 'Failed validating address.').message).toBe(
      'recipient address: Failed validating address.',
    );
    expect(statusError(3020, 'Failed validating address.').message).toBe('sender address: Failed validating address.');
    expect(statusError(11615, 'Dial-A-ZIP: not found.').message).toBe('recipient address: Dial-A-ZIP: not found.');
    expect(statusError(9999, undefined).message).toBe('carrier_d_reseller refused the request (status 9999)');
  });

  it('turns statuses ELS never sends into transport-level errors', () => {
    expect(parseErrorResponse(502, '<html>Bad gateway</html>')).toMatchObject({
      code: 'carrier_http_exception',
      message: 'carrier_d_reseller answered HTTP 502',
    });
    expect(parseErrorResponse(403, '')).toMatchObject({ code: 'carrier_authentication' });
    expect(
      parseErrorResponse(
        400,
        '<LabelRequestResponse><Status>12507</Status><ErrorMessage>no</ErrorMessage></LabelRequestResponse>',
      ).code,
    ).toBe('carrier_authentication');
  });
});

describe('codes', () => {
  it('maps every catalog service, packaging, label type and special service, services both ways', () => {
    for (const s of catalog.services) {
      const code = serviceCode(s);
      expect(code, s).toBeDefined();
      if (s !== 'carrier_d_return') expect(serviceSlug(code), s).toBe(s);
    }
    expect(serviceSlug('GroundAdvantage')).toBe('ground_advantage');
    expect(serviceSlug('Express')).toBe('priority_express');
    expect(serviceSlug(undefined, 'Express Mail International')).toBe('priority_mail_express_international');
    for (const p of catalog.packaging) expect(packagingCode(p), p).toBeDefined();
    for (const t of catalog.labelTypes) expect(labelAttributes(t, undefined, false), t).toBeDefined();
    for (const s of catalog.specialServices) expect(SPECIAL_SERVICES[s], s).toBeDefined();
  });
});

describe('garbage bodies', () => {
  const parsers: [string, (body: string) => unknown][] = [
    ['rate', (b) => parseRateResponse(b)],
    ['rate one', (b) => parseRateResponse(b, 'Priority')],
    ['ship', (b) => parseShipResponse(b, 'PDF')],
    ['track', (b) => parseTrackResponse(b, '1')],
    ['cancel', (b) => parseCancelResponse(b, ['1'])],
    ['manifest', (b) => parseManifestResponse(b, { tracking_numbers: ['1'], ship_date: '2026-11-22' })],
    ['account status', parseAccountStatusResponse],
    ['validate', parseValidateCredentialsResponse],
    ['recredit', parseRecreditResponse],
    ['pass phrase', parseChangePassPhraseResponse],
  ];
  const bodies = [
    '',
    'not xml',
    '{"Status":0}',
    '<html><body>Error</body></html>',
    '<Unexpected/>',
    '<?xml version="1.0"?><LabelRequestResponse><Status>0',
    '<soap:Envelope xmlns:soap="x"><soap:Body/></soap:Envelope>',
  ];

  it('turns every malformed or foreign body into carrier_http_exception, never a crash', async () => {
    for (const [name, parse] of parsers) {
      for (const body of bodies)
        expect((await apiErrorOf(() => parse(body))).code, `${name}: ${body}`).toBe('carrier_http_exception');
    }
  });

  it('reads members of the wrong shape defensively', async () => {
    expect(
      (
        await apiErrorOf(() =>
          parseShipResponse(
            '<LabelRequestResponse><Status>0</Status><TrackingNumber>1</TrackingNumber><Base64LabelImage>%%%</Base64LabelImage><FinalPostage>1</FinalPostage></LabelRequestResponse>',
            'PDF',
          ),
        )
      ).code,
    ).toBe('carrier_http_exception');
    expect(
      (
        await apiErrorOf(() =>
          parseShipResponse(
            '<LabelRequestResponse><Status>0</Status><TrackingNumber>1</TrackingNumber><Label><Image PartNumber="1"/></Label><FinalPostage>1</FinalPostage></LabelRequestResponse>',
            'PDF',
          ),
        )
      ).code,
    ).toBe('carrier_http_exception');
    expect(
      (
        await apiErrorOf(() =>
          parseShipResponse('<LabelRequestResponse><Status>x</Status></LabelRequestResponse>', 'PDF'),
        )
      ).code,
    ).toBe('carrier_http_exception');
    expect(
      parseRateResponse(
        '<PostageRatesResponse><Status>0</Status><PostagePrice TotalAmount="x"/><PostagePrice/></PostageRatesResponse>',
      ),
    ).toEqual([]);
  });
});
