/** Shared setup of the batch suites: the app with its background work, the emulator, a carrier_a account. */
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../src/foundations/clock.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { waitFor } from '../support/webhook-receiver.js';
import { address, recipientUS } from '../contract/support.js';

export interface BatchSuite {
  t: TestApp;
  em: TestEmulator;
  key: string;
  account: string;
}

export const sender = address();

export function item(account: string, overrides: Record<string, unknown> = {}) {
  return {
    shipping_account: account,
    sender,
    recipient: recipientUS,
    packages: [{ weight: 2 }],
    packaging: 'your_packaging',
    dim_units: 'IN',
    weight_units: 'LB',
    service: 'carrier_a_ground',
    ...overrides,
  };
}

export function useBatchApp(
  opts: { dialect?: 'sqlite' | 'postgres'; env?: Record<string, string>; clock?: Clock } = {},
): BatchSuite {
  const s = {} as BatchSuite;
  beforeAll(async () => {
    s.em = await startTestEmulator();
    s.t = await createTestApp({
      emulatorUrl: s.em.url,
      background: true,
      dialect: opts.dialect ?? 'sqlite',
      ...(opts.clock ? { clock: opts.clock } : {}),
      env: { WAYBILL_WEBHOOK_POLL_MS: '20', ...opts.env },
    });
    s.key = await s.t.key();
    const res = await s.t.call('POST', '/shippingaccount', s.key, {
      shipping_account: { carrier: 'carrier_a', country: 'US', test: true, billing_address: sender },
    });
    if (res.status !== 200) throw new Error(res.raw);
    s.account = res.body.shipping_account.id;
  });
  afterAll(async () => {
    // The emulator first: calls it holds open (timeout faults) then end, and the worker can stop.
    await s.em?.close();
    await s.t?.close();
  });
  return s;
}

/** Waits until the batch is final and answers it. */
export async function finished(s: BatchSuite, id: string, key = s.key): Promise<any> {
  return waitFor(
    async () => {
      const res = await s.t.call('GET', `/batches/${id}`, key);
      return ['completed', 'completed_with_errors', 'cancelled'].includes(res.body.batch.status) &&
        res.body.batch.counts.in_progress === 0
        ? res.body.batch
        : undefined;
    },
    `batch ${id} to finish`,
    60_000,
  );
}

/** Master tracking numbers the emulator booked (each shipment is stored under every package number). */
export function emulatorBookings(em: TestEmulator): { tracking: string; recipient: string }[] {
  const seen = new Map<string, string>();
  for (const s of em.emulator.state.carrier_a.shipments.values())
    seen.set(s.masterTrackingNumber, s.recipient.personName ?? '');
  return [...seen].map(([tracking, recipient]) => ({ tracking, recipient }));
}
