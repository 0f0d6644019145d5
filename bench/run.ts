/**
 * Load benchmarks (bench/README.md says how to read them). Usage: npm run bench [-- startup|rate|track|batch|stall|instances|all, or several: startup,track]
 *   startup: spawn → /healthz and idle RSS vs a bare Fastify started the same way
 *   (a) rate:  POST /rate through Waybill vs the emulator's rate endpoint called directly, and a bare proxy (the floor), 50 connections
 *   (b) track: cached POST /track vs a bare Fastify JSON echo, 50 and 200 connections, with RSS
 *   (c) batch: POST /track with 1,000 numbers while the carrier answers each call in 200 ms
 *   stall: the longest /healthz wait during a carrier_b /ship of 200 PDF labels (bench/stall-labels.ts)
 *   instances: a batch of 1,000 bookings on PostgreSQL (BENCH_POSTGRES), one instance and two (bench/batches.ts)
 * BENCH_BASELINE=<commit>: every part runs on that commit's build and on this tree's, alternately
 * (BENCH_PAIRS times, 1 by default), and a table of both against the goals ends the run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { buildRateRequest } from '../src/carriers/carrier_a/rate.js';
import { buildTrackRequest } from '../src/carriers/carrier_a/track.js';
import type { ShipmentRequest } from '../src/domain/types.js';
import { benchStartup } from './startup.js';
import { instances } from './batches.js';
import {
  buildBaseline,
  buildService,
  cli,
  cpuSeconds,
  fmt,
  json,
  load,
  root,
  rssMb,
  runCli,
  startService,
  useBuild,
  type LoadResult,
  type Service,
  recipient,
  sender,
} from './lib.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const which = process.argv[2] ?? 'all';
/** Connection counts of the unsaturated /rate runs. */
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
/** Alternating rounds of (a) and (b), each SECONDS / ROUNDS long. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const pkg = { weight: 2, length: 10, width: 8, height: 4 };

async function setup(service: Service): Promise<{ key: string; account: string; auth: Record<string, string> }> {
  const key = (await runCli(['keys', 'create', '--tenant', 'bench'], service.env)).trim().split('\n').at(-1)!;
  // Credentials the emulator knows (lib.ts BENCH_CLIENTS), registered as a tenant would.
  const auth = { account_number: '740561073', client_id: 'bench-client', client_secret: 'bench-client-secret' };
  const created = await json(
    'POST',
    `${service.url}/shippingaccount`,
    { shipping_account: { carrier: 'carrier_a', country: 'US', test: true, auth } },
    { zkkey: key },
  );
  return { key, account: created.shipping_account.id, auth: created.shipping_account.auth };
}

async function benchRate(): Promise<Figures> {
  const service = await startService();
  const figures: Figures = {};
  try {
    const { key, account } = await setup(service);
    const base = `${service.emulatorUrl}/carrier_a`;
    const token = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'bench',
        client_secret: 'bench',
      }).toString(),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const req: ShipmentRequest = {
      shipping_account: account,
      carrier: 'carrier_a',
      sender,
      recipient,
      packages: [pkg],
      packaging: 'your_packaging',
      dim_units: 'IN',
      weight_units: 'LB',
      currency: 'USD',
    };
    const direct = {
      url: `${base}/rate/v1/rates/quotes`,
      headers: { authorization: `Bearer ${token.access_token}` },
      body: JSON.stringify(buildRateRequest(req, '740561073', new Date())),
      connections: 50,
    };
    const viaWaybill = {
      url: `${service.url}/rate`,
      headers: { zkkey: key },
      body: JSON.stringify({
        shipment: {
          shipping_account: account,
          sender,
          recipient,
          packages: [pkg],
          packaging: 'your_packaging',
          dim_units: 'IN',
          weight_units: 'LB',
        },
      }),
      connections: 50,
    };
    const proxy = await startBaseline('bench/proxy-floor.mjs', {
      PROXY_TARGET: direct.url,
      PROXY_TOKEN: token.access_token,
    });
    const viaProxy = { ...direct, url: `${proxy.url}/rate`, headers: {} };
    try {
      // Warm every path (JIT, connection pools, token cache) before measuring.
      for (const path of [direct, viaWaybill, viaProxy]) await load({ ...path, seconds: 2 });
      console.log(`(a) /rate, 50 connections, ${SECONDS} s each in ${ROUNDS} alternating rounds`);
      // Closed loop: every connection sends again at once, so this finds the throughput ceiling; on a
      // small machine the latency it shows is mostly queueing for CPU shared by all three processes.
      // Rounds alternate, so that a busy or slow moment of the machine falls on all three alike.
      const runs = { direct: [] as LoadResult[], waybill: [] as LoadResult[], proxy: [] as LoadResult[] };
      // CPU seconds (from /proc) of the process in the middle, and of the emulator, over each path's rounds.
      const cpu = { waybill: 0, proxy: 0, emulatorDirect: 0, emulatorWaybill: 0, emulatorProxy: 0 };
      const timed = async (path: Omit<Parameters<typeof load>[0], 'seconds'>, pid: number | undefined) => {
        const [c0, e0] = [pid === undefined ? 0 : cpuSeconds(pid), cpuSeconds(service.emulatorPid)];
        const result = await load({ ...path, seconds: SECONDS / ROUNDS });
        return {
          result,
          cpu: pid === undefined ? 0 : cpuSeconds(pid) - c0,
          emulator: cpuSeconds(service.emulatorPid) - e0,
        };
      };
      for (let round = 0; round < ROUNDS; round++) {
        const dr = await timed(direct, undefined);
        runs.direct.push(dr.result);
        cpu.emulatorDirect += dr.emulator;
        const wr = await timed(viaWaybill, service.pid);
        runs.waybill.push(wr.result);
        Object.assign(cpu, { waybill: cpu.waybill + wr.cpu, emulatorWaybill: cpu.emulatorWaybill + wr.emulator });
        const pr = await timed(viaProxy, proxy.pid);
        runs.proxy.push(pr.result);
        Object.assign(cpu, { proxy: cpu.proxy + pr.cpu, emulatorProxy: cpu.emulatorProxy + pr.emulator });
      }
      const rps = (rs: LoadResult[]) => rs.reduce((n, r) => n + r.requests, 0) / SECONDS;
      const [d, w, p] = [rps(runs.direct), rps(runs.waybill), rps(runs.proxy)];
      const rounds = runs.waybill.map((r, i) => fmt((100 * r.rps) / runs.direct[i]!.rps, 1)).join(', ');
      const worst = (rs: LoadResult[]) => ({
        errors: rs.reduce((n, r) => n + r.errors, 0),
        non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
      });
      const [dw, ww, pw] = [worst(runs.direct), worst(runs.waybill), worst(runs.proxy)];
      console.log(
        `    saturated, emulator direct: ${fmt(d, 0)} req/s, p50 ${fmt(dw.p50)} ms, p99 ${fmt(dw.p99)} ms, errors ${dw.errors}, non-2xx ${dw.non2xx}`,
      );
      console.log(
        `    saturated, through Waybill: ${fmt(w, 0)} req/s, p50 ${fmt(ww.p50)} ms, p99 ${fmt(ww.p99)} ms, errors ${ww.errors}, non-2xx ${ww.non2xx} → ${fmt((100 * w) / d, 1)} % of direct (target ≥ 80 %; rounds ${rounds} %)`,
      );
      console.log(
        `    saturated, through a bare proxy (the floor, bench/proxy-floor.mjs): ${fmt(p, 0)} req/s, errors ${pw.errors}, non-2xx ${pw.non2xx} → ${fmt((100 * p) / d, 1)} % of direct; Waybill ${fmt((100 * w) / p, 1)} % of it (target ≥ 90 %)`,
      );
      const perRequest = (seconds: number, rs: LoadResult[]) =>
        fmt((1e6 * seconds) / rs.reduce((n, r) => n + r.requests, 0), 0);
      console.log(
        `        CPU per request: Waybill ${perRequest(cpu.waybill, runs.waybill)} µs, bare proxy ${perRequest(cpu.proxy, runs.proxy)} µs; the emulator ${perRequest(cpu.emulatorDirect, runs.direct)} µs called directly, ${perRequest(cpu.emulatorWaybill, runs.waybill)} through Waybill, ${perRequest(cpu.emulatorProxy, runs.proxy)} through the proxy`,
      );
      figures.rate = (100 * w) / p;
    } finally {
      proxy.stop();
    }
    // Below saturation (a few connections), latency is what each request itself costs.
    for (const connections of CONCURRENCY) {
      const dr = await load({ ...direct, connections, seconds: SECONDS });
      const wr = await load({ ...viaWaybill, connections, seconds: SECONDS });
      console.log(
        `    ${connections} connection(s): direct p50 ${fmt(dr.p50)} / p99 ${fmt(dr.p99)} ms; Waybill p50 ${fmt(wr.p50)} / p99 ${fmt(wr.p99)} ms; added p50 ${fmt(wr.p50 - dr.p50)} ms, p99 ${fmt(wr.p99 - dr.p99)} ms`,
      );
    }
  } finally {
    await service.stop();
  }
  return figures;
}

/** A baseline server of bench/ (the echo, the bare proxy), started as the service is: its own process. */
async function startBaseline(
  script: string,
  env: Record<string, string> = {},
): Promise<{ url: string; pid: number; stop(): void }> {
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env, PORT: '0' },
  });
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

