/**
 * Load benchmarks (bench/README.md says how to read them). Usage: npm run bench [-- startup|rate|track|batch|all]
 *   startup: spawn → /healthz and idle RSS vs a bare Fastify started the same way
 *   (a) rate:  POST /rate through Waybill vs the emulator's rate endpoint called directly, and a bare proxy (the floor), 50 connections
 *   (b) track: cached POST /track vs a bare Fastify JSON echo, 50 and 200 connections, with RSS
 *   (c) batch: POST /track with 1,000 numbers while the carrier answers each call in 200 ms
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildRateRequest } from '../src/carriers/carrier_a/rate.js';
import type { ShipmentRequest } from '../src/domain/types.js';
import { benchStartup } from './startup.js';
import { buildService, cpuSeconds, fmt, json, load, root, rssMb, runCli, startService, type LoadResult, type Service } from './lib.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const which = process.argv[2] ?? 'all';
/** Connection counts of the unsaturated /rate runs. */
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
/** Alternating rounds of (a) and (b), each SECONDS / ROUNDS long. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const sender = { name: 'Ann', street1: '1 Main St', city: 'Memphis', state: 'TN', postal_code: '38117', country: 'US', phone: '9015550100' };
const recipient = { name: 'Bob', street1: '5 Fifth Ave', city: 'New York', state: 'NY', postal_code: '10001', country: 'US', phone: '2125550100' };
const pkg = { weight: 2, length: 10, width: 8, height: 4 };

async function setup(service: Service): Promise<{ key: string; account: string; auth: Record<string, string> }> {
  const key = (await runCli(['keys', 'create', '--tenant', 'bench'], service.env)).trim().split('\n').at(-1)!;
  // Credentials the emulator knows (lib.ts BENCH_CLIENTS), registered as a tenant would.
  const auth = { account_number: '740561073', client_id: 'bench-client', client_secret: 'bench-client-secret' };
  const created = await json('POST', `${service.url}/shippingaccount`, { shipping_account: { carrier: 'carrier_a', country: 'US', test: true, auth } }, { zkkey: key });
  return { key, account: created.shipping_account.id, auth: created.shipping_account.auth };
}

async function benchRate(): Promise<void> {
  const service = await startService();
  try {
    const { key, account } = await setup(service);
    const base = `${service.emulatorUrl}/carrier_a`;
    const token = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'bench', client_secret: 'bench' }).toString(),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const req: ShipmentRequest = { shipping_account: account, carrier: 'carrier_a', sender, recipient, packages: [pkg], packaging: 'your_packaging', dim_units: 'IN', weight_units: 'LB', currency: 'USD' };
    const direct = { url: `${base}/rate/v1/rates/quotes`, headers: { authorization: `Bearer ${token.access_token}` }, body: JSON.stringify(buildRateRequest(req, '740561073', new Date())), connections: 50 };
    const viaWaybill = { url: `${service.url}/rate`, headers: { zkkey: key }, body: JSON.stringify({ shipment: { shipping_account: account, sender, recipient, packages: [pkg], packaging: 'your_packaging', dim_units: 'IN', weight_units: 'LB' } }), connections: 50 };
    const proxy = await startBaseline('bench/proxy-floor.mjs', { PROXY_TARGET: direct.url, PROXY_TOKEN: token.access_token });
    const viaProxy = { ...direct, url: `${proxy.url}/rate`, headers: {} };
    try {
      // Warm every path (JIT, connection pools, token cache) before measuring.
      for (const path of [direct, viaWaybill, viaProxy]) await load({ ...path, seconds: 2 });
      console.log(`(a) /rate, 50 connections, ${SECONDS} s each in ${ROUNDS} alternating rounds`);
      // Closed loop: every connection sends again at once, so this finds the throughput ceiling; on a
      // small machine the latency it shows is mostly queueing for CPU shared by all three processes.
      // Rounds alternate, so that a busy or slow moment of the machine falls on all three alike.
      const runs = { direct: [] as LoadResult[], waybill: [] as LoadResult[], proxy: [] as LoadResult[] };
      for (let round = 0; round < ROUNDS; round++) {
        runs.direct.push(await load({ ...direct, seconds: SECONDS / ROUNDS }));
        runs.waybill.push(await load({ ...viaWaybill, seconds: SECONDS / ROUNDS }));
        runs.proxy.push(await load({ ...viaProxy, seconds: SECONDS / ROUNDS }));
      }
      const rps = (rs: LoadResult[]) => rs.reduce((n, r) => n + r.requests, 0) / SECONDS;
      const [d, w, p] = [rps(runs.direct), rps(runs.waybill), rps(runs.proxy)];
      const rounds = runs.waybill.map((r, i) => fmt((100 * r.rps) / runs.direct[i]!.rps, 1)).join(', ');
      const worst = (rs: LoadResult[]) => ({ errors: rs.reduce((n, r) => n + r.errors, 0), non2xx: rs.reduce((n, r) => n + r.non2xx, 0), p50: median(rs.map((r) => r.p50)), p99: median(rs.map((r) => r.p99)) });
      const [dw, ww, pw] = [worst(runs.direct), worst(runs.waybill), worst(runs.proxy)];
      console.log(`    saturated, emulator direct: ${fmt(d, 0)} req/s, p50 ${fmt(dw.p50)} ms, p99 ${fmt(dw.p99)} ms, errors ${dw.errors}, non-2xx ${dw.non2xx}`);
      console.log(`    saturated, through Waybill: ${fmt(w, 0)} req/s, p50 ${fmt(ww.p50)} ms, p99 ${fmt(ww.p99)} ms, errors ${ww.errors}, non-2xx ${ww.non2xx} → ${fmt((100 * w) / d, 1)} % of direct (target ≥ 80 %; rounds ${rounds} %)`);
      console.log(`    saturated, through a bare proxy (the floor, bench/proxy-floor.mjs): ${fmt(p, 0)} req/s, errors ${pw.errors}, non-2xx ${pw.non2xx} → ${fmt((100 * p) / d, 1)} % of direct; Waybill ${fmt((100 * w) / p, 1)} % of it`);
    } finally {
      proxy.stop();
    }
    // Below saturation (a few connections), latency is what each request itself costs.
    for (const connections of CONCURRENCY) {
      const dr = await load({ ...direct, connections, seconds: SECONDS });
      const wr = await load({ ...viaWaybill, connections, seconds: SECONDS });
      console.log(`    ${connections} connection(s): direct p50 ${fmt(dr.p50)} / p99 ${fmt(dr.p99)} ms; Waybill p50 ${fmt(wr.p50)} / p99 ${fmt(wr.p99)} ms; added p50 ${fmt(wr.p50 - dr.p50)} ms, p99 ${fmt(wr.p99 - dr.p99)} ms`);
    }
  } finally {
    await service.stop();
  }
}

/** A baseline server of bench/ (the echo, the bare proxy), started as the service is: its own process. */
async function startBaseline(script: string, env: Record<string, string> = {}): Promise<{ url: string; pid: number; stop(): void }> {
  const child = spawn(process.execPath, [join(root, script)], { cwd: root, env: { ...process.env, ...env, PORT: '0' } });
  return new Promise((resolvePromise, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[\d.:]+)/.exec(out);
      if (m) resolvePromise({ url: m[1]!, pid: child.pid!, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

async function benchTrack(): Promise<void> {
  const service = await startService();
  const echo = await startBaseline('bench/echo-server.mjs');
  try {
    const { key, account } = await setup(service);
    const booked = await json('POST', `${service.url}/ship`, { shipment: { shipping_account: account, sender, recipient, packages: [pkg], packaging: 'your_packaging', dim_units: 'IN', weight_units: 'LB', service: 'carrier_a_ground' } }, { zkkey: key });
    const body = JSON.stringify({ track: { shipping_account: account, tracking_number: booked.shipment.tracking_number } });
    await json('POST', `${service.url}/track`, JSON.parse(body), { zkkey: key });
    console.log(`(b) cached /track vs bare Fastify JSON echo, ${SECONDS} s each in ${ROUNDS} alternating rounds`);
    for (const connections of [50, 200]) {
      await load({ url: `${service.url}/track`, headers: { zkkey: key }, body, connections, seconds: 2 });
      await load({ url: `${echo.url}/echo`, body, connections, seconds: 2 });
      let peak = 0;
      const t = { requests: 0, seconds: 0, cpu: 0, p50: [] as number[], p99: [] as number[], non2xx: 0 };
      const e = { requests: 0, seconds: 0, cpu: 0 };
      const ratios: number[] = [];
      // Alternating short rounds, so that a busy moment of the machine falls on both alike.
      for (let round = 0; round < ROUNDS; round++) {
        const c0 = cpuSeconds(service.pid);
        const w = await load({ url: `${service.url}/track`, headers: { zkkey: key }, body, connections, seconds: SECONDS / ROUNDS, onSample: () => (peak = Math.max(peak, rssMb(service.pid))) });
        t.cpu += cpuSeconds(service.pid) - c0;
        const e0 = cpuSeconds(echo.pid);
        const b = await load({ url: `${echo.url}/echo`, body, connections, seconds: SECONDS / ROUNDS });
        e.cpu += cpuSeconds(echo.pid) - e0;
        Object.assign(t, { requests: t.requests + w.requests, seconds: t.seconds + SECONDS / ROUNDS, non2xx: t.non2xx + w.non2xx });
        t.p50.push(w.p50);
        t.p99.push(w.p99);
        Object.assign(e, { requests: e.requests + b.requests, seconds: e.seconds + SECONDS / ROUNDS });
        ratios.push(w.rps / b.rps);
      }
      const [tps, eps] = [t.requests / t.seconds, e.requests / e.seconds];
      const [tcpu, ecpu] = [(1e6 * t.cpu) / t.requests, (1e6 * e.cpu) / e.requests];
      console.log(`    ${connections} connections: Waybill ${fmt(tps, 0)} req/s (p50 ${fmt(median(t.p50))} ms, p99 ${fmt(median(t.p99))} ms, non-2xx ${t.non2xx}), echo ${fmt(eps, 0)} req/s → ${fmt((100 * tps) / eps, 1)} % (target ≥ 50 %; rounds ${ratios.map((r) => fmt(100 * r, 1)).join(', ')} %); service RSS peak ${fmt(peak, 0)} MB`);
      console.log(`        CPU per request: Waybill ${fmt(tcpu, 0)} µs, echo ${fmt(ecpu, 0)} µs → ${fmt((100 * ecpu) / tcpu, 1)} %`);
    }
  } finally {
    echo.stop();
    await service.stop();
  }
}

async function benchBatch(): Promise<void> {
  const service = await startService();
  try {
    const { key, account } = await setup(service);
    const numbers: string[] = [];
    const shipBody = { shipment: { shipping_account: account, sender, recipient, packages: [pkg], packaging: 'your_packaging', dim_units: 'IN', weight_units: 'LB', service: 'carrier_a_ground', label_type: 'ZPLII__STOCK_4X6' } };
    for (let i = 0; i < 1000; i += 25) {
      const batch = await Promise.all(Array.from({ length: 25 }, () => json('POST', `${service.url}/ship`, shipBody, { zkkey: key })));
      numbers.push(...batch.map((b) => b.shipment.tracking_number as string));
    }
    await json('POST', `${service.emulatorUrl}/_emulator/faults`, { carrier: 'carrier_a', operation: 'track', fault: 'latency:200', count: 100000 });
    const body = numbers.map((n) => ({ track: { shipping_account: account, tracking_number: n, refresh: true } }));
    const times: number[] = [];
    let failed = 0;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const out = (await json('POST', `${service.url}/track`, body, { zkkey: key })) as { error?: unknown }[];
      times.push(performance.now() - started);
      failed += out.filter((r) => r.error).length;
    }
    times.sort((a, b) => a - b);
    console.log(`(c) batch /track of ${numbers.length} distinct numbers, carrier answering every call in 200 ms`);
    // The floor: carrier_a takes 30 numbers a call, 16 calls in flight: ceil(1000 / 30 / 16) waves of 200 ms.
    const floor = Math.ceil(Math.ceil(numbers.length / 30) / 16) * 200;
    console.log(`    wall time over 3 runs: min ${fmt(times[0]!, 0)} ms, median ${fmt(times[1]!, 0)} ms, max ${fmt(times[2]!, 0)} ms; floor ${floor} ms → ${fmt(times[1]! / floor, 2)}× (target ≤ 1.1×); failed elements ${failed}`);
  } finally {
    await service.stop();
  }
}

buildService();
if (which === 'startup' || which === 'all') await benchStartup();
if (which === 'rate' || which === 'all') await benchRate();
if (which === 'track' || which === 'all') await benchTrack();
if (which === 'batch' || which === 'all') await benchBatch();
