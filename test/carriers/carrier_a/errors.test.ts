import { describe, expect, it } from 'vitest';
import { parseErrorResponse } from '../../../src/carriers/carrier_a/errors.js';
import { ApiError } from '../../../src/domain/errors.js';
import { fixturesMissing, readFixtureJson, readFixtureText } from '../../support/fixtures.js';

/** The error example the vendor OpenAPI file gives for one path, method and status. */
function vendorExample(file: string, path: string, method: string, status: string): string {
  const spec = readFixtureJson<{
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content: { 'application/json': { example: unknown } } }> }>
    >;
  }>('carrier_a', `vendor/${file}`);
  const example = spec.paths[path]?.[method]?.responses[status]?.content['application/json'].example;
  if (example === undefined) throw new Error(`no ${status} example for ${method} ${path} in ${file}`);
  return JSON.stringify(example);
}

describe.skipIf(fixturesMissing)('carrier_a error bodies', () => {
  it('keeps FedEx message and puts code and transaction id in detail (recorded error)', () => {
    const err = parseErrorResponse(400, readFixtureText('carrier_a', 'fixtures/tracking_ErrorResponse.json'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('carrier_exception');
    expect(err.message).toBe('Please provide tracking number.');
    expect(err.detail).toBe(
      'carrier_a error code: TRACKING.TRACKINGNUMBER.EMPTY; transactionId: 624deea6-b709-470c-8c39-4b5511281492',
    );
    expect(parseErrorResponse(400, readFixtureText('carrier_a', 'samples/error_response.json')).message).toBe(
      'Please provide tracking number.',
    );
  });

  it.each([
    ['rate-api.json', '/rate/v1/rates/quotes', 'post', '400', 'carrier_exception', 'ACCOUNT.NUMBER.MISMATCH'],
    ['rate-api.json', '/rate/v1/rates/quotes', 'post', '401', 'carrier_authentication', 'NOT.AUTHORIZED.ERROR'],
    ['rate-api.json', '/rate/v1/rates/quotes', 'post', '403', 'carrier_authentication', 'FORBIDDEN.ERROR'],
    ['rate-api.json', '/rate/v1/rates/quotes', 'post', '404', 'carrier_exception', 'NOT.FOUND.ERROR'],
    [
      'ship-api.json',
      '/ship/v1/shipments',
      'post',
      '400',
      'carrier_authentication',
      'ACCOUNTNUMBER.REGISTRATION.REQUIRED',
    ],
    [
      'ship-api.json',
      '/ship/v1/shipments/cancel',
      'put',
      '400',
      'carrier_authentication',
      'SHIPMENT.USER.UNAUTHORIZED',
    ],
    [
      'ship-api.json',
      '/ship/v1/shipments/results',
      'post',
      '400',
      'carrier_no_shipment_found',
      'TRACKINGNUMBER.ENTERED.INVALID',
    ],
    ['ship-api.json', '/ship/v1/shipments/packages/validate', 'post', '404', 'carrier_exception', 'NOT.FOUND.ERROR'],
    [
      'track.json',
      '/track/v1/trackingdocuments',
      'post',
      '400',
      'carrier_no_shipment_found',
      'TRACKING.TRACKINGNUMBER.NOTFOUND',
    ],
    ['track.json', '/track/v1/tcn', 'post', '400', 'carrier_no_shipment_found', 'TRACKING.TCN.NOTFOUND'],
    ['pickup-api.json', '/pickup/v1/pickups', 'post', '400', 'carrier_exception', 'PICKUP.REQUESTED.PREVIOUS.DAY'],
    ['pickup-api.json', '/pickup/v1/pickups', 'post', '503', 'carrier_http_exception', 'SERVICE.UNAVAILABLE.ERROR'],
  ])('%s %s %s %s → %s', (file, path, method, status, code, wireCode) => {
    const err = parseErrorResponse(Number(status), vendorExample(file, path, method, status));
    expect(err.code).toBe(code);
    expect(err.detail).toContain(wireCode);
    expect(err.message.length).toBeGreaterThan(0);
    expect(err.message).not.toContain('HTTP');
  });
});

describe('carrier_a error bodies without fixtures', () => {
  it('joins several FedEx errors and lets an auth code win', () => {
    const body = JSON.stringify({
      transactionId: 'tx',
      errors: [
        { code: 'SHIPPER.POSTALSTATE.MISMATCH', message: 'Invalid shipper state or postal code.' },
        { code: 'NOT.AUTHORIZED.ERROR', message: 'Access token expired.' },
      ],
    });
    const err = parseErrorResponse(400, body);
    expect(err.code).toBe('carrier_authentication');
    expect(err.message).toBe('Invalid shipper state or postal code.; Access token expired.');
    expect(err.detail).toBe(
      'carrier_a error codes: SHIPPER.POSTALSTATE.MISMATCH, NOT.AUTHORIZED.ERROR; transactionId: tx',
    );
  });

  it('treats any refusal of the token endpoint as refused credentials', () => {
    const body = JSON.stringify({
      transactionId: 'tx',
      errors: [{ code: 'INVALID.INPUT.EXCEPTION', message: 'Invalid field value in the input' }],
    });
    expect(parseErrorResponse(400, body, { auth: true }).code).toBe('carrier_authentication');
    expect(parseErrorResponse(400, body).code).toBe('carrier_exception');
    expect(parseErrorResponse(503, body, { auth: true }).code).toBe('carrier_http_exception');
    expect(parseErrorResponse(429, body, { auth: true }).code).toBe('carrier_throttling');
  });

  it.each([
    ['HTML', 400, '<html><body>Bad gateway</body></html>', 'carrier_http_exception'],
    ['empty', 400, '', 'carrier_http_exception'],
    ['JSON without errors', 400, '{"output":{}}', 'carrier_http_exception'],
    ['errors not a list', 400, '{"errors":"boom"}', 'carrier_http_exception'],
    ['JSON null', 400, 'null', 'carrier_http_exception'],
    ['HTML on 401', 401, '<html>Unauthorized</html>', 'carrier_authentication'],
  ])('classifies an unparseable %s body', (_name, status, body, code) => {
    const err = parseErrorResponse(status, body);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(code);
  });
});

describe('parameterList', () => {
  it('names the field FedEx refused next to its message', () => {
    const body = JSON.stringify({
      transactionId: 'tx',
      errors: [
        {
          code: 'INVALID.INPUT.EXCEPTION',
          message: 'Invalid field value in the input',
          parameterList: [{ key: 'FIELD', value: 'requestedShipment.shipper.contact.phoneNumber' }],
        },
      ],
    });
    const err = parseErrorResponse(400, body);
    expect(err.code).toBe('carrier_exception');
    expect(err.message).toBe('Invalid field value in the input (requestedShipment.shipper.contact.phoneNumber)');
  });
});
