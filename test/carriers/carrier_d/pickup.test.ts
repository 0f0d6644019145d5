import { describe, expect, it } from 'vitest';
import {
  buildPickupRequest,
  parsePickupCancelResponse,
  parsePickupResponse,
  buildPickupCancelRequest,
} from '../../../src/carriers/carrier_d/pickup.js';
import type { PickupRequest } from '../../../src/domain/types.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture } from './support.js';

/** The recorded pickup (fixtures/pickup_PickupRequest.json) as our public request. */
const recorded: PickupRequest = {
  shipping_account: 'sa_x',
  carrier: 'carrier_d',
  location: {
    name: 'Tall Tom',
    company: 'ABC Corp.',
    street1: '1098 N Fraser Street',
    city: 'Georgetown',
    postal_code: '29440',
    country: 'US',
  },
  shipments: [{ packages: [{ weight: 20 }], service: 'first_class_package_service' }],
  time: { date: '2013-10-19', ready_time: '09:00', close_time: '17:00' },
  dim_units: 'IN',
  weight_units: 'LB',
  description: 'behind the front desk',
};

describe.skipIf(fixturesMissing)('carrier_d pickups against the recorded payloads', () => {
  it('builds the recorded request, with exactly these differences', () => {
    expect(matchesRecorded(buildPickupRequest(recorded), fixture('fixtures/pickup_PickupRequest.json'))).toEqual([
      // The recording puts the whole name in firstName; we split it (the schema has firstName and lastName).
      '$.pickupAddress.firstName: "Tall" ≠ "Tall Tom"',
    ]);
  });

  it.each([
    'fixtures/pickup_PickupResponse.json',
    'fixtures/pickup_PickupUpdateResponse.json',
    'samples/pickup_response.json',
    'samples/pickup_update_response.json',
  ])('reads %s', (file) => {
    expect(parsePickupResponse(fixture(file), recorded)).toEqual({
      confirmation_number: 'string',
      currency: 'USD',
      pickup_date: '2019-08-24',
      ready_time: '09:00',
      close_time: '17:00',
    });
  });

  it('puts the recorded cancel number in the path (fixtures/pickup_PickupCancelRequest.json); the answer has no body', () => {
    const { confirmationNumber } = fixture<{ confirmationNumber: string }>('fixtures/pickup_PickupCancelRequest.json');
    expect(buildPickupCancelRequest(confirmationNumber)).toBe('/pickup/v3/carrier-pickup/100094XXX');
    expect(fixture('fixtures/pickup_PickupCancelResponse.json')).toEqual({ ok: true });
    expect(parsePickupCancelResponse(confirmationNumber).message).toBe('Pickup 100094XXX cancelled');
  });
});

describe('carrier_d pickup requests', () => {
  it('counts packages per type and converts kilograms', () => {
    const body = buildPickupRequest({
      ...recorded,
      weight_units: 'KG',
      shipments: [{ packages: [{ weight: 2, quantity: 3 }], service: 'priority_mail' }, { packages: [{ weight: 1 }] }],
    });
    expect(body.packages).toEqual([
      { packageType: 'PRIORITY_MAIL', packageCount: 3 },
      { packageType: 'OTHER', packageCount: 1 },
    ]);
    expect(body.estimatedWeight).toBe(16);
  });

  it('picks up in the United States only, and needs a confirmation number in the answer', () => {
    expect(
      apiErrorOf(() => buildPickupRequest({ ...recorded, location: { city: 'Toronto', country: 'CA' } })).detail,
    ).toBe('pickup.location.country');
    expect(apiErrorOf(() => parsePickupResponse({ pickupDate: '2026-01-01' })).code).toBe('carrier_http_exception');
  });
});
