/**
 * Numbers the emulator hands out never repeat across a restart when it has a state directory (the
 * embedded emulator of `waybill serve` uses the data directory), and start at 0 in memory without.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/server.js';
import { SEQUENCES_FILE } from '../../src/emulator/sequences.js';
import { runCli, startServe } from '../support/process.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

/** Three of every number kind each carrier's state hands out. */
function numbers(em: Emulator): string[] {
  const s = em.state;
  return Array.from({ length: 3 }, () => [
    s.carrier_a.nextTrackingNumber(),
    s.carrier_a.nextPickupCode(),
    s.carrier_b.nextTrackingNumber('A1B2C3', '03'),
    s.carrier_b.nextPrn(),
    s.carrier_c.nextWaybill(),
    s.carrier_c.nextPickupNumber(),
    s.carrier_d.nextTrackingNumber('USPS_GROUND_ADVANTAGE', '900000001', false),
    s.carrier_d.nextTrackingNumber('PRIORITY_MAIL_INTERNATIONAL', '900000001', true),
    s.carrier_d.nextPickup(),
    s.carrier_d.nextScanForm(),
    s.carrier_d_reseller.nextTrackingNumber(false, 'HJ'),
    s.carrier_d_reseller.nextTrackingNumber(true, 'LX'),
    s.carrier_d_reseller.nextScanFormId(),
  ]).flat();
}

it('hands out no number twice across emulators that share a state directory, one after the other', async () => {
  const stateDir = tempDir('emulator');
  const seen: string[] = [];
  for (let run = 0; run < 3; run++) {
    const em = await createEmulator({ stateDir });
    seen.push(...numbers(em));
    await em.close();
  }
  expect(new Set(seen).size).toBe(seen.length);
  expect(Object.keys(JSON.parse(readFileSync(join(stateDir, SEQUENCES_FILE), 'utf8')))).toContain('carrier_a.tracking');
});

it('starts from the first number in every fresh in-memory emulator', async () => {
  const [a, b] = [await createEmulator(), await createEmulator()];
  expect(numbers(a)).toEqual(numbers(b));
  await Promise.all([a.close(), b.close()]);
});

it('books a new tracking number after `waybill serve` restarts on the same data directory', async () => {
  const env = { WAYBILL_DATA_DIR: tempDir('restart'), WAYBILL_LOG_LEVEL: 'info' };
  const key = (await runCli(['keys', 'create', '--tenant', 'acme'], env)).stdout.trim().split('\n').at(-1)!;
  const headers = { zkkey: key, 'content-type': 'application/json' };
  const address = {
    name: 'Ann',
    phone: '9015550100',
    street1: '1 Main St',
    city: 'Memphis',
    state: 'TN',
    postal_code: '38117',
    country: 'US',
  };
  let account = '';
  const book = async (url: string): Promise<string> => {
    if (!account) {
      const res = await fetch(`${url}/shippingaccount`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ shipping_account: { carrier: 'carrier_a', country: 'US', test: true } }),
      });
      account = ((await res.json()) as any).shipping_account.id;
    }
    const shipment = {
      shipping_account: account,
      sender: address,
      recipient: { ...address, city: 'New York', state: 'NY', postal_code: '10001' },
      packages: [{ weight: 2 }],
      packaging: 'your_packaging',
      dim_units: 'IN',
      weight_units: 'LB',
      service: 'carrier_a_ground',
    };
    const res = await fetch(`${url}/ship`, { method: 'POST', headers, body: JSON.stringify({ shipment }) });
    const body = (await res.json()) as any;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.shipment.tracking_number;
  };
  const first = await startServe(env);
  const before = await book(first.url);
  await first.stop();
  const second = await startServe(env);
  try {
    const after = await book(second.url);
    expect(after).toMatch(/^\d{12}$/);
    expect(after).not.toBe(before);
  } finally {
    await second.stop();
  }
}, 120_000);
