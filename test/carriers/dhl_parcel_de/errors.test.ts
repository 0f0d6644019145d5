/**
 * dhl_parcel_de error bodies and the token answer, and the list of every recorded payload with the
 * suite that reads it: the pickup and return payloads belong to operations not built yet, whose
 * error bodies the one error parser reads all the same.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseValidateCredentialsResponse } from '../../../src/carriers/dhl_parcel_de/auth.js';
import { parseErrorResponse } from '../../../src/carriers/dhl_parcel_de/errors.js';
import { fixturePath, fixturesMissing } from '../../support/fixtures.js';
import { fixture, fixtureText } from './support.js';

const READ_BY: Record<string, string> = {
  'authentication_LoginResponse.json': 'errors.test.ts',
  'shipment_ErrorResponse.json': 'errors.test.ts',
  'pickup_PickupErrorResponse.json': 'errors.test.ts',
  'return_shipment_ReturnShipmentErrorResponse.json': 'errors.test.ts',
  'shipment_ShipmentRequest.json': 'ship.test.ts',
  'shipment_IntlShipmentRequest.json': 'ship.test.ts',
  'shipment_ShipmentResponse.json': 'ship.test.ts',
  'shipment_ShipmentWeithReturnLabelResponse.json': 'ship.test.ts',
  'shipment_ValidationMessagesErrorResponse.json': 'ship.test.ts',
  'shipment_ShipmentCancelRequest.json': 'cancel.test.ts',
  'shipment_ShipmentCancelResponse.json': 'cancel.test.ts',
  'tracking_TrackingResponseXML.xml': 'track.test.ts',
  'tracking_TrackingErrorResponseXML.xml': 'track.test.ts',
};

/** Payloads of the Pickup API v3 and the Returns API, which this build does not call yet. */
const NOT_BUILT = [
  'pickup_PickupCancelRequest.json',
  'pickup_PickupCancelResponse.json',
  'pickup_PickupRequest.json',
  'pickup_PickupRequestASAP.json',
  'pickup_PickupResponse.json',
  'return_shipment_ReturnShipmentRequest.json',
  'return_shipment_ReturnShipmentResponse.json',
  'return_shipment_ReturnShipmentWithCustomsRequest.json',
];

describe.skipIf(fixturesMissing)('recorded payloads', () => {
  it('every fixture is read by a suite, or belongs to an operation not built yet', () => {
    const files = readdirSync(fixturePath('dhl_parcel_de', 'fixtures')).sort();
    expect(files).toEqual([...Object.keys(READ_BY), ...NOT_BUILT].sort());
  });

  it('reads the token of fixtures/authentication_LoginResponse.json as valid credentials', () => {
    expect(parseValidateCredentialsResponse(fixture('fixtures/authentication_LoginResponse.json'))).toBe(true);
    expect(parseValidateCredentialsResponse({ error: 'invalid_grant' })).toBe(false);
  });

  it('fixtures/shipment_ErrorResponse.json: a refused token is carrier_authentication', () => {
    const err = parseErrorResponse(401, fixtureText('fixtures/shipment_ErrorResponse.json'));
    expect([err.code, err.message, err.detail]).toEqual([
      'carrier_authentication',
      'Unauthorized for given resource.',
      'dhl_parcel_de HTTP 401 Unauthorized',
    ]);
  });

  it('fixtures/pickup_PickupErrorResponse.json: the item messages and the property they name (validationState written "error")', () => {
    const err = parseErrorResponse(422, fixtureText('fixtures/pickup_PickupErrorResponse.json'));
    expect([err.code, err.message]).toEqual([
      'carrier_exception',
      'customerDetails.billingNumber: Unknown billingnumber',
    ]);
    expect(err.detail).toBe(
      'dhl_parcel_de HTTP 422 Validation failed; properties: customerDetails.billingNumber; codes: 456',
    );
  });

  it('fixtures/return_shipment_ReturnShipmentErrorResponse.json: the problem detail', () => {
    const err = parseErrorResponse(400, fixtureText('fixtures/return_shipment_ReturnShipmentErrorResponse.json'));
    expect([err.code, err.message]).toEqual([
      'carrier_exception',
      'Bad Request - The request could not be understood by the server due to malformed syntax.',
    ]);
  });

  it('the token endpoint, throttling, server failures and bodies that are no error body', () => {
    const grant = parseErrorResponse(
      400,
      JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid user credentials' }),
      { auth: true },
    );
    expect([grant.code, grant.message, grant.detail]).toEqual([
      'carrier_authentication',
      'Invalid user credentials',
      'dhl_parcel_de HTTP 400; error: invalid_grant',
    ]);
    expect(parseErrorResponse(429, '').code).toBe('carrier_throttling');
    expect(
      parseErrorResponse(500, JSON.stringify({ title: 'Internal Server Error', statusCode: 500, detail: 'x' })).code,
    ).toBe('carrier_http_exception');
    expect(parseErrorResponse(502, '<html>bad gateway</html>').code).toBe('carrier_http_exception');
    expect(parseErrorResponse(404, 'nothing', { notFound: true }).code).toBe('carrier_no_shipment_found');
  });
});
