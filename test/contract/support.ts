/** Shared bodies for the carrier_a contract suites. */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type AppSuite } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
export function address(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ann Sender',
    company: 'Acme',
    street1: '1 Main St',
    city: 'Memphis',
    state: 'TN',
    postal_code: '38117',
    country: 'US',
    phone: '9015550100',
    ...overrides,
  };
}

export const recipientUS = {
  name: 'Bob Recipient',
  street1: '5 Fifth Ave',
  city: 'New York',
  state: 'NY',
  postal_code: '10001',
  country: 'US',
  phone: '2125550100',
};
export const recipientGB = {
  name: 'Clara Recipient',
  street1: '10 Downing St',
  city: 'London',
  postal_code: 'SW1A 2AA',
  country: 'GB',
  phone: '+44 20 7946 0000',
};

export function shipment(account: string, overrides: Record<string, unknown> = {}) {
  return {
    shipment: {
      shipping_account: account,
      sender: address(),
      recipient: recipientUS,
      packages: [{ weight: 2, length: 10, width: 8, height: 4, value: 50 }],
      packaging: 'your_packaging',
      dim_units: 'IN',
      weight_units: 'LB',
      ...overrides,
    },
  };
}

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

export interface CarrierASuite extends AppSuite {
  em: TestEmulator;
  /** A carrier_a account on the emulator's test credentials. */
  account: string;
}

/**
 * The service and the emulator over loopback, with a key and a test account of `carrier` in
 * `country`; `account`: more members of that account (a billing_address, say).
 */
export function useCarrier(
  carrier: string,
  country: string,
  env: Record<string, string> = {},
  account: Record<string, unknown> = {},
): CarrierASuite {
  const suite = {} as CarrierASuite;
  beforeAll(async () => {
    suite.em = await startTestEmulator();
    suite.t = await createTestApp({ emulatorUrl: suite.em.url, env });
    suite.key = await suite.t.key();
    suite.account = (
      await suite.t.call('POST', '/shippingaccount', suite.key, {
        shipping_account: { carrier, country, test: true, ...account },
      })
    ).body.shipping_account.id;
  });
  afterAll(async () => {
    await suite.t?.close();
    await suite.em?.close();
  });
  return suite;
}

/** The service and the emulator over loopback, with a key and a carrier_a test account. */
export function useCarrierA(env: Record<string, string> = {}, account: Record<string, unknown> = {}): CarrierASuite {
  return useCarrier('carrier_a', 'US', env, account);
}
