import { describe, expect, it } from 'vitest';
import { buildLookupRequest, parseLookupResponse } from '../../../src/carriers/carrier_a/lookup.js';
import { buildShipRequest } from '../../../src/carriers/carrier_a/ship.js';
import { ApiError } from '../../../src/domain/errors.js';
import type { ShipmentRequest } from '../../../src/domain/types.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const party = {
  name: 'Ann',
  phone: '9015550100',
  street1: '1 Main St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38117',
  country: 'US',
};
const req = (references: ShipmentRequest['references'] = []): ShipmentRequest => ({
  shipping_account: 'acct',
  sender: party,
  recipient: { ...party, name: 'Bob', city: 'New York', state: 'NY', postal_code: '10001' },
  packages: [{ weight: 2 }, { weight: 3 }],
  packaging: 'your_packaging',
  service: 'carrier_a_ground',
  dim_units: 'IN',
  weight_units: 'LB',
  references,
  waybill_reference: 'WB0123456789ABCDEF01234567',
});

describe("carrier_a: Waybill's reference and Track by References", () => {
  it('puts the reference on every package after the shipper’s, in the first customerReferenceType they leave free', () => {
    const body = buildShipRequest(req([{ type: 'customer_reference', value: 'order 17' }]), '123456789');
    for (const line of body.requestedShipment.requestedPackageLineItems) {
      expect(line.customerReferences).toEqual([
        { customerReferenceType: 'CUSTOMER_REFERENCE', value: 'order 17' },
        { customerReferenceType: 'DEPARTMENT_NUMBER', value: 'WB0123456789ABCDEF01234567' },
      ]);
    }
  });

  it('searches that type, the account, the destination and the ship dates around the call', () => {
    expect(buildLookupRequest(req([{ type: 'customer_reference', value: 'order 17' }]), '123456789', NOW)).toEqual({
      includeDetailedScans: false,
      referencesInformation: {
        type: 'DEPARTMENT',
        value: 'WB0123456789ABCDEF01234567',
        accountNumber: '123456789',
        shipDateBegin: '2026-03-09',
        shipDateEnd: '2026-03-17',
        destinationCountryCode: 'US',
        destinationPostalCode: '10001',
      },
    });
  });

  it('cannot look up a booking whose shipper’s references take every searchable type', () => {
    const full = req(['customer_reference', 'department_number', 'p_o_number'].map((type) => ({ type, value: type })));
    expect(
      buildShipRequest(full, '123456789').requestedShipment.requestedPackageLineItems[0]!.customerReferences,
    ).toHaveLength(3);
    expect(() => buildLookupRequest(full, '123456789', NOW)).toThrow(ApiError);
  });

  it('reads the packages found, and the not-found result as none', () => {
    const found = {
      output: {
        completeTrackResults: ['794600000011', '794600000028'].map((trackingNumber) => ({
          trackingNumber,
          trackResults: [{ trackingNumberInfo: { trackingNumber } }],
        })),
      },
    };
    expect(parseLookupResponse(found)).toEqual({
      tracking_number: '794600000011',
      package_tracking_numbers: ['794600000011', '794600000028'],
    });
    const none = {
      output: {
        completeTrackResults: [
          { trackingNumber: 'WB0', trackResults: [{ error: { code: 'TRACKING.REFERENCENUMBER.NOTFOUND' } }] },
        ],
      },
    };
    expect(parseLookupResponse(none)).toBeNull();
  });
});
