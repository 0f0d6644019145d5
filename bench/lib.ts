/** Helpers of the load benchmarks: a service process, autocannon runs with exact percentiles. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const BENCH_CARRIERS = ['carrier_a', 'carrier_b', 'carrier_c', 'carrier_d', 'carrier_d_reseller'];

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The service as production runs it: the compiled CLI with plain node. This tree's dist/, or the
 * build BENCH_DIST names (a baseline commit's: bench/run.ts BENCH_BASELINE); `useBuild` switches.
 */
export let cli = join(process.env.BENCH_DIST ?? join(root, 'dist'), 'cli.js');
/** The checkout the measured build belongs to: its processes run there. */
let checkout = dirname(dirname(cli));
export function useBuild(dist: string): void {
  cli = join(dist, 'cli.js');
  checkout = dirname(dist);
}

/** Builds dist/ from the sources, so a run always measures the code in the tree (not when BENCH_DIST names another build). */
export function buildService(): void {
  if (process.env.BENCH_DIST) return;
  const r = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build:server failed');
}

/**
 * The server build of another commit, for paired runs: its tree exported (`git archive`, so no
 * worktree is registered) into the temporary directory with this checkout's node_modules linked in,
 * and built there once (kept for later runs). Answers the build's dist/.
 */
export function buildBaseline(commit: string): string {
  const rev = spawnSync('git', ['rev-parse', '--short', `${commit}^{commit}`], { cwd: root, encoding: 'utf8' });
  if (rev.status !== 0) throw new Error(`BENCH_BASELINE: ${commit} is not a commit of this repository`);
  const dir = join(tmpdir(), `waybill-bench-baseline-${rev.stdout.trim()}`);
  const modules = join(dir, 'node_modules');
  // The packages are this checkout's, linked again where a build kept from an earlier run links to a
  // checkout since removed (existsSync follows the link: false for one that leads nowhere).
  const linkModules = () => {
    if (existsSync(modules)) return;
    rmSync(modules, { force: true });
    symlinkSync(join(root, 'node_modules'), modules);
  };
  if (existsSync(join(dir, 'dist', 'cli.js'))) {
    linkModules();
    return join(dir, 'dist');
  }
  mkdirSync(dir, { recursive: true });
  const exported = spawnSync('sh', ['-c', `git archive ${rev.stdout.trim()} | tar -x -C "${dir}"`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (exported.status !== 0) throw new Error(`git archive ${commit} failed`);
  linkModules();
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: dir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`building ${commit} failed`);
  return join(dir, 'dist');
}

export interface Service {
  url: string;
  emulatorUrl: string;
  pid: number;
  emulatorPid: number;
  env: Record<string, string>;
  startupMs: number;
  stop(): Promise<void>;
}

function spawnUntil(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  nodeArgs: string[] = [],
): Promise<{ match: RegExpExecArray; child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, cli, ...args], {
    cwd: checkout,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolvePromise, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const match = ready.exec(out);
      if (match) {
        // From here on the process may log every request: stop reading so the pipe never fills.
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolvePromise({ match, child, ms: performance.now() - started });
      }
    });
    child.once('exit', (code) => reject(new Error(`waybill ${args.join(' ')} exited with ${code}: ${out}`)));
  });
}

const stopper = (child: ChildProcess) => () =>
  new Promise<void>((done) =>
    child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM')),
  );

/** The parties every bench's shipments travel between (a domestic US parcel). */
export const sender = {
  name: 'Ann',
  street1: '1 Main St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38117',
  country: 'US',
  phone: '9015550100',
};
export const recipient = {
  name: 'Bob',
  street1: '5 Fifth Ave',
  city: 'New York',
  state: 'NY',
  postal_code: '10001',
  country: 'US',
  phone: '2125550100',
};

export const BENCH_CLIENTS = [
  { client_id: 'bench-client', client_secret: 'bench-client-secret' },
  { client_id: 'bench', client_secret: 'bench' },
];

/**
 * The carrier emulator and `waybill serve` as two processes, as in production where the carrier is
 * elsewhere: the service's carrier calls cross loopback to a process that does not share its CPU time.
 */
