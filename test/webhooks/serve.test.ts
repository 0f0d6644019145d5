/** `waybill serve` runs the webhook worker itself and stops it on SIGTERM. */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli, startServe } from '../support/process.js';
import { startReceiver, waitFor, type Receiver } from '../support/webhook-receiver.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx.close());

it('delivers a booking’s event from the serve process and shuts down cleanly', async () => {
  const env = {
    WAYBILL_DATA_DIR: tempDir('webhooks'),
    WAYBILL_LOG_LEVEL: 'warn',
    WAYBILL_WEBHOOK_ALLOW_PRIVATE: 'true',
    WAYBILL_WEBHOOK_POLL_MS: '20',
  };
  const server = await startServe({ ...env, WAYBILL_LOG_LEVEL: 'info' });
  let exit: number | null = null;
  server.child.on('exit', (code) => (exit = code));
  try {
    const key = (await runCli(['keys', 'create', '--tenant', 'acme'], env)).stdout.trim().split('\n').at(-1)!;
    const call = async (path: string, body: unknown) =>
      (await (
        await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { zkkey: key, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as any;
    const hook = await call('/webhooks', { webhook: { url: `${rx.url}/serve`, events: ['shipment.created'] } });
    rx.secrets.push(hook.webhook.secret);
    const account = (
      await call('/shippingaccount', { shipping_account: { carrier: 'carrier_a', country: 'US', test: true } })
    ).shipping_account.id;
    const booked = await call('/ship', {
      shipment: {
        shipping_account: account,
        sender: {
          name: 'Ann',
          phone: '9015550100',
          street1: '1 Main St',
          city: 'Memphis',
          state: 'TN',
          postal_code: '38117',
          country: 'US',
        },
        recipient: {
          name: 'Bob',
          phone: '2125550100',
          street1: '5 Fifth Ave',
          city: 'New York',
          state: 'NY',
          postal_code: '10001',
          country: 'US',
        },
        packages: [{ weight: 2 }],
        packaging: 'your_packaging',
        dim_units: 'IN',
        weight_units: 'LB',
        service: 'carrier_a_ground',
      },
    });
    const [got] = await waitFor(() => rx.at('/serve').length > 0 && rx.at('/serve'), 'the delivery');
    expect(got!.body.data.tracking_number).toBe(booked.shipment.tracking_number);
    expect(got!.verifiedWith).toEqual([hook.webhook.secret]);
  } finally {
    await server.stop();
  }
  expect(exit).toBe(0);
}, 60_000);
