/**
 * With a state directory (the data directory of `waybill serve`) the emulator remembers across a
 * restart what a carrier remembers: labels booked before it (tracked and cancelled after), the
 * credentials it issued, and its clock.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/server.js';
import { runCli, startServe } from '../support/process.js';
import { send, shipRequest, SUITE_CREDENTIALS } from './support.js';

it('keeps the credentials it issued and its clock in the state directory', async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'waybill-emulator-'));
  const first = await createEmulator({ stateDir });
  const control = (method: string, path: string, body: unknown) => fetch(`${first.url}/_emulator/${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await control('POST', 'credentials', { carrier: 'carrier_d', auth: { client_id: 'my-client', client_secret: 'my-client-secret' } })).ok).toBe(true);
  expect((await control('POST', 'clock', { advance_ms: 3_600_000 })).ok).toBe(true);
  await first.close();

  const second = await createEmulator({ stateDir });
  try {
    expect(second.state.carrier_d.credentials.knows('carrier_d', 'my-client', 'my-client-secret')).toBe(true);
    expect(second.state.clock.offsetMs).toBe(3_600_000);
  } finally {
    await second.close();
  }
});

it('lists through GET /_emulator/bookings what it booked before a restart, in order, as well as after', async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'waybill-emulator-bookings-'));
  const book = async (url: string) => {
    const base = `${url}/carrier_a`;
    const token = ((await send(`${base}/oauth/token`, 'POST', { 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=client_credentials&client_id=test-id&client_secret=test-secret')).json as { access_token: string }).access_token;
    const reply = await send(`${base}/ship/v1/shipments`, 'POST', { 'content-type': 'application/json', authorization: `Bearer ${token}` }, JSON.stringify(shipRequest()));
    expect(reply.status, reply.text).toBe(200);
  };
  const listed = async (url: string) => ((await (await fetch(`${url}/_emulator/bookings?carrier=carrier_a`)).json()) as { bookings: { carrier_a: { tracking_number: string }[] } }).bookings.carrier_a.map((b) => b.tracking_number);

  const first = await createEmulator({ stateDir, credentials: SUITE_CREDENTIALS });
  await book(first.url);
  await book(first.url);
  const before = await listed(first.url);
  expect(before).toHaveLength(2);
  await first.close();

  const second = await createEmulator({ stateDir, credentials: SUITE_CREDENTIALS });
  try {
    expect(await listed(second.url)).toEqual(before);
    await book(second.url);
    const after = await listed(second.url);
    expect(after.slice(0, 2)).toEqual(before);
    expect(after).toHaveLength(3);
  } finally {
    await second.close();
  }
});

it('tracks and cancels after `waybill serve` restarts on the same data directory a label booked before', async () => {
  const env = { WAYBILL_DATA_DIR: mkdtempSync(join(tmpdir(), 'waybill-restart-')) };
  const key = (await runCli(['keys', 'create', '--tenant', 'acme'], env)).stdout.trim().split('\n').at(-1)!;
  const headers = { zkkey: key, 'content-type': 'application/json' };
  const call = async (url: string, path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as any;
    expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
    return json;
  };
  const address = { name: 'Ann', phone: '9015550100', street1: '1 Main St', city: 'Memphis', state: 'TN', postal_code: '38117', country: 'US' };
  const first = await startServe(env);
  let account: string;
  let trackingNumber: string;
  try {
    account = (await call(first.url, '/shippingaccount', { shipping_account: { carrier: 'carrier_a', country: 'US', test: true } })).shipping_account.id;
    const shipment = { shipping_account: account, sender: address, recipient: { ...address, city: 'New York', state: 'NY', postal_code: '10001' }, packages: [{ weight: 2 }], packaging: 'your_packaging', weight_units: 'LB', service: 'carrier_a_ground' };
    trackingNumber = (await call(first.url, '/ship', { shipment })).shipment.tracking_number;
  } finally {
    await first.stop();
  }
  const second = await startServe(env);
  try {
    const tracked = await call(second.url, '/track', { track: { shipping_account: account, tracking_number: trackingNumber, refresh: true } });
    expect(JSON.stringify(tracked)).toContain(trackingNumber);
    await call(second.url, '/cancel', { cancel: { shipping_account: account, tracking_number: trackingNumber } });
  } finally {
    await second.stop();
  }
}, 120_000);
