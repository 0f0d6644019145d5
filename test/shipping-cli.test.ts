/** The shipping commands of `waybill` end to end: the real CLI against a started service and its emulator. */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliArgs, projectRoot, runCli, startServe, type ServerProcess } from './support/process.js';
import { tempDirs } from './support/temp-dir.js';

const tempDir = tempDirs();

let server: ServerProcess;
let env: Record<string, string>;
let emulatorUrl: string;
let dir: string;
let shipmentFile: string;

const sender = {
  name: 'Ann Sender',
  street1: '1 Main St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38117',
  country: 'US',
  phone: '9015550100',
};
const shipment = {
  sender,
  recipient: {
    name: 'Bob Recipient',
    street1: '5 Fifth Ave',
    city: 'New York',
    state: 'NY',
    postal_code: '10001',
    country: 'US',
    phone: '2125550100',
  },
  packages: [{ weight: 2, length: 10, width: 8, height: 4 }],
  packaging: 'your_packaging',
  dim_units: 'IN',
  weight_units: 'LB',
};

const cli = (args: string[], extra: Record<string, string> = {}) => runCli(args, { ...env, ...extra });

async function fault(body: Record<string, unknown> | undefined): Promise<void> {
  const res = await fetch(
    `${emulatorUrl}/_emulator/faults`,
    body
      ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : { method: 'DELETE' },
  );
  expect(res.ok).toBe(true);
}

beforeAll(async () => {
  dir = tempDir('shipping-cli');
  // One item at a time, so that a batch's progress is seen item by item.
  const serverEnv = {
    WAYBILL_DATA_DIR: dir,
    WAYBILL_BATCH_CONCURRENCY: '1',
    WAYBILL_WEBHOOK_ALLOW_PRIVATE: 'true',
    WAYBILL_LOG_LEVEL: 'info',
  };
  server = await startServe(serverEnv);
  emulatorUrl = /carrier emulator listening on (http:\/\/[^;"\s]+)/.exec(server.output())![1]!;
  const key = (await runCli(['keys', 'create', '--tenant', 'acme'], { WAYBILL_DATA_DIR: dir })).stdout
    .trim()
    .split('\n')
    .at(-1)!;
  const res = await fetch(`${server.url}/shippingaccount`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      shipping_account: { carrier: 'carrier_a', country: 'US', test: true, billing_address: sender },
    }),
  });
  const account = ((await res.json()) as { shipping_account: { id: string } }).shipping_account.id;
  env = { WAYBILL_URL: server.url, WAYBILL_KEY: key, WAYBILL_SHIPPING_ACCOUNT: account };
  shipmentFile = join(dir, 'shipment.json');
  writeFileSync(shipmentFile, JSON.stringify({ shipment }));
}, 90_000);
afterAll(() => server?.stop());

