/** Helpers shared by the carrier_d mapping suites. */
import { ApiError } from '../../../src/domain/errors.js';
import type { Address, ShipmentRequest } from '../../../src/domain/types.js';
import { readFixtureJson, readFixtureText } from '../../support/fixtures.js';

export { apiErrorOf } from '../support.js';

/** A recorded carrier_d payload (read in place, never copied). */
export function fixture<T = unknown>(file: string): T {
  return readFixtureJson<T>('carrier_d', file);
}

export function fixtureText(file: string): string {
  return readFixtureText('carrier_d', file);
}

/**
 * A recorded multipart body as the label API answers it. The recording kept the body, not the
 * Content-Type header: the boundary is the one its first line opens with.
 */
export function multipartFixture(file: string): { contentType: string; bytes: Uint8Array } {
  const text = fixtureText(file);
  const boundary = /^--(\S+)/.exec(text)?.[1] ?? '';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    bytes: Uint8Array.from(Buffer.from(text, 'utf8')),
  };
}

/** The addresses of the recorded integration (fixtures/shipment_ShipmentRequest.json). */
export const sender: Address = {
  name: 'Tall Tom',
  company: 'ABC Corp.',
  phone: '8005554526',
  street1: '1098 N Fraser Street',
  city: 'Georgetown',
  state: 'SC',
  postal_code: '29440',
  country: 'US',
};
export const recipient: Address = {
  name: 'Lina Smith',
  company: 'Horizon',
  phone: '1234567890',
  street1: '1309 S Agnew Avenue',
  street2: 'Apt 303',
  city: 'Oklahoma City',
  state: 'OK',
  postal_code: '73108',
  country: 'US',
};

/** The recorded booking as far as our public request can say it: 20 kg, 50 × 12 × 50 cm. */
export const recordedShipment: ShipmentRequest = {
  shipping_account: 'sa_x',
  sender,
  recipient,
  packages: [{ weight: 20, length: 50, width: 12, height: 50 }],
  packaging: 'basic',
  service: 'library_mail|basic|nonmachinable|none',
  dim_units: 'CM',
  weight_units: 'KG',
  ship_date: '2024-07-28',
  references: [{ type: 'reference', value: '#Order 11111' }],
};

export const NOW = new Date('2024-07-28T10:00:00Z');

export function isApiError(e: unknown, code: string): boolean {
  return e instanceof ApiError && e.code === code;
}
