/**
 * What the suites of lost and late bookings set up alike: the emulator, an app on a clock the test
 * moves forward by hand (a stale claim or a carrier's indexing delay is reached, not waited for),
 * a key of tenant "acme" and one carrier_a test account.
 */
import { accountBody } from './accounts.js';
import { createTestApp, type TestApp } from './app.js';
import type { Drawing } from '../../src/emulator/carrier.js';
import { startTestEmulator, type TestEmulator } from './emulator.js';

/** The real time plus what the test has moved it on. */
export interface MovableClock {
  now(): Date;
  advance(ms: number): void;
}

export function movableClock(): MovableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** The carrier call's timeout and the carrier's indexing delay, as the service reads them. */
export const carrierTimes = (timeoutMs: number, lookupDelayMs: number): Record<string, string> => ({
  WAYBILL_CARRIER_TIMEOUT_MS: String(timeoutMs),
  WAYBILL_CARRIER_LOOKUP_DELAY_MS: String(lookupDelayMs),
});

export interface BookingApp {
  em: TestEmulator;
  t: TestApp;
  key: string;
  /** The carrier_a test account's id. */
  account: string;
  /** The app, then the emulator. */
  close(): Promise<void>;
}

export async function startBookingApp(opts: {
  clock: MovableClock;
  env?: Record<string, string>;
  /** The account's body; by default a carrier_a test account with credentials of its own. */
  account?: Record<string, unknown>;
  /** How the emulator draws its documents; by default on its threads. */
  drawing?: Drawing;
}): Promise<BookingApp> {
  const em = await startTestEmulator(opts.drawing ? { drawing: opts.drawing } : {});
  const t = await createTestApp({ emulatorUrl: em.url, clock: opts.clock, ...(opts.env ? { env: opts.env } : {}) });
  const key = await t.key('acme');
  const body = opts.account ? { shipping_account: opts.account } : accountBody('carrier_a', { test: true });
  const res = await t.call('POST', '/shippingaccount', key, body);
  return {
    em,
    t,
    key,
    account: res.body.shipping_account.id,
    close: async () => {
      await t.close();
      await em.close();
    },
  };
}
