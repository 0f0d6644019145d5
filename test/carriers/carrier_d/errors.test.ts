import { describe, expect, it } from 'vitest';
import { parseErrorResponse } from '../../../src/carriers/carrier_d/errors.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { fixtureText } from './support.js';

const usps = (status: string, detail: string, parameter?: string) =>
  JSON.stringify({
    apiVersion: '/labels/v3',
    error: {
      code: status,
      message: 'Bad Request',
      errors: [
        { status, code: '010002', title: 'Bad Request', detail, ...(parameter ? { source: { parameter } } : {}) },
      ],
    },
  });

describe.skipIf(fixturesMissing)('carrier_d error bodies against the recorded payloads', () => {
  it.each(['samples/error_response.json', 'fixtures/tracking_ErrorResponse.json'])('reads %s', (file) => {
    const e = parseErrorResponse(400, fixtureText(file));
    expect(e).toMatchObject({
      code: 'carrier_exception',
      message: 'string',
      detail: 'carrier_d error codes: string, string; apiVersion: string',
    });
  });
});

describe('carrier_d error bodies', () => {
  it('puts USPS’s words in the message and its codes in the detail', () => {
    expect(
      parseErrorResponse(400, usps('400', 'The weight exceeds the maximum.', 'packageDescription.weight')),
    ).toMatchObject({
      code: 'carrier_exception',
      message: 'The weight exceeds the maximum. (packageDescription.weight)',
      detail: 'carrier_d error codes: 400, 010002; apiVersion: /labels/v3',
    });
  });

  it('classifies by status: 401/403 authentication, 404 and not-found words for one number, 429 throttling, 5xx', () => {
    expect(parseErrorResponse(401, usps('401', 'Invalid or revoked access token.')).code).toBe(
      'carrier_authentication',
    );
    expect(parseErrorResponse(403, usps('403', 'Payment token expired.')).code).toBe('carrier_authentication');
    expect(parseErrorResponse(404, usps('404', 'Not here')).code).toBe('carrier_no_shipment_found');
    expect(parseErrorResponse(400, usps('400', 'Order not found'), { notFound: true }).code).toBe(
      'carrier_no_shipment_found',
    );
    expect(parseErrorResponse(400, usps('400', 'Order not found')).code).toBe('carrier_exception');
    expect(parseErrorResponse(429, usps('429', 'Too many')).code).toBe('carrier_throttling');
    expect(parseErrorResponse(503, usps('503', 'Down')).code).toBe('carrier_http_exception');
    expect(parseErrorResponse(400, usps('400', 'Refused'), { auth: true }).code).toBe('carrier_authentication');
  });

  it('reads the OAuth endpoint’s RFC 6749 body', () => {
    expect(
      parseErrorResponse(
        401,
        JSON.stringify({ error: 'invalid_client', error_description: 'Client authentication failed.' }),
        { auth: true },
      ),
    ).toMatchObject({
      code: 'carrier_authentication',
      message: 'Client authentication failed.',
      detail: 'carrier_d error code: invalid_client',
    });
  });

  it('answers bodies that are not USPS’s as carrier_http_exception, gateways’ 401 as authentication', () => {
    expect(parseErrorResponse(400, '<html>oops</html>')).toMatchObject({
      code: 'carrier_http_exception',
      detail: 'body starts: <html>oops</html>',
    });
    expect(parseErrorResponse(401, '').code).toBe('carrier_authentication');
    expect(parseErrorResponse(404, '', { notFound: true }).code).toBe('carrier_no_shipment_found');
  });
});