async function benchTrack(): Promise<Figures> {
  const service = await startService();
  const echo = await startBaseline('bench/echo-server.mjs');
  const figures: Figures = {};
  try {
    const { key, account } = await setup(service);
    const booked = await json(
      'POST',
      `${service.url}/ship`,
      {
        shipment: {
          shipping_account: account,
          sender,
          recipient,
          packages: [pkg],
          packaging: 'your_packaging',
          dim_units: 'IN',
          weight_units: 'LB',
          service: 'carrier_a_ground',
        },
      },
      { zkkey: key },
    );
    const body = JSON.stringify({
      track: { shipping_account: account, tracking_number: booked.shipment.tracking_number },
    });
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
        const w = await load({
          url: `${service.url}/track`,
          headers: { zkkey: key },
          body,
          connections,
          seconds: SECONDS / ROUNDS,
          onSample: () => (peak = Math.max(peak, rssMb(service.pid))),
        });
        t.cpu += cpuSeconds(service.pid) - c0;
        const e0 = cpuSeconds(echo.pid);
        const b = await load({ url: `${echo.url}/echo`, body, connections, seconds: SECONDS / ROUNDS });
        e.cpu += cpuSeconds(echo.pid) - e0;
        Object.assign(t, {
          requests: t.requests + w.requests,
          seconds: t.seconds + SECONDS / ROUNDS,
          non2xx: t.non2xx + w.non2xx,
        });
        t.p50.push(w.p50);
        t.p99.push(w.p99);
        Object.assign(e, { requests: e.requests + b.requests, seconds: e.seconds + SECONDS / ROUNDS });
        ratios.push(w.rps / b.rps);
      }
      const [tps, eps] = [t.requests / t.seconds, e.requests / e.seconds];
      const [tcpu, ecpu] = [(1e6 * t.cpu) / t.requests, (1e6 * e.cpu) / e.requests];
      console.log(
        `    ${connections} connections: Waybill ${fmt(tps, 0)} req/s (p50 ${fmt(median(t.p50))} ms, p99 ${fmt(median(t.p99))} ms, non-2xx ${t.non2xx}), echo ${fmt(eps, 0)} req/s → ${fmt((100 * tps) / eps, 1)} % (target ≥ 85 % at 50; rounds ${ratios.map((r) => fmt(100 * r, 1)).join(', ')} %); service RSS peak ${fmt(peak, 0)} MB`,
      );
      console.log(
        `        CPU per request: Waybill ${fmt(tcpu, 0)} µs, echo ${fmt(ecpu, 0)} µs → ${fmt((100 * ecpu) / tcpu, 1)} %`,
      );
      if (connections === 50) figures.track = (100 * tps) / eps;
      else figures.trackRss = peak;
    }
  } finally {
    echo.stop();
    await service.stop();
  }
  return figures;
}

