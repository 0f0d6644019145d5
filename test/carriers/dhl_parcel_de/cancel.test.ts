/** dhl_parcel_de cancelling: the DELETE /orders query against the recorded request, and the recorded answer. */
import { describe, expect, it } from 'vitest';
import { buildCancelRequest, parseCancelResponse } from '../../../src/carriers/dhl_parcel_de/cancel.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

describe.skipIf(fixturesMissing)('cancel against recorded payloads', () => {
  it('sends fixtures/shipment_ShipmentCancelRequest.json as the query the API takes', () => {
    const recorded = fixture<{ shipment: string; profile: string }>('fixtures/shipment_ShipmentCancelRequest.json');
    // The recording writes the query as an object; DELETE /orders takes it as query parameters.
    expect(Object.fromEntries(buildCancelRequest({ tracking_number: recorded.shipment }))).toEqual(recorded);
  });

  it('deletes every parcel of a booking of several in one call', () => {
    expect(buildCancelRequest({ tracking_number: '1', carrier_shipment_id: '1,2,3' })).toEqual([
      ['profile', 'STANDARD_GRUPPENPROFIL'],
      ['shipment', '1'],
      ['shipment', '2'],
      ['shipment', '3'],
    ]);
  });

  it('reads fixtures/shipment_ShipmentCancelResponse.json (its shipment number a JSON number)', () => {
    expect(parseCancelResponse(fixture('fixtures/shipment_ShipmentCancelResponse.json'))).toEqual({
      message: 'Shipment deleted',
    });
  });

  it("turns a refused item into DHL's words, and a body of the wrong shape into carrier_http_exception", () => {
    const refused = {
      status: { title: 'Bad Request', statusCode: 400 },
      items: [
        { shipmentNo: '1', sstatus: { title: 'Bad Request', statusCode: 400, detail: 'Unknown shipment number.' } },
      ],
    };
    expect(apiErrorOf(() => parseCancelResponse(refused)).message).toBe('Unknown shipment number.');
    for (const body of [null, {}, { items: [] }])
      expect(apiErrorOf(() => parseCancelResponse(body)).code).toBe('carrier_http_exception');
  });
});
