/**
 * The production start: `npm start` runs the compiled service with plain node, and a SIGTERM sent to
 * the npm process (what a process manager does) reaches the service, which drains and frees its port.
 * What the compiled bundle loads on first use (the carrier HTTP client, the OpenTelemetry SDK), the
 * label work threads and the PDF print file are used once, since only the bundle can break them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { expect, it } from 'vitest';
import { THREAD_BYTES } from '../src/foundations/body-thread.js';
import { startOtlpReceiver } from './support/otlp-receiver.js';
import { freePort, projectRoot } from './support/process.js';
import { tempDirs } from './support/temp-dir.js';

const tempDir = tempDirs();

function refused(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolvePromise(false)));
    socket.once('error', (err: NodeJS.ErrnoException) => resolvePromise(err.code === 'ECONNREFUSED'));
  });
}

function withinDeadline<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer!: NodeJS.Timeout;
  const deadline = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms)),
  );
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

it('npm start serves the compiled service, carrier calls, label work threads and print files included, and SIGTERM to npm frees the port', async () => {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    WAYBILL_EMULATOR_PORT: '0',
    WAYBILL_DATA_DIR: tempDir('start'),
    WAYBILL_LOG_LEVEL: 'info',
  };
  const npm = spawn('npm', ['start', '--silent'], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolvePromise) => npm.once('exit', (code) => resolvePromise(code)));
  let out = '';
  const listening = new Promise<void>((resolvePromise, reject) => {
    npm.stdout.on('data', (d: Buffer) => {
      out += d;
      if (out.includes('Waybill listening on')) resolvePromise();
    });
    npm.stderr.on('data', (d: Buffer) => (out += d));
    void exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
  });
  try {
    await withinDeadline('listening', 60_000, listening);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    // The console, from the pages `npm run build` put in dist/web (found from wherever the bundler put the config).
    const consolePage = await fetch(`http://127.0.0.1:${port}/console/`);
    expect(consolePage.status, await consolePage.clone().text()).toBe(200);
    expect(await consolePage.text()).toContain('<div id="app"');
    // A compiled start: the service process is plain node on dist/, no TypeScript loader.
    expect(out).not.toContain('tsx');
    // What loads on first use (the HTTP client of carrier calls) loads in the compiled bundle too.
    const key = spawnSync(process.execPath, ['dist/cli.js', 'keys', 'create', '--tenant', 'acme'], {
      cwd: projectRoot,
      env,
      encoding: 'utf8',
    })
      .stdout.trim()
      .split('\n')
      .at(-1)!;
    const post = (path: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', zkkey: key },
        body: JSON.stringify(body),
      });
    const address = {
      name: 'Ann',
      phone: '9015550100',
      street1: '1 Main St',
      city: 'Memphis',
      state: 'TN',
      postal_code: '38117',
      country: 'US',
    };
    const account = await post('/shippingaccount', {
      shipping_account: { carrier: 'carrier_a', country: 'US', test: true, billing_address: address },
    });
    expect(account.status).toBe(200);
    const shipment = {
      shipping_account: ((await account.json()) as { shipping_account: { id: string } }).shipping_account.id,
      sender: address,
      recipient: { ...address, city: 'New York', state: 'NY', postal_code: '10001' },
      packages: [{ weight: 2 }],
      packaging: 'your_packaging',
      dim_units: 'IN',
      weight_units: 'LB',
    };
    const rated = await post('/rate', { shipment });
    const text = await rated.text();
    expect(rated.status, text).toBe(200);
    expect((JSON.parse(text) as { rates: unknown[] }).rates.length).toBeGreaterThan(0);
    // Label work runs on threads that load a module of their own from dist/.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const merged = await post('/merge', { file_type: 'png', files: [png, png] });
    expect(merged.status).toBe(200);
    expect(
      (await PDFDocument.load(Buffer.from(((await merged.json()) as { pdf: string }).pdf, 'base64'))).getPageCount(),
    ).toBe(2);
    // A PDF print file from the compiled service, of a batch whose body (1 MiB with its trailing white
    // space) is read on a thread that loads a module of its own from dist/ too.
    const batchBody =
      JSON.stringify({
        batch: { shipments: [shipment, shipment].map((s) => ({ ...s, service: 'carrier_a_ground' })) },
      }) + ' '.repeat(THREAD_BYTES);
    const batch = await fetch(`http://127.0.0.1:${port}/batches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', zkkey: key },
      body: batchBody,
    });
    expect(batch.status, await batch.clone().text()).toBe(202);
    const batchId = ((await batch.json()) as { batch: { id: string } }).batch.id;
    const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`, { headers: { zkkey: key } });
    for (let status = ''; status !== 'completed'; await new Promise((r) => setTimeout(r, 50))) {
      status = ((await (await get(`/batches/${batchId}`)).json()) as { batch: { status: string } }).batch.status;
      expect(status).not.toBe('completed_with_errors');
    }
    const print = await get(`/batches/${batchId}/labels?format=pdf`);
    expect(print.status).toBe(200);
    expect((await PDFDocument.load(await print.arrayBuffer())).getPageCount()).toBe(2);
    // A CSV file as large is read on a thread with a module of its own from dist/ as well.
    const csvBody = `recipient_name,recipient_street1,recipient_city,recipient_state,recipient_postal_code,recipient_country,weight\nBob,5 Fifth Ave,New York,NY,10001,US,2\n${'\n'.repeat(THREAD_BYTES)}`;
    const csv = await fetch(
      `http://127.0.0.1:${port}/batches?shipping_account=${shipment.shipping_account}&service=carrier_a_ground&packaging=your_packaging&dim_units=IN&weight_units=LB`,
      { method: 'POST', headers: { 'content-type': 'text/csv', zkkey: key }, body: csvBody },
    );
    expect(csv.status, await csv.clone().text()).toBe(202);
    expect(((await csv.json()) as { batch: { counts: unknown } }).batch.counts).toMatchObject({ total: 1, queued: 1 });

    npm.kill('SIGTERM');
    await withinDeadline('npm start exiting after SIGTERM', 5_000, exited);
    expect(await refused(port)).toBe(true);
    expect(out).toContain('shutting down');
  } finally {
    if (npm.exitCode === null) npm.kill('SIGKILL');
  }
}, 90_000);

/** The modules a chunk of dist/ imports statically (`from"./…"`), file names only. */
function staticImports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/from\s*"\.\/(?:chunks\/)?([^"]+)"/g)].map((m) => m[1]!);
}