/**
 * The carrier's own share of (c): waves of 16 track calls of 30 numbers sent to the emulator at once,
 * with no latency fault and no Waybill in between, as the batch sends them. When the first and the
 * last answer of a wave are read is what each wave of (c) adds to its 200 ms; and the emulator's CPU a call.
 */
async function emulatorWaves(service: Service, numbers: string[]): Promise<void> {
  const base = `${service.emulatorUrl}/carrier_a`;
  const token = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'bench', client_secret: 'bench' }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const call = async (chunk: string[]) => {
    const res = await fetch(`${base}/track/v1/trackingnumbers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` },
      body: JSON.stringify(buildTrackRequest(chunk)),
    });
    return (await res.arrayBuffer()).byteLength;
  };
  const wave = async (w: number) => {
    const started = performance.now();
    const read: number[] = [];
    let bytes = 0;
    await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        const from = ((w * 16 + i) * 30) % (numbers.length - 30);
        const answer = await call(numbers.slice(from, from + 30));
        bytes += answer;
        read.push(performance.now() - started);
      }),
    );
    return { first: Math.min(...read), last: Math.max(...read), bytes: bytes / 16 };
  };
  for (let w = 0; w < 3; w++) await wave(w); // warm-up: JIT, connections
  const WAVES = 10;
  const e0 = cpuSeconds(service.emulatorPid);
  const waves = [];
  for (let w = 0; w < WAVES; w++) waves.push(await wave(w + 3));
  const perCall = (1e6 * (cpuSeconds(service.emulatorPid) - e0)) / (WAVES * 16);
  console.log(
    `(c') the emulator alone, ${WAVES} waves of 16 track calls of 30 numbers at once (${fmt(waves[0]!.bytes / 1024, 0)} KB an answer): first answer read after ${fmt(median(waves.map((w) => w.first)), 1)} ms, the 16th after ${fmt(median(waves.map((w) => w.last)), 1)} ms (medians); the emulator's CPU ${fmt(perCall / 1000, 2)} ms a call`,
  );
}