describe('waybill shipping commands', () => {
  it('rate, ship, track, labels and cancel a shipment, as tables and as JSON', async () => {
    const rated = await cli(['rate', shipmentFile]);
    expect(rated.code).toBe(0);
    expect(rated.stdout).toMatch(/^SERVICE\s+NAME\s+TOTAL/);
    expect(rated.stdout).toMatch(/carrier_a_ground\s+.*\d+\.\d{2}\s+USD/);

    const shipped = await cli(['ship', shipmentFile, '--service', 'carrier_a_ground', '--json']);
    expect(shipped.code).toBe(0);
    const booked = JSON.parse(shipped.stdout).shipment;
    expect(booked.tracking_number).toMatch(/^\d+$/);

    const tracked = await cli(['track', booked.tracking_number, '--account', env.WAYBILL_SHIPPING_ACCOUNT!, '--json']);
    expect(tracked.code).toBe(0);
    expect(JSON.parse(tracked.stdout)).toMatchObject({
      carrier: 'carrier_a',
      tracking_number: booked.tracking_number,
      tracking_stage: 'CREATED',
      delivered: false,
    });
    const table = await cli(['track', booked.tracking_number]);
    expect(table.stdout).toContain(`${booked.tracking_number}  CREATED`);
    expect(table.stdout).toMatch(/TIME\s+STAGE\s+PLACE\s+DESCRIPTION/);

    const out = join(dir, 'labels');
    const labels = await cli(['labels', booked.id, '--out', out, '--json']);
    expect(labels.code).toBe(0);
    const [file] = JSON.parse(labels.stdout) as { file: string }[];
    expect(readFileSync(file!.file).subarray(0, 5).toString()).toBe('%PDF-');

    expect((await cli(['cancel', booked.tracking_number])).stdout).toContain(`cancelled ${booked.tracking_number}`);
    const again = await cli(['cancel', booked.tracking_number]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('conflict');
  }, 120_000);

  it('lists accounts and manages webhooks', async () => {
    expect((await cli(['accounts'])).stdout).toContain(env.WAYBILL_SHIPPING_ACCOUNT);
    const created = JSON.parse(
      (
        await cli([
          'webhooks',
          'create',
          'http://127.0.0.1:9/hook',
          '--events',
          'shipment.created,batch.completed',
          '--json',
        ])
      ).stdout,
    ).webhook;
    expect(created.secret).toBeTruthy();
    expect((await cli(['webhooks'])).stdout).toMatch(
      new RegExp(`${created.id}\\s+http://127.0.0.1:9/hook\\s+shipment.created,batch.completed\\s+true`),
    );
    expect((await cli(['webhooks', 'delete', created.id])).code).toBe(0);
    expect((await cli(['webhooks', 'list', '--json'])).stdout).not.toContain(created.id);
  }, 60_000);

  it('uploads, shows and removes an account’s price list', async () => {
    const file = join(dir, 'prices.csv');
    writeFileSync(
      file,
      'service_code,country_codes,min_weight,max_weight,rate,currency,transit_days\ncarrier_a_ground,US,0,5,6.10,USD,2-4\n',
    );
    expect((await cli(['accounts', 'price-list', 'upload', file])).stdout).toMatch(/: 1 row, uploaded /);
    expect((await cli(['accounts', 'price-list'])).stdout).toMatch(/carrier_a_ground\s+US\s+0-5\s+6\.10 USD\s+2-4/);
    const bad = await cli([
      'accounts',
      'price-list',
      'upload',
      file.replace('prices', 'shipment').replace('.csv', '.json'),
    ]);
    expect(bad.code).toBe(2);
    expect((await cli(['accounts', 'price-list', 'remove'])).code).toBe(0);
    expect((await cli(['accounts', 'price-list'])).code).toBe(2);
  }, 60_000);

  it('exits 2 for bad input, 3 for a carrier error, 4 for an unreachable service, 5 for a wrong key', async () => {
    expect((await cli(['help', 'shipping'])).stdout).toContain('batch upload <csv>');
    expect((await cli(['track'])).code).toBe(2);
    expect((await cli(['ship', join(dir, 'missing.json')])).code).toBe(2);
    expect((await cli(['rate', shipmentFile, '--frobnicate'])).code).toBe(2);
    const invalid = join(dir, 'invalid.json');
    writeFileSync(invalid, JSON.stringify({ shipment: { ...shipment, packages: [] } }));
    expect((await cli(['rate', invalid])).code).toBe(2);

    await fault({ carrier: 'carrier_a', operation: 'ship', fault: 'http_500', count: 0 });
    try {
      const failed = await cli(['ship', shipmentFile, '--service', 'carrier_a_ground']);
      expect(failed.code).toBe(3);
      expect(failed.stderr).toContain('carrier_http_exception');
    } finally {
      await fault(undefined);
    }

    expect((await cli(['accounts'], { WAYBILL_URL: 'http://127.0.0.1:9', WAYBILL_RETRIES: '0' })).code).toBe(4);
    expect((await cli(['accounts'], { WAYBILL_KEY: 'wb_not_a_key_at_all_0000' })).code).toBe(5);
  }, 120_000);

  it('reads the service and key from a profile file', async () => {
    const file = join(dir, 'profiles.json');
    writeFileSync(
      file,
      JSON.stringify({
        staging: { url: env.WAYBILL_URL, key: env.WAYBILL_KEY, account: env.WAYBILL_SHIPPING_ACCOUNT },
      }),
    );
    chmodSync(file, 0o600);
    const viaProfile = await runCli(['accounts', '--profile', 'staging', '--json'], {
      WAYBILL_URL: '',
      WAYBILL_KEY: '',
      WAYBILL_SHIPPING_ACCOUNT: '',
      WAYBILL_PROFILE_FILE: file,
    });
    expect(viaProfile.code).toBe(0);
    expect(JSON.parse(viaProfile.stdout).shipping_accounts.map((a: { id: string }) => a.id)).toContain(
      env.WAYBILL_SHIPPING_ACCOUNT,
    );
    expect(viaProfile.stderr).toBe('');
    // No key at all: exit 5, as for a key the service refuses (README "Client and CLI").
    const none = await runCli(['accounts'], {
      WAYBILL_URL: '',
      WAYBILL_KEY: '',
      WAYBILL_PROFILE_FILE: join(dir, 'none.json'),
    });
    expect(none.code).toBe(5);
    expect(none.stderr).toContain('WAYBILL_KEY');
  }, 60_000);

  it('uploads a CSV batch and watches it with a progress bar redrawn in place on a terminal', async () => {
    const csv = join(dir, 'orders.csv');
    writeFileSync(
      csv,
      [
        'reference,recipient_name,recipient_street1,recipient_city,recipient_state,recipient_postal_code,recipient_country,recipient_phone,weight',
        '1001,Jane Smith,5 Fifth Ave,New York,NY,10001,US,2125550100,2',
        '1002,Bob Jones,1 Market St,San Francisco,CA,94105,US,4155550100,1.5',
        '1003,Carla Diaz,500 Market St,San Francisco,CA,94105,US,4155550101,1',
        '1004,Bad Row,1 Market St,San Francisco,CA,94105,US,4155550100,heavy',
      ].join('\n'),
    );
    // Each booking takes 700 ms at the carrier and the service books one at a time: the bar moves.
    await fault({ carrier: 'carrier_a', operation: 'ship', fault: 'latency:700', count: 0 });
    try {
      const command = [
        process.execPath,
        ...cliArgs,
        'batch',
        'upload',
        csv,
        '--service',
        'carrier_a_ground',
        '--packaging',
        'your_packaging',
        '--dim-units',
        'IN',
        '--weight-units',
        'LB',
        '--watch',
        '--interval',
        '100',
      ];
      const { code, output } = await inTerminal(command.map((a) => `'${a}'`).join(' '), env);
      expect(code).toBe(3);
      const frames = output
        .split('\r')
        .filter((f) => f.startsWith('['))
        .map((f) => f.replace(/\x1b\[K[\s\S]*$/, ''));
      expect(new Set(frames).size).toBeGreaterThanOrEqual(2);
      for (const f of frames) expect(f).toMatch(/^\[[#-]{30}\] [0-4]\/4 {2}booked \d {2}failed \d {2}queued \d$/);
      expect(frames.at(-1)).toBe('[' + '#'.repeat(30) + '] 4/4  booked 3  failed 1  queued 0');
      expect(output).toMatch(/completed_with_errors: 3 booked, 1 failed, 0 cancelled/);
    } finally {
      await fault(undefined);
    }
  }, 120_000);
});

/** Runs a command in a pseudo-terminal (util-linux `script`), as a person at a terminal would. */
function inTerminal(command: string, extra: Record<string, string>): Promise<{ code: number | null; output: string }> {
  if (!existsSync('/usr/bin/script')) throw new Error('util-linux script is needed for the pseudo-terminal test');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qefc', command, '/dev/null'], {
      cwd: projectRoot,
      env: { ...process.env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}
