/** Shared bodies for the carrier_d_reseller contract suites. */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type AppSuite } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';

export const senderUS = {
  name: 'Ann Sender',
  company: 'Acme',
  street1: '1 Main St',
  city: 'Mountain View',
  state: 'CA',
  postal_code: '94041',
  country: 'US',
  phone: '650-555-0100',
};
export const recipientUS = {
  name: 'Bob Recipient',
  street1: '5 Fifth Ave',
  city: 'New York',
  state: 'NY',
  postal_code: '10001',
  country: 'US',
  phone: '2125550100',
};
export const recipientCA = {
  name: 'Jane Smith',
  street1: '1075 W Pender St',
  city: 'Vancouver',
  state: 'BC',
  postal_code: 'V6E 2M6',
  country: 'CA',
  phone: '6046854311',
};
export const customsItems = [
  {
    description: 'Cotton T-shirt',
    quantity: 2,
    value: 40,
    weight: 1,
    weight_unit: 'LB',
    manufacture_country_code: 'US',
    harmonized_code: '610910',
  },
];

export function shipment(account: string, overrides: Record<string, unknown> = {}) {
  return {
    shipment: {
      shipping_account: account,
      sender: senderUS,
      recipient: recipientUS,
      packages: [{ weight: 2, length: 10, width: 8, height: 4, value: 50 }],
      packaging: 'parcel',
      dim_units: 'IN',
      weight_units: 'LB',
      ...overrides,
    },
  };
}

export interface ResellerSuite extends AppSuite {
  em: TestEmulator;
  /** A carrier_d_reseller account on the master test credentials. */
  account: string;
  /** A test account with its own credentials (a fresh postage account in the emulator). */
  accountWith(auth: Record<string, string>): Promise<string>;
}

export function useReseller(env: Record<string, string> = {}): ResellerSuite {
  const suite = {} as ResellerSuite;
  beforeAll(async () => {
    suite.em = await startTestEmulator();
    suite.t = await createTestApp({ emulatorUrl: suite.em.url, env });
    suite.key = await suite.t.key();
    suite.accountWith = async (auth) => {
      await suite.em.knowCredentials('carrier_d_reseller', auth);
      const res = await suite.t.call('POST', '/shippingaccount', suite.key, {
        shipping_account: { carrier: 'carrier_d_reseller', country: 'US', test: true, auth },
      });
      if (res.status !== 200) throw new Error(`account: ${res.status} ${res.raw}`);
      return res.body.shipping_account.id as string;
    };
    suite.account = (
      await suite.t.call('POST', '/shippingaccount', suite.key, {
        shipping_account: { carrier: 'carrier_d_reseller', country: 'US', test: true },
      })
    ).body.shipping_account.id;
  });
  afterAll(async () => {
    await suite.t?.close();
    await suite.em?.close();
  });
  return suite;
}
