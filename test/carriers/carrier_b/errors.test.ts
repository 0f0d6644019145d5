/** UPS error bodies → ApiError, for every recorded error and every status class. */
import { describe, expect, it } from 'vitest';
import { classifyError, parseErrorResponse, unexpectedBody } from '../../../src/carriers/carrier_b/errors.js';
import { parseTokenResponse } from '../../../src/carriers/shared/oauth.js';
import { fixturesMissing, readFixtureText } from '../../support/fixtures.js';

describe.skipIf(fixturesMissing)('recorded error bodies', () => {
  it.each([
    [
      'fixtures/authentication_ErrorResponse.json',
      401,
      'carrier_authentication',
      'Invalid Access License number',
      '250003',
    ],
    ['fixtures/tracking_AuthError.json', 401, 'carrier_authentication', 'Invalid Access License number', '250003'],
    ['samples/error_response.json', 400, 'carrier_authentication', 'Invalid Access License number', '250003'],
    [
      'fixtures/tracking_InvalidTrackingNumberResponseJSON.json',
      400,
      'carrier_no_shipment_found',
      'Invalid inquiry number',
      'TV1002',
    ],
    ['fixtures/pickup_PickupErrorResponse.json', 400, 'carrier_exception', 'Invalid pickup date', '9560131'],
    [
      'fixtures/document_DocumentUploadErrorResponse.json',
      400,
      'carrier_exception',
      'Your UPS Account number is not authorized for user generated forms functionality.',
      '9590018',
    ],
  ])('%s → %s', (file, status, code, message, raw) => {
    const err = parseErrorResponse(status, readFixtureText('carrier_b', file), { transactionId: 'tx1' });
    expect(err.code).toBe(code);
    expect(err.message).toBe(message);
    expect(err.detail).toBe(`carrier_b error code: ${raw}; transId: tx1`);
  });
});

describe.skipIf(fixturesMissing)('token answers', () => {
  it('fixtures/authentication_LoginResponse.json: the token and its string lifetime', () => {
    expect(
      parseTokenResponse(
        JSON.parse(readFixtureText('carrier_b', 'fixtures/authentication_LoginResponse.json')),
        unexpectedBody,
      ),
    ).toEqual({ access_token: 'access_token', expires_in: 14399 });
  });

  it('no token is a carrier fault; a missing lifetime is an hour', () => {
    expect(() => parseTokenResponse({ token_type: 'Bearer' }, unexpectedBody)).toThrow(
      expect.objectContaining({ code: 'carrier_http_exception' }),
    );
    expect(parseTokenResponse({ access_token: 't' }, unexpectedBody).expires_in).toBe(3600);
  });
});

describe('status classes', () => {
  const body = JSON.stringify({
    response: { errors: [{ code: '120100', message: 'Missing or invalid shipper number' }] },
  });
  it('5xx → carrier_http_exception, 429 → carrier_throttling, 401/403 and the token endpoint → carrier_authentication', () => {
    expect(parseErrorResponse(500, body).code).toBe('carrier_http_exception');
    expect(parseErrorResponse(429, body).code).toBe('carrier_throttling');
    expect(parseErrorResponse(403, body).code).toBe('carrier_authentication');
    expect(parseErrorResponse(400, body, { auth: true }).code).toBe('carrier_authentication');
    expect(parseErrorResponse(400, body)).toMatchObject({
      code: 'carrier_exception',
      message: 'Missing or invalid shipper number',
    });
  });

  it('a single error object, numeric codes, HTML and empty bodies never throw', () => {
    expect(
      parseErrorResponse(
        400,
        JSON.stringify({ response: { errors: { code: 250002, message: 'Invalid Authentication Information.' } } }),
      ).code,
    ).toBe('carrier_authentication');
    expect(parseErrorResponse(401, '<html>denied</html>')).toMatchObject({
      code: 'carrier_authentication',
      detail: 'body starts: <html>denied</html>',
    });
    expect(parseErrorResponse(404, '', { notFound: true }).code).toBe('carrier_no_shipment_found');
    expect(parseErrorResponse(502, '').code).toBe('carrier_http_exception');
    expect(parseErrorResponse(400, '{"response":{"errors":[]}}').code).toBe('carrier_http_exception');
  });

  it('classifies UPS codes', () => {
    expect(
      ['250003', 'TW0001', '190117', '111210', undefined].map((code) =>
        classifyError({ status: 200, codes: code === undefined ? [] : [code] }),
      ),
    ).toEqual([
      'carrier_authentication',
      'carrier_no_shipment_found',
      'carrier_no_shipment_found',
      'carrier_exception',
      'carrier_exception',
    ]);
  });
});
