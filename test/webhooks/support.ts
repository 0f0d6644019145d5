/** The service with its background work, the emulator and a webhook receiver, for one suite. */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type AppSuite } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

/** Fast schedules so that retries and polls happen within a test. */
export const FAST = {
  WAYBILL_WEBHOOK_ALLOW_PRIVATE: 'true',
  WAYBILL_WEBHOOK_RETRY_BASE_MS: '20',
  WAYBILL_WEBHOOK_POLL_MS: '10',
  WAYBILL_TRACKING_POLL_INTERVAL_MS: '20',
};

export interface WebhookSuite extends AppSuite {
  em: TestEmulator;
  rx: Receiver;
  account: string;
}

export function useWebhookSuite(
  opts: { env?: Record<string, string>; dialect?: 'sqlite' | 'postgres'; secretKey?: Buffer } = {},
): WebhookSuite {
  const suite = {} as WebhookSuite;
  beforeAll(async () => {
    suite.em = await startTestEmulator();
    suite.rx = await startReceiver();
    suite.t = await createTestApp({
      emulatorUrl: suite.em.url,
      env: { ...FAST, ...opts.env },
      background: true,
      ...(opts.dialect ? { dialect: opts.dialect } : {}),
      ...(opts.secretKey ? { secretKey: opts.secretKey } : {}),
    });
    suite.key = await suite.t.key();
    suite.account = (
      await suite.t.call('POST', '/shippingaccount', suite.key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
      })
    ).body.shipping_account.id;
  });
  afterAll(async () => {
    await suite.t?.close();
    await suite.rx?.close();
    await suite.em?.close();
  });
  return suite;
}

/** Registers an endpoint at the receiver under `path`; the receiver learns its secret. */
export async function register(
  s: WebhookSuite,
  path: string,
  events: string[] = ['*'],
): Promise<{ id: string; secret: string; url: string }> {
  const res = await s.t.call('POST', '/webhooks', s.key, { webhook: { url: `${s.rx.url}${path}`, events } });
  if (res.status !== 200) throw new Error(`POST /webhooks: ${res.status} ${res.raw}`);
  s.rx.secrets.push(res.body.webhook.secret);
  return { id: res.body.webhook.id, secret: res.body.webhook.secret, url: res.body.webhook.url };
}
