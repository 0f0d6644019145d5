/** Helpers shared by the carrier_c mapping suites. */
import type { ShipmentRequest } from '../../../src/carriers/carrier_c/fields.js';
import { readFixtureJson } from '../../support/fixtures.js';

import { GARBAGE as CARRIER_A_GARBAGE } from '../carrier_a/support.js';

export { apiErrorOf } from '../support.js';

/** A recorded carrier_c payload (read in place, never copied). */
export function fixture<T = unknown>(file: string): T {
  return readFixtureJson<T>('carrier_c', file);
}

/** Tuesday 2025-03-04 15:00 UTC. */
export const NOW = new Date('2025-03-04T15:00:00Z');

/** The recorded rate request's parties: US → US, 10 kg, 10 cm cube (fixtures/rate_RateRequest.json). */
export function request(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  const party = { city: 'Test City', state: 'CA', postal_code: '12345', country: 'US', street1: '123 Test Street' };
  return {
    shipping_account: 'sa_1',
    sender: party,
    recipient: party,
    packages: [{ weight: 10, length: 10, width: 10, height: 10 }],
    packaging: 'your_packaging',
    dim_units: 'CM',
    weight_units: 'KG',
    ...overrides,
  };
}

/** Bodies of the wrong shape every parser must turn into carrier_http_exception. */
export const GARBAGE: readonly (readonly [string, unknown])[] = [
  // The carrier-neutral ones (null, arrays, strings …); carrier_a's `output` bodies mean nothing here.
  ...CARRIER_A_GARBAGE.filter(([what]) => !what.includes('output')),
  [
    'members of the wrong types',
    {
      products: 'x',
      shipments: {},
      dispatchConfirmationNumbers: 7,
      address: 'x',
      status: 'OK',
      shipmentTrackingNumber: { n: 1 },
    },
  ],
];
