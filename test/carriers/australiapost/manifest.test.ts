/** australiapost cancel, the day's order, credentials and errors against the recorded payloads. */
import { describe, expect, it } from 'vitest';
import {
  buildValidateCredentialsRequest,
  credentialsOf,
  parseValidateCredentialsResponse,
} from '../../../src/carriers/australiapost/auth.js';
import { buildCancelRequest, parseCancelResponse } from '../../../src/carriers/australiapost/cancel.js';
import { parseErrorResponse } from '../../../src/carriers/australiapost/errors.js';
import {
  buildManifestRequest,
  parseManifestResponse,
  parseOrderResponse,
  parseShipmentList,
} from '../../../src/carriers/australiapost/manifest.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture, fixtureText } from './support.js';

const open = [{ shipmentId: '569b9a3accdc791c4ba34d6f', articleIds: ['2JD541813301000870900'] }];

describe.skipIf(fixturesMissing)('the day’s order against the recorded payloads', () => {
  it('builds fixtures/manifest_ManifestRequest.json but for the order reference and consignor', () => {
    const body = buildManifestRequest({ tracking_numbers: [], ship_date: '2026-11-30' }, open);
    expect(matchesRecorded(body, fixture('fixtures/manifest_ManifestRequest.json'))).toEqual([
      '$.order_reference: "Waybill 2026-11-30" ≠ "My order reference"',
      // The consignor is optional; the account's name stands.
      '$.consignor: undefined ≠ "John Citizen"',
    ]);
    expect(
      buildManifestRequest({ tracking_numbers: ['2jd541813301000870900'], ship_date: '2026-11-30' }, open).shipments,
    ).toEqual([{ shipment_id: '569b9a3accdc791c4ba34d6f' }]);
    expect(
      apiErrorOf(() => buildManifestRequest({ tracking_numbers: ['OTHER1234567'], ship_date: '2026-11-30' }, open))
        .message,
    ).toContain('OTHER1234567');
    expect(apiErrorOf(() => buildManifestRequest({ tracking_numbers: [], ship_date: '2026-11-30' }, [])).code).toBe(
      'carrier_exception',
    );
  });

  it('parses fixtures/manifest_ManifestResponse.json and samples/manifest_response.json: the order id and its articles', () => {
    for (const file of ['fixtures/manifest_ManifestResponse.json', 'samples/manifest_response.json']) {
      const order = parseOrderResponse(fixture(file));
      expect(order).toEqual({ orderId: 'AP0000002422', articleIds: ['2JD541813301000870900'] });
      expect(parseManifestResponse(order, Buffer.from('%PDF-1.7 summary'))).toMatchObject({
        carrier_manifest_id: 'AP0000002422',
        tracking_numbers: ['2JD541813301000870900'],
      });
    }
    expect(
      apiErrorOf(() => parseManifestResponse({ orderId: 'AP1', articleIds: [] }, Buffer.from('<html>'))).code,
    ).toBe('carrier_http_exception');
    expect(parseShipmentList(fixture('samples/shipment_response.json'))).toEqual([
      { shipmentId: '9lesEAOvOm4AAAFI3swaDRYB', articleIds: ['ABC000128B4C5', 'ABC000128B4C6', 'ABC000128B4C7'] },
    ]);
    for (const body of [null, { order: {} }, { order: 'x' }])
      expect(apiErrorOf(() => parseOrderResponse(body)).code).toBe('carrier_http_exception');
  });
});

describe.skipIf(fixturesMissing)('cancel against the recorded payloads', () => {
  it('deletes by the shipment id of fixtures/shipment_ShipmentCancelRequest.json (in the path, not a body) and parses the empty answer', () => {
    const { shipment_id } = fixture<{ shipment_id: string }>('fixtures/shipment_ShipmentCancelRequest.json');
    const ref = { tracking_number: 'ABC000128B4C5', carrier_shipment_id: shipment_id };
    expect(buildCancelRequest(ref)).toBe('/shipping/v1/shipments/794947717776');
    expect(parseCancelResponse(fixture('fixtures/shipment_ShipmentCancelResponse.json'), ref)).toEqual({
      message: 'Shipment 794947717776 deleted',
    });
    expect(apiErrorOf(() => buildCancelRequest({ tracking_number: 'X' })).code).toBe('carrier_exception');
    expect(apiErrorOf(() => buildCancelRequest({ tracking_number: 'X', carrier_shipment_id: '..' })).code).toBe(
      'schema_validation_error',
    );
  });
});

describe.skipIf(fixturesMissing)('errors and credentials', () => {
  it('parses samples/error_response.json: gateway and API entries alike, refused customer → carrier_authentication', () => {
    const err = parseErrorResponse(403, fixtureText('samples/error_response.json'));
    expect(err.code).toBe('carrier_authentication');
    expect(err.message).toContain(
      'Customer information for the submitted customer identifier 0000123456 could not be found.',
    );
    expect(err.message).toContain('Invalid tracking ID');
    expect(err.detail).toContain('code 41001 CUSTOMER_NOT_FOUND');
  });

  it('classifies by status when the body is not one of its error bodies', () => {
    expect(parseErrorResponse(401, '<html>no</html>').code).toBe('carrier_authentication');
    expect(parseErrorResponse(404, '', { notFound: true }).code).toBe('carrier_no_shipment_found');
    expect(
      parseErrorResponse(404, '{"errors":[{"code":"44013","name":"SHIPMENT_NOT_FOUND","message":"gone"}]}', {
        notFound: true,
      }),
    ).toMatchObject({ code: 'carrier_no_shipment_found', message: 'gone' });
    expect(parseErrorResponse(400, 'oops').code).toBe('carrier_http_exception');
  });

  it('takes api_key, password and account_number, and reads the account details', () => {
    expect(credentialsOf({ api_key: 'k', password: 'p', account_number: '0006574589' })).toEqual({
      username: 'k',
      password: 'p',
      account: '0006574589',
    });
    expect(apiErrorOf(() => credentialsOf({ api_key: 'k' })).code).toBe('carrier_authentication');
    expect(apiErrorOf(() => credentialsOf({ api_key: 'k', password: 'p' })).detail).toBe('auth.account_number');
    expect(buildValidateCredentialsRequest('0006574589')).toBe('/shipping/v1/accounts/0006574589');
    expect(parseValidateCredentialsResponse({ account_number: '0006574589', name: 'ACME', expired: false })).toEqual({
      valid: true,
      message: 'australiapost accepted the credentials for account 0006574589 (ACME)',
    });
    expect(parseValidateCredentialsResponse({ account_number: '0006574589', expired: true }).valid).toBe(false);
    expect(apiErrorOf(() => parseValidateCredentialsResponse({})).code).toBe('carrier_http_exception');
  });
});
