import { describe, expect, it } from 'vitest';
import { buildLookupRequest, parseLookupResponse } from '../../../src/carriers/carrier_b/lookup.js';
import { buildShipRequest } from '../../../src/carriers/carrier_b/ship.js';
import { ApiError } from '../../../src/domain/errors.js';
import type { ShipmentRequest } from '../../../src/domain/types.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const party = { name: 'Ann', phone: '9015550100', street1: '1 Main St', city: 'Memphis', state: 'TN', postal_code: '38117', country: 'US' };
const req = (references: ShipmentRequest['references'] = []): ShipmentRequest => ({
  shipping_account: 'acct',
  sender: party,
  recipient: { ...party, name: 'Bob', city: 'New York', state: 'NY', postal_code: '10001' },
  packages: [{ weight: 2 }],
  packaging: 'your_packaging',
  service: 'carrier_b_ground',
  dim_units: 'IN',
  weight_units: 'LB',
  references,
  waybill_reference: 'WB0123456789ABCDEF01234567',
});

describe("carrier_b: Waybill's reference and reference-number tracking", () => {
  it('adds the reference number after the shipper’s one', () => {
    const body = buildShipRequest(req([{ type: 'customer_reference', value: 'order 17' }]), 'A1B2C3', NOW);
    const refs = body.ShipmentRequest.Shipment.Package.flatMap((p) => p.ReferenceNumber ?? []).map((r) => r.Value);
    expect(refs).toEqual(['order 17', 'WB0123456789ABCDEF01234567']);
  });

  it('searches the reference with the shipper number, the destination and the pickup dates around the call', () => {
    expect(buildLookupRequest(req(), 'A1B2C3', NOW)).toEqual({
      referenceNumber: 'WB0123456789ABCDEF01234567',
      query: { locale: 'en_US', fromPickUpDate: '20260309', toPickUpDate: '20260311', shipperNum: 'A1B2C3', destCountry: 'US', destZip: '10001', refNumType: 'SmallPackage' },
    });
  });

  it('leaves the shipper’s two reference numbers alone, and then cannot look the booking up', () => {
    const full = req([{ type: 'customer_reference', value: 'a' }, { type: 'customer_reference', value: 'b' }]);
    const refs = buildShipRequest(full, 'A1B2C3', NOW).ShipmentRequest.Shipment.Package.flatMap((p) => p.ReferenceNumber ?? []).map((r) => r.Value);
    expect(refs).toEqual(['a', 'b']);
    expect(() => buildLookupRequest(full, 'A1B2C3', NOW)).toThrow(ApiError);
  });

  it('reads the packages found', () => {
    const body = { trackResponse: { shipment: [{ inquiryNumber: 'WB0', package: [{ trackingNumber: '1Z0000000000000001' }, { trackingNumber: '1Z0000000000000002' }] }] } };
    expect(parseLookupResponse(body)).toEqual({ tracking_number: '1Z0000000000000001', package_tracking_numbers: ['1Z0000000000000001', '1Z0000000000000002'] });
  });
});