async function benchBatch(): Promise<Figures> {
  const service = await startService();
  try {
    const { key, account } = await setup(service);
    const numbers: string[] = [];
    const shipBody = {
      shipment: {
        shipping_account: account,
        sender,
        recipient,
        packages: [pkg],
        packaging: 'your_packaging',
        dim_units: 'IN',
        weight_units: 'LB',
        service: 'carrier_a_ground',
        label_type: 'ZPLII__STOCK_4X6',
      },
    };
    for (let i = 0; i < 1000; i += 25) {
      const batch = await Promise.all(
        Array.from({ length: 25 }, () => json('POST', `${service.url}/ship`, shipBody, { zkkey: key })),
      );
      numbers.push(...batch.map((b) => b.shipment.tracking_number as string));
    }
    await emulatorWaves(service, numbers);
    await json('POST', `${service.emulatorUrl}/_emulator/faults`, {
      carrier: 'carrier_a',
      operation: 'track',
      fault: 'latency:200',
      count: 100000,
    });
    const body = numbers.map((n) => ({ track: { shipping_account: account, tracking_number: n, refresh: true } }));
    const times: number[] = [];
    /** When the answer's last byte was read, before the bench parsed its JSON (the client's own work). */
    const read: number[] = [];
    const cpu: number[] = [];
    const emulatorCpu: number[] = [];
    let failed = 0;
    for (let run = 0; run < 3; run++) {
      const [started, c0, e0] = [performance.now(), cpuSeconds(service.pid), cpuSeconds(service.emulatorPid)];
      const res = await fetch(`${service.url}/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', zkkey: key },
        body: JSON.stringify(body),
      });
      const bytes = await res.arrayBuffer();
      read.push(performance.now() - started);
      const out = JSON.parse(Buffer.from(bytes).toString('utf8')) as { error?: unknown }[];
      times.push(performance.now() - started);
      cpu.push(1000 * (cpuSeconds(service.pid) - c0));
      emulatorCpu.push(1000 * (cpuSeconds(service.emulatorPid) - e0));
      if (!res.ok) throw new Error(`POST /track → ${res.status}`);
      failed += out.filter((r) => r.error).length;
    }
    const ordered = [...times].sort((a, b) => a - b);
    console.log(`(c) batch /track of ${numbers.length} distinct numbers, carrier answering every call in 200 ms`);
    // The floor: carrier_a takes 30 numbers a call, 16 calls in flight: ceil(1000 / 30 / 16) waves of 200 ms.
    const floor = Math.ceil(Math.ceil(numbers.length / 30) / 16) * 200;
    console.log(
      `    wall time over 3 runs: min ${fmt(ordered[0]!, 0)} ms, median ${fmt(ordered[1]!, 0)} ms, max ${fmt(ordered[2]!, 0)} ms; floor ${floor} ms → ${fmt(ordered[1]! / floor, 2)}× (target ≤ 1.05×); failed elements ${failed}`,
    );
    console.log(
      `    of which the bench parsing the answer's JSON: ${times.map((t, i) => fmt(t - read[i]!, 1)).join(', ')} ms (last byte read at ${read.map((t) => fmt(t, 0)).join(', ')} ms)`,
    );
    console.log(
      `    CPU per run: the service ${cpu.map((c) => fmt(c, 0)).join(', ')} ms; the emulator (the carrier) ${emulatorCpu.map((c) => fmt(c, 0)).join(', ')} ms`,
    );
    return { batch: ordered[1]! / floor };
  } finally {
    await service.stop();
  }
}

/** The longest /healthz wait while a carrier_b /ship of 200 PDF labels is drawn (bench/stall-labels.ts, its own process). */
function benchStall(): Figures {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/stall-labels.ts'), 'ship'], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      BENCH_DIST: dirname(cli),
      BENCH_ROUNDS: process.env.BENCH_ROUNDS ?? '2',
      BENCH_STALL_SETTLE: '0',
    },
  });
  process.stdout.write(r.stdout);
  const longest = [...r.stdout.matchAll(/longest (\d+) ms/g)].map((m) => Number(m[1]));
  if (r.status !== 0 || longest.length === 0) throw new Error(`bench/stall-labels.ts failed: ${r.stderr.slice(-500)}`);
  return { stall: Math.max(...longest) };
}

