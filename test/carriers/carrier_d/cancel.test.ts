import { describe, expect, it } from 'vitest';
import {
  buildCancelRequest,
  isInternationalNumber,
  parseCancelResponse,
} from '../../../src/carriers/carrier_d/cancel.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

describe.skipIf(fixturesMissing)('carrier_d refunds against the recorded payloads', () => {
  it('puts the recorded number in the DELETE path (fixtures/shipment_ShipmentCancelRequest.json)', () => {
    const [recorded] = fixture<{ trackingNumber: string }[]>('fixtures/shipment_ShipmentCancelRequest.json');
    expect(buildCancelRequest(recorded?.trackingNumber ?? '')).toBe('/labels/v3/label/794947717776');
  });

  it('reads the recorded CANCELED answer', () => {
    expect(parseCancelResponse(fixture('fixtures/shipment_ShipmentCancelResponse.json'))).toEqual({
      message: 'Label 9234690361980900000142 cancelled',
    });
  });
});

describe('carrier_d refund answers', () => {
  it('routes international numbers to the international labels API', () => {
    expect(isInternationalNumber('LZ100000017US')).toBe(true);
    expect(buildCancelRequest('LZ100000017US')).toBe('/international-labels/v3/international-label/LZ100000017US');
  });

  it('cancels a stored international booking at the international labels API whatever its number looks like', () => {
    expect(buildCancelRequest('9205590000000000000017', 'priority_mail_international')).toBe(
      '/international-labels/v3/international-label/9205590000000000000017',
    );
    expect(buildCancelRequest('9205590000000000000017', 'first_class_package_international_service')).toBe(
      '/international-labels/v3/international-label/9205590000000000000017',
    );
    expect(buildCancelRequest('9400100000000000000017', 'priority_mail')).toBe(
      '/labels/v3/label/9400100000000000000017',
    );
    // As printed: grouped, in any case.
    expect(buildCancelRequest('lz 1000 0001 7 us')).toBe('/international-labels/v3/international-label/LZ100000017US');
  });

  it('reads DISPUTED (a refund request, domestic-labels.yaml ExampleCancel_REFUND) and refuses other statuses', () => {
    expect(
      parseCancelResponse({ trackingNumber: '9262593519935271903671', status: 'DISPUTED', disputeId: '103789' })
        .message,
    ).toBe('Refund requested for label 9262593519935271903671 (dispute 103789)');
    expect(apiErrorOf(() => parseCancelResponse({ trackingNumber: 'n', status: 'REJECTED' })).code).toBe(
      'carrier_exception',
    );
  });

  it('answers the vendor NOTFOUND example as carrier_no_shipment_found', () => {
    const body = {
      apiVersion: '/labels/v3',
      error: {
        code: '400',
        message: 'Bad Request',
        errors: [
          { title: 'Bad Request', detail: 'Order not found', code: '00000XX', source: { parameter: 'trackingNumber' } },
        ],
      },
    };
    expect(apiErrorOf(() => parseCancelResponse(body))).toMatchObject({
      code: 'carrier_no_shipment_found',
      message: 'Order not found (trackingNumber)',
      detail: 'carrier_d error codes: 400, 00000XX; apiVersion: /labels/v3',
    });
  });
});
