/** The service and the emulator over loopback, with one test account of each rating carrier. */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { address, recipientUS } from '../contract/support.js';

export const SHOPPED = ['carrier_a', 'carrier_b', 'carrier_c', 'carrier_d', 'carrier_d_reseller'] as const;
export type Shopped = (typeof SHOPPED)[number];

export interface ShoppingSuite {
  t: TestApp;
  em: TestEmulator;
  key: string;
  /** A test account per carrier, by slug. */
  accounts: Record<Shopped, string>;
}

export function shopBody(accounts: readonly string[], overrides: Record<string, unknown> = {}) {
  return {
    shipment: {
      shipping_accounts: accounts,
      sender: address(),
      recipient: recipientUS,
      packages: [{ weight: 2, length: 10, width: 8, height: 4, value: 50 }],
      dim_units: 'IN',
      weight_units: 'LB',
      ...overrides,
    },
  };
}

export function useShopping(env: Record<string, string> = {}): ShoppingSuite {
  const suite = {} as ShoppingSuite;
  beforeAll(async () => {
    suite.em = await startTestEmulator();
    suite.t = await createTestApp({ emulatorUrl: suite.em.url, env });
    suite.key = await suite.t.key();
    const accounts = {} as Record<Shopped, string>;
    for (const carrier of SHOPPED) {
      const res = await suite.t.call('POST', '/shippingaccount', suite.key, {
        shipping_account: { carrier, country: 'US', test: true, billing_address: address() },
      });
      if (res.status !== 200) throw new Error(`${carrier} account: ${res.status} ${JSON.stringify(res.body)}`);
      accounts[carrier] = res.body.shipping_account.id;
    }
    suite.accounts = accounts;
  });
  afterAll(async () => {
    await suite.t?.close();
    await suite.em?.close();
  });
  return suite;
}