/**
 * `node dist/cli.js serve` (what `npm start` execs) with `env`, one /rate, then SIGTERM; what it
 * printed and the modules it loaded.
 */
async function serveOneRate(env: Record<string, string>): Promise<{ out: string; loaded: string[] }> {
  const imports = join(tempDir('imports'), 'imports.txt');
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('OTEL_')));
  const all = {
    ...clean,
    PORT: '0',
    WAYBILL_EMULATOR_PORT: '0',
    WAYBILL_DATA_DIR: tempDir('trace'),
    WAYBILL_LOG_LEVEL: 'info',
    WAYBILL_RECORD_IMPORTS: imports,
    ...env,
  };
  const child = spawn(
    process.execPath,
    ['--import', join(projectRoot, 'test/support/record-imports.mjs'), 'dist/cli.js', 'serve'],
    { cwd: projectRoot, env: all, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolvePromise) => child.once('exit', (code) => resolvePromise(code)));
  let out = '';
  try {
    const url = await withinDeadline(
      'listening',
      60_000,
      new Promise<string>((resolvePromise, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d;
          const m = /Waybill listening on (http:\/\/[^"\s]+)/.exec(out);
          if (m) resolvePromise(m[1]!);
        });
        child.stderr.on('data', (d: Buffer) => (out += d));
        void exited.then((code) => reject(new Error(`serve exited with ${code}:\n${out}`)));
      }),
    );
    const key = spawnSync(process.execPath, ['dist/cli.js', 'keys', 'create', '--tenant', 'acme'], {
      cwd: projectRoot,
      env: all,
      encoding: 'utf8',
    })
      .stdout.trim()
      .split('\n')
      .at(-1)!;
    const post = (path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', zkkey: key },
        body: JSON.stringify(body),
      });
    const account = (
      (await (
        await post('/shippingaccount', { shipping_account: { carrier: 'carrier_a', country: 'US', test: true } })
      ).json()) as { shipping_account: { id: string } }
    ).shipping_account.id;
    const address = {
      name: 'Ann',
      phone: '9015550100',
      street1: '1 Main St',
      city: 'Memphis',
      state: 'TN',
      postal_code: '38117',
      country: 'US',
    };
    const rated = await post('/rate', {
      shipment: {
        shipping_account: account,
        sender: address,
        recipient: { ...address, city: 'New York', state: 'NY', postal_code: '10001' },
        packages: [{ weight: 2 }],
        packaging: 'your_packaging',
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expect(rated.status, await rated.text()).toBe(200);
    child.kill('SIGTERM');
    expect(await withinDeadline('exit after SIGTERM', 15_000, exited)).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  const loaded = existsSync(imports) ? readFileSync(imports, 'utf8').split('\n').filter(Boolean) : [];
  return { out, loaded };
}

it('the compiled service loads the OpenTelemetry SDK only with an OTLP endpoint, and exports its spans when SIGTERM drains it', async () => {
  // The SDK is in a chunk of its own that only a dynamic import reaches: nothing loaded at start holds it.
  const chunks = readdirSync(join(projectRoot, 'dist/chunks'));
  const sdkChunk = chunks.find((f) => /^tracing-otel-.*\.js$/.test(f))!;
  expect(readFileSync(join(projectRoot, 'dist/chunks', sdkChunk), 'utf8')).toContain('OTLPTraceExporter');
  const atStart = new Set<string>();
  const visit = (file: string) => {
    if (atStart.has(file)) return;
    atStart.add(file);
    for (const next of staticImports(join(projectRoot, file === 'cli.js' ? 'dist' : 'dist/chunks', file))) visit(next);
  };
  visit('cli.js');
  expect(
    [...atStart].filter((f) =>
      /OTLPTraceExporter|BatchSpanProcessor/.test(
        readFileSync(join(projectRoot, f === 'cli.js' ? 'dist' : 'dist/chunks', f), 'utf8'),
      ),
    ),
  ).toEqual([]);

  const off = await serveOneRate({});
  expect(off.loaded.some((u) => u.endsWith('dist/cli.js'))).toBe(true);
  expect(off.loaded.filter((u) => u.includes(sdkChunk))).toEqual([]);
  expect(off.out).not.toContain('OpenTelemetry');

  const collector = await startOtlpReceiver();
  try {
    // A batch delay of ten minutes: the spans can only go out with the drain.
    const on = await serveOneRate({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '600000' });
    expect(on.loaded.filter((u) => u.includes(sdkChunk))).toHaveLength(1);
    expect(on.out).toContain('OpenTelemetry tracing on');
    const server = collector.spans.find((s) => s.name === 'POST /rate')!;
    expect(server.resource['service.name']).toBe('waybill');
    expect(collector.spans.filter((s) => s.parentSpanId === server.spanId).map((s) => s.name)).toContain(
      'POST carrier_a rate',
    );
  } finally {
    await collector.close();
  }
}, 150_000);