export async function startService(extraEnv: Record<string, string> = {}): Promise<Service> {
  const emulatorDir = mkdtempSync(join(tmpdir(), 'waybill-bench-emulator-'));
  const emulator = await spawnUntil(
    ['emulator'],
    { WAYBILL_EMULATOR_PORT: '0', WAYBILL_LOG_LEVEL: 'warn', WAYBILL_DATA_DIR: emulatorDir },
    /listening on (http:\/\/[\d.:]+)/,
    // BENCH_EMULATOR_NODE_ARGS profiles the emulator the same way (the carrier's side of a run).
    process.env.BENCH_EMULATOR_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  );
  const emulatorUrl = emulator.match[1]!;
  // The emulator refuses credentials it never issued: the benches' OAuth clients are made known first.
  for (const auth of BENCH_CLIENTS)
    await json('POST', `${emulatorUrl}/_emulator/credentials`, { carrier: 'carrier_a', auth });
  const env = {
    WAYBILL_DATA_DIR: mkdtempSync(join(tmpdir(), 'waybill-bench-')),
    PORT: '0',
    WAYBILL_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    // Benchmarks measure the service, not its per-key limit.
    WAYBILL_RATE_LIMIT: '0',
    WAYBILL_CARRIERS: 'live',
    // Every carrier's live and test host is the emulator.
    ...Object.fromEntries(
      BENCH_CARRIERS.flatMap((slug) =>
        [`WAYBILL_${slug.toUpperCase()}_URL`, `WAYBILL_${slug.toUpperCase()}_TEST_URL`].map((name) => [
          name,
          `${emulatorUrl}/${slug}`,
        ]),
      ),
    ),
    ...extraEnv,
  };
  // BENCH_SERVICE_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=prof", profiles the service under the same load.
  const nodeArgs = process.env.BENCH_SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const serve = await spawnUntil(['serve'], env, /Waybill listening on (http:\/\/[\d.:]+)/, nodeArgs).catch(
    async (err) => {
      await stopper(emulator.child)();
      throw err;
    },
  );
  return {
    url: serve.match[1]!,
    emulatorUrl,
    pid: serve.child.pid!,
    emulatorPid: emulator.child.pid!,
    env,
    startupMs: serve.ms,
    stop: async () => {
      await stopper(serve.child)();
      await stopper(emulator.child)();
    },
  };
}

/**
 * One more `waybill serve` beside `service`, on its database (PostgreSQL: instances share it) and its
 * emulator: a second instance as a company runs it once one no longer suffices.
 */
export async function startInstance(service: Service): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const nodeArgs = process.env.BENCH_SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const serve = await spawnUntil(
    ['serve'],
    { ...service.env, PORT: '0' },
    /Waybill listening on (http:\/\/[\d.:]+)/,
    nodeArgs,
  );
  return { url: serve.match[1]!, pid: serve.child.pid!, stop: stopper(serve.child) };
}

export function runCli(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: checkout, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.once('exit', (code) =>
      code === 0 ? resolvePromise(out) : reject(new Error(`waybill ${args.join(' ')} exited ${code}`)),
    );
  });
}

export async function json(
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<any> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

export interface LoadResult {
  requests: number;
  errors: number;
  non2xx: number;
  rps: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** autocannon's histogram keeps whole milliseconds; these percentiles come from every response's own time. */
export async function load(opts: {
  url: string;
  method?: 'POST' | 'GET';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  rate?: number;
  onSample?: () => void;
}): Promise<LoadResult> {
  const times: number[] = [];
  const instance = autocannon({
    url: opts.url,
    method: opts.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...opts.headers },
    ...(opts.body !== undefined ? { body: opts.body } : {}),
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    times.push(responseTime),
  );
  const sampler = opts.onSample ? setInterval(opts.onSample, 250) : undefined;
  const result = await instance;
  if (sampler) clearInterval(sampler);
  times.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rps: result.requests.average,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** CPU seconds a process has used (user + system, all its threads), from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