async function benchInstances(): Promise<Figures> {
  if (!process.env.BENCH_POSTGRES) {
    console.log('instances: skipped (set BENCH_POSTGRES=postgres://… to a server where a database may be created)');
    return {};
  }
  const { one, two } = await instances(process.env.BENCH_POSTGRES);
  const m = (xs: number[]) => median(xs);
  return { one: m(one) / 6.25, two: m(two) / m(one) };
}

type Figures = Partial<Record<(typeof FIGURES)[number]['key'], number>>;
/** The issue's table: each figure, the part that measures it, and its goal. */
const FIGURES = [
  {
    key: 'startup',
    part: 'startup',
    what: 'start-up to /healthz, against a bare Fastify',
    unit: '×',
    goal: (v: number) => v <= 1.2,
    goalText: '≤ 1.2×',
  },
  {
    key: 'rss15',
    part: 'startup',
    what: 'idle RSS 15 s after start',
    unit: ' MB',
    goal: (v: number) => v < 70,
    goalText: '< 70 MB',
  },
  {
    key: 'track',
    part: 'track',
    what: 'cached /track at 50 connections, against the echo',
    unit: ' %',
    goal: (v: number) => v >= 85,
    goalText: '≥ 85 %',
  },
  {
    key: 'trackRss',
    part: 'track',
    what: 'RSS peak, cached /track at 200 connections',
    unit: ' MB',
    goal: (v: number) => v < 120,
    goalText: '< 120 MB',
  },
  {
    key: 'batch',
    part: 'batch',
    what: 'batch of 1,000 tracks, carrier at 200 ms a call, against the floor',
    unit: '×',
    goal: (v: number) => v <= 1.05,
    goalText: '≤ 1.05×',
  },
  {
    key: 'rate',
    part: 'rate',
    what: '/rate at 50 connections, against a bare proxy',
    unit: ' %',
    goal: (v: number) => v >= 90,
    goalText: '≥ 90 %',
  },
  {
    key: 'stall',
    part: 'stall',
    what: 'longest event-loop stall (/healthz), carrier_b PDF of 200 packages',
    unit: ' ms',
    goal: (v: number) => v <= 100,
    goalText: '≤ 100 ms',
  },
  {
    key: 'one',
    part: 'instances',
    what: '1,000 labels at 100 ms, 16 in flight, one instance on PostgreSQL, against 6.25 s',
    unit: '×',
    goal: (v: number) => v <= 1.1,
    goalText: '≤ 1.1×',
  },
  {
    key: 'two',
    part: 'instances',
    what: 'the same with a second instance, against one instance',
    unit: '×',
    goal: (v: number) => v <= 0.55,
    goalText: '≤ 0.55×',
  },
] as const;

