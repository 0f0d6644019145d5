/** Setup for the carrier_b contract suites: the service and the emulator over loopback. */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from '../support/app.js';
import { startTestEmulator } from '../support/emulator.js';
import { address, type CarrierASuite } from './support.js';

export const senderUS = address({ city: 'Atlanta', state: 'GA', postal_code: '30301', phone: '4045550100' });
export const recipientCA = {
  name: 'Dana Recipient',
  street1: '125 Church St',
  city: 'Toronto',
  state: 'ON',
  postal_code: 'M5V3A8',
  country: 'CA',
  phone: '4165550100',
};

export type CarrierBSuite = CarrierASuite;

/** A carrier_b test account on the emulator's master test credentials (legacy userid/password members). */
export function useCarrierB(env: Record<string, string> = {}): CarrierBSuite {
  const suite = {} as CarrierBSuite;
  beforeAll(async () => {
    suite.em = await startTestEmulator();
    suite.t = await createTestApp({ emulatorUrl: suite.em.url, env });
    suite.key = await suite.t.key();
    suite.account = (
      await suite.t.call('POST', '/shippingaccount', suite.key, {
        shipping_account: { carrier: 'carrier_b', country: 'US', test: true },
      })
    ).body.shipping_account.id;
  });
  afterAll(async () => {
    await suite.t?.close();
    await suite.em?.close();
  });
  return suite;
}
