/**
 * With a state directory (the data directory of `waybill serve`) the emulator remembers across a
 * restart what a carrier remembers: labels booked before it (tracked and cancelled after), the
 * credentials it issued, and its clock. What it answered is on disk before the answer: a restart
 * right after a booking, even a `kill -9`, forgets nothing.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { JOURNAL_FILE } from '../../src/emulator/persistence.js';
import { createEmulator } from '../../src/emulator/server.js';
import { runCli, startEmulatorProcess, startServe } from '../support/process.js';
import { tempDirs } from '../support/temp-dir.js';
import { send, shipRequest, SUITE_CREDENTIALS, trackRequest } from './support.js';

const tempDir = tempDirs();

/** Ends a process at once, as `kill -9` does: nothing of it runs after. */
function kill9(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

/** A carrier_a bearer token from the emulator at `url`. */
async function tokenOf(url: string): Promise<string> {
  return (
    (
      await send(
        `${url}/carrier_a/oauth/token`,
        'POST',
        { 'content-type': 'application/x-www-form-urlencoded' },
        'grant_type=client_credentials&client_id=test-id&client_secret=test-secret',
      )
    ).json as { access_token: string }
  ).access_token;
}

/** A carrier_a booking through the emulator at `url`; its tracking number. */
async function book(url: string): Promise<string> {
  const base = `${url}/carrier_a`;
  const token = await tokenOf(url);
  const reply = await send(
    `${base}/ship/v1/shipments`,
    'POST',
    { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    JSON.stringify(shipRequest()),
  );
  expect(reply.status, reply.text).toBe(200);
  return (reply.json as { output: { transactionShipments: { masterTrackingNumber: string }[] } }).output
    .transactionShipments[0]!.masterTrackingNumber;
}

const listed = async (url: string) =>
  (
    (await (await fetch(`${url}/_emulator/bookings?carrier=carrier_a`)).json()) as {
      bookings: { carrier_a: { tracking_number: string }[] };
    }
  ).bookings.carrier_a.map((b) => b.tracking_number);

it('keeps the credentials it issued and its clock in the state directory', async () => {
  const stateDir = tempDir('emulator');
  const first = await createEmulator({ stateDir });
  const control = (method: string, path: string, body: unknown) =>
    fetch(`${first.url}/_emulator/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect(
    (
      await control('POST', 'credentials', {
        carrier: 'carrier_d',
        auth: { client_id: 'my-client', client_secret: 'my-client-secret' },
      })
    ).ok,
  ).toBe(true);
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
  const stateDir = tempDir('emulator-bookings');
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

it('has a booking on disk before it answers it: an emulator started on the same directory while the first still runs knows it', async () => {
  const stateDir = tempDir('emulator-durable');
  const first = await createEmulator({ stateDir, credentials: SUITE_CREDENTIALS });
  let second: Awaited<ReturnType<typeof createEmulator>> | undefined;
  try {
    // Several at once share writes; each is on disk when it is answered.
    const numbers = await Promise.all([book(first.url), book(first.url), book(first.url)]);
    numbers.push(await book(first.url));
    second = await createEmulator({ stateDir, credentials: SUITE_CREDENTIALS });
    expect((await listed(second.url)).sort()).toEqual([...numbers].sort());
  } finally {
    await second?.close();
    await first.close();
  }
});

it('writes nothing for a carrier_a track call, which only reads what it looks up', async () => {
  const stateDir = tempDir('emulator-track-read');
  const emulator = await createEmulator({ stateDir, credentials: SUITE_CREDENTIALS });
  try {
    const numbers = [await book(emulator.url), await book(emulator.url)];
    const journal = join(stateDir, JOURNAL_FILE);
    const before = readFileSync(journal, 'utf8');
    const token = await tokenOf(emulator.url);
    const reply = await send(
      `${emulator.url}/carrier_a/track/v1/trackingnumbers`,
      'POST',
      { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      JSON.stringify(trackRequest(...numbers)),
    );
    expect(reply.status, reply.text).toBe(200);
    const found = (reply.json as { output: { completeTrackResults: { trackResults: { error?: unknown }[] }[] } }).output
      .completeTrackResults;
    expect(found.map((r) => r.trackResults[0]!.error)).toEqual([undefined, undefined]);
    expect(readFileSync(journal, 'utf8')).toBe(before);
    // A booking after it is still journaled before its answer.
    numbers.push(await book(emulator.url));
    expect(readFileSync(journal, 'utf8').length).toBeGreaterThan(before.length);
  } finally {
    await emulator.close();
  }
});

it('knows after a kill -9 of `waybill emulator` every label it answered, the last right before', async () => {
  const dataDir = tempDir('emulator-kill');
  const first = await startEmulatorProcess(dataDir);
  const trackingNumbers: string[] = [];
  try {
    // The standalone emulator knows the credentials it was told of; the test's own are told first.
    const told = await fetch(`${first.url}/_emulator/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ carrier: 'carrier_a', auth: { client_id: 'test-id', client_secret: 'test-secret' } }),
    });
    expect(told.status).toBe(201);
    // One after another and several at once: each answer is its own journal record or shares one.
    trackingNumbers.push(await book(first.url));
    trackingNumbers.push(...(await Promise.all([book(first.url), book(first.url)])));
    trackingNumbers.push(await book(first.url));
  } finally {
    await kill9(first.child);
  }
  const second = await startEmulatorProcess(dataDir);
  try {
    expect((await listed(second.url)).sort()).toEqual([...trackingNumbers].sort());
    // The credentials told before the kill are known too: it books again.
    await book(second.url);
  } finally {
    await second.stop();
  }
}, 120_000);

it.each(['SIGTERM', 'SIGKILL'] as const)(
  'tracks and cancels a label booked right before `waybill serve` ends (%s) and starts again on the same data directory',
  async (signal) => {
    const env = { WAYBILL_DATA_DIR: tempDir('restart') };
    const key = (await runCli(['keys', 'create', '--tenant', 'acme'], env)).stdout.trim().split('\n').at(-1)!;
    const headers = { zkkey: key, 'content-type': 'application/json' };
    const call = async (url: string, path: string, body: unknown) => {
      const res = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = (await res.json()) as any;
      expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
      return json;
    };
    const address = {
      name: 'Ann',
      phone: '9015550100',
      street1: '1 Main St',
      city: 'Memphis',
      state: 'TN',
      postal_code: '38117',
      country: 'US',
    };
    const first = await startServe(env);
    let account: string;
    let trackingNumber: string;
    try {
      account = (
        await call(first.url, '/shippingaccount', {
          shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
        })
      ).shipping_account.id;
      const shipment = {
        shipping_account: account,
        sender: address,
        recipient: { ...address, city: 'New York', state: 'NY', postal_code: '10001' },
        packages: [{ weight: 2 }],
        packaging: 'your_packaging',
        weight_units: 'LB',
        service: 'carrier_a_ground',
      };
      trackingNumber = (await call(first.url, '/ship', { shipment })).shipment.tracking_number;
    } finally {
      await (signal === 'SIGKILL' ? kill9(first.child) : first.stop());
    }
    const second = await startServe(env);
    try {
      const tracked = await call(second.url, '/track', {
        track: { shipping_account: account, tracking_number: trackingNumber, refresh: true },
      });
      expect(JSON.stringify(tracked)).toContain(trackingNumber);
      await call(second.url, '/cancel', { cancel: { shipping_account: account, tracking_number: trackingNumber } });
    } finally {
      await second.stop();
    }
  },
  120_000,
);