const PARTS: Record<string, () => Promise<Figures> | Figures> = {
  startup: benchStartup,
  rate: benchRate,
  track: benchTrack,
  batch: benchBatch,
  stall: benchStall,
  instances: benchInstances,
};
const selected = which === 'all' ? Object.keys(PARTS) : which.split(',');
if (selected.some((p) => !(p in PARTS)))
  throw new Error(`npm run bench -- ${which}: one of ${Object.keys(PARTS).join(', ')} or all`);
buildService();
const builds = [{ name: 'this tree', dist: dirname(cli) }];
const baseline = process.env.BENCH_BASELINE;
if (baseline) builds.unshift({ name: `baseline ${baseline}`, dist: buildBaseline(baseline) });
const results = builds.map(() => [] as Figures[]);
// Baseline and this tree alternate part by part, so that a busy moment of the machine falls on both alike.
for (const part of selected) {
  for (let pair = 0; pair < Number(process.env.BENCH_PAIRS ?? 1); pair++) {
    for (const [i, build] of builds.entries()) {
      if (builds.length > 1) console.log(`== ${part}: ${build.name}`);
      useBuild(build.dist);
      results[i]!.push(await PARTS[part]!());
    }
  }
}
console.log(`\nthe issue's figures (medians of ${process.env.BENCH_PAIRS ?? 1} run(s) each)`);
for (const f of FIGURES) {
  if (!selected.includes(f.part)) continue;
  const cells = results.map((rs) => {
    const vs = rs.map((r) => r[f.key]).filter((v): v is number => v !== undefined);
    if (vs.length === 0) return 'n/a';
    const v = median(vs);
    return `${fmt(v, f.unit === '×' ? 2 : f.unit === ' %' ? 1 : 0)}${f.unit} ${f.goal(v) ? '✓' : '✗'}`;
  });
  console.log(`    ${f.what}: ${builds.map((b, i) => `${b.name} ${cells[i]}`).join(', ')} (goal ${f.goalText})`);
}
