/** Helpers shared by the carrier_d_reseller mapping suites. */
import { ApiError } from '../../../src/domain/errors.js';
import type { ShipmentRequest } from '../../../src/carriers/carrier_d_reseller/fields.js';
import { readFixtureText } from '../../support/fixtures.js';

/** A recorded sample (read in place, never copied). */
export function sample(file: string): string {
  return readFixtureText('carrier_d_reseller', `samples/${file}`);
}

/** The ApiError `fn` throws (sync or async); fails when it throws anything else or nothing. */
export async function apiErrorOf(fn: () => unknown): Promise<ApiError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw new Error(`expected an ApiError, got ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
  }
  throw new Error('expected an ApiError, nothing was thrown');
}

export const creds = { requesterId: 'lxxx', accountId: '1234567', passPhrase: 'current_password' };

export { requestDiff } from '../support.js';

export function request(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  return {
    shipping_account: 'sa_1',
    sender: {
      name: 'Endicia',
      street1: '10B Glenlake Parkway, Suite 300',
      city: 'Atlanta',
      state: 'CA',
      postal_code: '30328',
      country: 'US',
    },
    recipient: {
      name: 'Harry Whitehouse',
      street1: '247 High Street',
      city: 'Palo Alto',
      state: 'CA',
      postal_code: '94301',
      country: 'US',
    },
    packages: [{ weight: 1 }],
    packaging: 'parcel',
    service: 'priority',
    dim_units: 'IN',
    weight_units: 'LB',
    ...overrides,
  };
}
