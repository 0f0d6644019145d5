import { describe, expect, it } from 'vitest';
import { buildCancelRequest, parseCancelResponse } from '../../../src/carriers/carrier_a/cancel.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

describe.skipIf(fixturesMissing)('carrier_a shipment cancel', () => {
  it('builds exactly the recorded request', () => {
    const built = buildCancelRequest('794953555571', '2349857');
    expect(matchesRecorded(built, fixture('fixtures/shipment_ShipmentCancelRequest.json'))).toEqual([]);
    expect(built).toEqual(fixture('fixtures/shipment_ShipmentCancelRequest.json'));
  });

  it('parses the recorded confirmation', () => {
    expect(parseCancelResponse(fixture('fixtures/shipment_ShipmentCancelResponse.json'))).toEqual({
      message: 'Success',
    });
  });

  it('turns cancelledShipment false into carrier_exception with FedEx message', () => {
    const body = structuredClone(
      fixture<{ output: Record<string, unknown> }>('fixtures/shipment_ShipmentCancelResponse.json'),
    );
    body.output.cancelledShipment = false;
    body.output.alerts = [
      { code: 'SHIPMENT.ALREADY.CANCELLED', alertType: 'WARNING', message: 'Shipment has already been cancelled.' },
    ];
    const err = apiErrorOf(() => parseCancelResponse(body));
    expect(err.code).toBe('carrier_exception');
    expect(err.message).toBe('Shipment has already been cancelled.');
    expect(err.detail).toContain('SHIPMENT.ALREADY.CANCELLED');
    expect(err.detail).toContain('624deea6-b709-470c-8c39-4b5511281492');
  });

  it('maps the vendor error example of an unknown tracking number to carrier_no_shipment_found', () => {
    const body = {
      transactionId: 't',
      errors: [
        {
          code: 'TRACKINGNUMBER.ENTERED.INVALID',
          message: 'Error with entered Tracking Number. Please verify the entered Tracking Number.',
        },
      ],
    };
    expect(apiErrorOf(() => parseCancelResponse(body)).code).toBe('carrier_no_shipment_found');
  });
});
