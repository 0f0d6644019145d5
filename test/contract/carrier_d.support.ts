/** Shared bodies for the carrier_d contract suites. */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from '../support/app.js';
import { startTestEmulator } from '../support/emulator.js';
import { address, type CarrierASuite } from './support.js';

export { address, customsItems, recipientGB, recipientUS } from './support.js';

export type CarrierDSuite = CarrierASuite;

export function shipmentD(account: string, overrides: Record<string, unknown> = {}) {
  return {
    shipment: {
      shipping_account: account,
      sender: address(),
      recipient: {
        name: 'Bob Recipient',
        street1: '5 Fifth Ave',
        city: 'New York',
        state: 'NY',
        postal_code: '10001',
        country: 'US',
        phone: '2125550100',
      },
      packages: [{ weight: 2, length: 10, width: 8, height: 4, value: 50 }],
      packaging: 'your_packaging',
      dim_units: 'IN',
      weight_units: 'LB',
      ...overrides,
    },
  };
}

/** The service and the emulator over loopback, with a key and a carrier_d test account (master credentials, billing address for SCAN forms). */
export function useCarrierD(env: Record<string, string> = {}): CarrierDSuite {
  const suite = {} as CarrierDSuite;
  beforeAll(async () => {
    suite.em = await startTestEmulator();
    suite.t = await createTestApp({ emulatorUrl: suite.em.url, env });
    suite.key = await suite.t.key();
    const res = await suite.t.call('POST', '/shippingaccount', suite.key, {
      shipping_account: { carrier: 'carrier_d', country: 'US', test: true, billing_address: address() },
    });
    if (res.status !== 200) throw new Error(`carrier_d account: ${res.status} ${JSON.stringify(res.body)}`);
    suite.account = res.body.shipping_account.id;
  });
  afterAll(async () => {
    await suite.t?.close();
    await suite.em?.close();
  });
  return suite;
}
