/** australiapost error bodies → ApiError: its message to `message`, its codes, names and fields to `detail`. */
import { describe, expect, it } from 'vitest';
import { errorFromBody, parseErrorResponse, throwIfError } from '../../../src/carriers/australiapost/errors.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, fixtureText } from './support.js';

describe.skipIf(fixturesMissing)('recorded error bodies', () => {
  it('a refused shipment is the carrier’s refusal in its words, the field named', () => {
    const err = parseErrorResponse(400, fixtureText('fixtures/shipment_ShipmentErrorResponse.json'));
    expect(err).toMatchObject({
      code: 'carrier_exception',
      detail:
        'australiapost HTTP 400; code 44003 DANGEROUS_GOODS_NOT_SUPPORTED_BY_PRODUCT_ERROR field shipments[0].items[0]',
    });
    expect(err.message).toMatch(/^The product T28S specified in an item has indicated that dangerous goods/);
  });

  it('too many tracking ids is a refusal, not a missing shipment', () => {
    expect(parseErrorResponse(400, fixtureText('fixtures/tracking_ErrorResponse.json'))).toMatchObject({
      code: 'carrier_exception',
      message: 'The request must contain 10 or less AP article ids, consignment ids, or barcode ids.',
    });
  });
});

describe('parseErrorResponse', () => {
  const body = (code: string, message: string) => JSON.stringify({ errors: [{ code, name: 'NAME', message }] });

  it('classifies by the table: refused keys, an unknown article, then by status', () => {
    expect(
      parseErrorResponse(
        401,
        JSON.stringify({
          errors: [{ error_code: 'API_001', error_name: 'Unauthorized', message: 'Invalid credentials' }],
        }),
      ).code,
    ).toBe('carrier_authentication');
    expect(parseErrorResponse(400, body('ESB-10001', 'Invalid tracking ID')).code).toBe('carrier_no_shipment_found');
    expect(parseErrorResponse(403, '<html>Forbidden</html>').code).toBe('carrier_authentication');
    expect(parseErrorResponse(404, '', { notFound: true }).code).toBe('carrier_no_shipment_found');
    expect(parseErrorResponse(500, 'not json')).toMatchObject({
      code: 'carrier_http_exception',
      detail: 'HTTP 500, body starts: not json',
    });
  });

  it('finds errors answered with 200, and nothing in a success body', () => {
    expect(apiErrorOf(() => throwIfError(JSON.parse(body('44013', 'Shipment not found')))).code).toBe(
      'carrier_no_shipment_found',
    );
    expect(errorFromBody(200, { shipments: [] })).toBeUndefined();
  });
});
