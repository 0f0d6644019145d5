/**
 * kill -9 under booking load: every booking answered with 200 before the kill is there after a
 * restart, label included (the shipment is committed before the answer is sent).
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCli, startServe } from './support/process.js';
import { tempDirs } from './support/temp-dir.js';

const tempDir = tempDirs();

const sender = {
  name: 'Ann',
  phone: '9015550100',
  street1: '1 Main St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38117',
  country: 'US',
};
const recipient = {
  name: 'Bob',
  phone: '2125550100',
  street1: '5 Fifth Ave',
  city: 'New York',
  state: 'NY',
  postal_code: '10001',
  country: 'US',
};

it('loses no shipment whose 200 was sent when the process is killed', async () => {
  const env = { WAYBILL_DATA_DIR: tempDir('crash'), WAYBILL_LOG_LEVEL: 'warn' };
  const first = await startServe({ ...env, WAYBILL_LOG_LEVEL: 'info' });
  const key = (await runCli(['keys', 'create', '--tenant', 'acme'], env)).stdout.trim().split('\n').at(-1)!;
  const headers = { zkkey: key, 'content-type': 'application/json' };
  const account = (
    (await (
      await fetch(`${first.url}/shippingaccount`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ shipping_account: { carrier: 'carrier_a', country: 'US', test: true } }),
      })
    ).json()) as any
  ).shipping_account.id;
  const body = JSON.stringify({
    shipment: {
      shipping_account: account,
      sender,
      recipient,
      packages: [{ weight: 2 }],
      packaging: 'your_packaging',
      dim_units: 'IN',
      weight_units: 'LB',
      service: 'carrier_a_ground',
    },
  });

  const confirmed: { id: string; label: string }[] = [];
  let stop = false;
  // The kill comes once enough bookings were confirmed, however slow the machine, while more are in flight.
  let enough!: () => void;
  const enoughConfirmed = new Promise<void>((resolve) => (enough = resolve));
  // Eight clients booking back to back until the process dies under them.
  const clients = Array.from({ length: 8 }, async () => {
    while (!stop) {
      try {
        const res = await fetch(`${first.url}/ship`, { method: 'POST', headers, body });
        if (res.status !== 200) continue;
        const s = ((await res.json()) as any).shipment;
        confirmed.push({ id: s.id, label: new URL(s.packages[0].label).pathname });
        if (confirmed.length === 10) enough();
      } catch {
        return;
      }
    }
  });
  await enoughConfirmed;
  first.child.kill('SIGKILL');
  stop = true;
  await Promise.all(clients);
  expect(confirmed.length).toBeGreaterThanOrEqual(10);

  const second = await startServe({ ...env, WAYBILL_LOG_LEVEL: 'info' });
  try {
    for (const { label } of confirmed) {
      const res = await fetch(`${second.url}${label}`, { headers: { zkkey: key } });
      expect(res.status, label).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  } finally {
    await second.stop();
  }
}, 60_000);
