import { describe, expect, it } from 'vitest';
import { buildLookupRequest, parseLookupResponse } from '../../../src/carriers/carrier_c/lookup.js';
import { buildShipRequest } from '../../../src/carriers/carrier_c/ship.js';
import type { ShipmentRequest } from '../../../src/domain/types.js';

const NOW = new Date('2026-03-10T08:00:00Z');
const req = (references: ShipmentRequest['references'] = []): ShipmentRequest => ({
  shipping_account: 'acct',
  sender: {
    name: 'Anna',
    phone: '+49 30 1234567',
    street1: 'Unter den Linden 1',
    city: 'Berlin',
    postal_code: '10117',
    country: 'DE',
  },
  recipient: {
    name: 'Max',
    phone: '+49 89 7654321',
    street1: 'Marienplatz 8',
    city: 'München',
    postal_code: '80331',
    country: 'DE',
  },
  packages: [{ weight: 2 }],
  packaging: 'your_packaging',
  service: 'domestic_express',
  dim_units: 'CM',
  weight_units: 'KG',
  references,
  waybill_reference: 'WB0123456789ABCDEF01234567',
});

describe("carrier_c: Waybill's reference and tracking by shipment reference", () => {
  it('adds the reference after the shipper’s customer references', () => {
    const body = buildShipRequest(req([{ type: 'ref', value: 'ORDER-1' }]), '950000000', NOW);
    expect(body.customerReferences?.at(-1)).toEqual({ value: 'WB0123456789ABCDEF01234567', typeCode: 'CU' });
    expect(body.customerReferences?.[0]?.value).toBe('ORDER-1');
  });

  it('searches the reference and its type under the shipper account, in the dates around the call', () => {
    const { query } = buildLookupRequest(req(), '950000000', NOW);
    expect(Object.fromEntries(query)).toMatchObject({
      shipmentReference: 'WB0123456789ABCDEF01234567',
      shipmentReferenceType: 'CU',
      shipperAccountNumber: '950000000',
      dateRangeFrom: '2026-03-09',
      dateRangeTo: '2026-03-17',
    });
  });

  it('reads the shipment found', () => {
    expect(parseLookupResponse({ shipments: [{ shipmentTrackingNumber: '1234567890' }] })).toEqual({
      tracking_number: '1234567890',
      package_tracking_numbers: ['1234567890'],
    });
    expect(parseLookupResponse({ shipments: [] })).toBeNull();
    const pieces = {
      shipments: [
        {
          shipmentTrackingNumber: '1234567890',
          pieces: [
            { number: 1, trackingNumber: 'JD0144549751510000001' },
            { number: 2, trackingNumber: 'JD0144549751510000002' },
          ],
        },
      ],
    };
    expect(parseLookupResponse(pieces)).toEqual({
      tracking_number: '1234567890',
      package_tracking_numbers: ['JD0144549751510000001', 'JD0144549751510000002'],
    });
  });
});
