/** carrier_c problem bodies → ApiError: DHL's sentence to message, its code, status, title and instance to detail. */
import { describe, expect, it } from 'vitest';
import { errorFromBody, parseErrorResponse, throwIfError } from '../../../src/carriers/carrier_c/errors.js';
import { fixturesMissing, readFixtureText } from '../../support/fixtures.js';
import { apiErrorOf } from './support.js';

describe.skipIf(fixturesMissing)('recorded error bodies', () => {
  it.each([
    [
      'fixtures/rate_ErrorResponse.json',
      400,
      'carrier_exception',
      'Invalid postal code provided',
      'carrier_c HTTP 400 Bad Request; instance /rates',
    ],
    [
      'fixtures/address_ErrorResponse.json',
      400,
      'carrier_exception',
      'Invalid address validation request - missing required field',
      'carrier_c HTTP 400 Bad Request; instance /address/validate',
    ],
    [
      'fixtures/pickup_ErrorResponse.json',
      400,
      'carrier_exception',
      'Invalid pickup request - missing required field',
      'carrier_c HTTP 400 Bad Request; instance /pickups',
    ],
    [
      'fixtures/tracking_ErrorResponse.json',
      404,
      'carrier_exception',
      'No shipments found for the given tracking number',
      'carrier_c HTTP 404 Not Found; instance /tracking?shipmentTrackingNumber=9356579890',
    ],
    [
      'fixtures/document_DocumentUploadErrorResponse.json',
      400,
      'carrier_exception',
      'The provided Shipment Identification Number is invalid. Please check the request message and retry.',
      'carrier_c HTTP 400 Bad Request; code 7096; instance /expressapi/shipments/1234567890/upload-image',
    ],
    [
      'samples/error_response.json',
      400,
      'carrier_exception',
      'The account number is not found or invalid. Please check the account number and retry.',
      'carrier_c HTTP 400 Bad request; instance /expressapi/shipments',
    ],
  ])('%s', (file, status, code, message, detail) => {
    expect(parseErrorResponse(status, readFixtureText('carrier_c', file))).toMatchObject({ code, message, detail });
  });
});

describe('parseErrorResponse', () => {
  const problem = (status: number, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      instance: '/expressapi/rates',
      detail: 'Invalid Credentials',
      title: 'Unauthorized',
      status: String(status),
      ...extra,
    });

  it('classifies by status: 401/403 authentication, 404 on tracking no shipment, 5xx the carrier’s fault', () => {
    expect(parseErrorResponse(401, problem(401)).code).toBe('carrier_authentication');
    expect(parseErrorResponse(403, '<html>Forbidden</html>').code).toBe('carrier_authentication');
    expect(parseErrorResponse(404, problem(404), { notFound: true }).code).toBe('carrier_no_shipment_found');
    expect(parseErrorResponse(404, '', { notFound: true }).code).toBe('carrier_no_shipment_found');
    expect(parseErrorResponse(503, problem(503)).code).toBe('carrier_http_exception');
    expect(parseErrorResponse(400, 'not json')).toMatchObject({
      code: 'carrier_http_exception',
      detail: 'HTTP 400, body starts: not json',
    });
  });

  it('appends the additional details DHL lists', () => {
    const err = parseErrorResponse(
      422,
      problem(422, {
        detail: 'Multiple problems found, see Additional Details',
        additionalDetails: ['1: cityName is missing', '2: weight too high'],
      }),
    );
    expect(err.message).toBe(
      'Multiple problems found, see Additional Details; 1: cityName is missing; 2: weight too high',
    );
  });

  it('finds a problem body answered with 200, and nothing in a success body', () => {
    expect(apiErrorOf(() => throwIfError({ status: 400, title: 'Bad request', detail: 'x' })).message).toBe('x');
    expect(errorFromBody(200, { products: [] })).toBeUndefined();
    expect(errorFromBody(200, { status: { statusCode: 1, statusMessage: 'OK' } })).toBeUndefined();
  });
});
