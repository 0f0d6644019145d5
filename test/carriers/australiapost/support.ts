/** Helpers shared by the australiapost mapping suites. */
import type { ShipmentRequest } from '../../../src/domain/types.js';
import { readFixtureJson, readFixtureText } from '../../support/fixtures.js';

export { apiErrorOf } from '../support.js';

/** A recorded australiapost payload (read in place, never copied). */
export function fixture<T = unknown>(file: string): T {
  return readFixtureJson<T>('australiapost', file);
}

export function fixtureText(file: string): string {
  return readFixtureText('australiapost', file);
}

export const melbourne = {
  name: 'John Citizen',
  street1: '1 Main Street',
  city: 'MELBOURNE',
  postal_code: '3000',
  country: 'AU',
  phone: '0401234567',
  email: 'john.citizen@citizen.com',
};
export const sydney = {
  name: 'Jane Smith',
  street1: '123 Centre Road',
  city: 'Sydney',
  state: 'NSW',
  postal_code: '2000',
  country: 'AU',
  phone: '0412345678',
  email: 'jane.smith@smith.com',
};

/** The recorded rate request's lane: Melbourne 3000 → Sydney 2000, one 2 kg box of 5 × 10 × 1 cm. */
export function request(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  return {
    shipping_account: 'sa_1',
    sender: melbourne,
    recipient: sydney,
    packages: [{ weight: 2, length: 5, width: 10, height: 1 }],
    packaging: 'box',
    dim_units: 'CM',
    weight_units: 'KG',
    ...overrides,
  };
}
