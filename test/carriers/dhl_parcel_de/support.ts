/** Helpers shared by the dhl_parcel_de mapping suites. */
import type { ShipmentRequest } from '../../../src/domain/types.js';
import { readFixtureJson, readFixtureText } from '../../support/fixtures.js';

export { apiErrorOf } from '../support.js';

/** A recorded dhl_parcel_de payload (read in place, never copied). */
export function fixture<T = unknown>(file: string): T {
  return readFixtureJson<T>('dhl_parcel_de', file);
}

export function fixtureText(file: string): string {
  return readFixtureText('dhl_parcel_de', file);
}

/** Friday 2026-11-27 10:00 UTC. */
export const NOW = new Date('2026-11-27T10:00:00Z');

/** The recorded bookings' shipper (fixtures/shipment_ShipmentRequest.json) as Waybill takes it. */
export const shop = {
  company: 'My Online Shop GmbH',
  street1: 'Sträßchensweg 10',
  city: 'Bonn',
  postal_code: '53113',
  country: 'DE',
  email: 'max@mustermann.de',
};

export function request(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  return {
    shipping_account: 'sa_1',
    sender: shop,
    recipient: {
      name: 'Maria Muster',
      street1: 'Kurt-Schumacher-Str. 20',
      city: 'Bonn',
      postal_code: '53113',
      country: 'DE',
      phone: '+49 987654321',
      email: 'maria@musterfrau.de',
    },
    packages: [{ weight: 0.5, length: 20, width: 15, height: 10 }],
    packaging: 'your_packaging',
    dim_units: 'CM',
    weight_units: 'KG',
    service: 'dhl_parcel_de_paket',
    references: [{ type: 'ref', value: 'Order No. 1234' }],
    ...overrides,
  };
}
