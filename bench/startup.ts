/**
 * Start-up and idle memory: `waybill serve` as `npm start` runs it (compiled, plain node, emulator
 * mode, a fresh data directory) until GET /healthz answers, against the bare Fastify echo started
 * the same way; then the resident memory of the listening process, idle: one second after start,
 * and, from one more start of each, 15 s after, once the service has collected what start-up left
 * (src/foundations/memory-return.ts: at its first quiet checks, about 10 s after start).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cli, fmt, root, rssMb } from './lib.js';

function freePort(): Promise<number> {
  return new Promise((resolvePromise) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePromise(port));
    });
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds from spawn to the first 200 of /healthz, and the RSS `idleMs` later. */
async function startOnce(
  args: string[],
  env: Record<string, string>,
  idleMs = 1000,
): Promise<{ ms: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: dirname(dirname(cli)),
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d).slice(-2000)));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}: ${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await pause(5);
    }
    const ms = performance.now() - started;
    await pause(idleMs);
    return { ms, rss: rssMb(child.pid!) };
  } finally {
    await new Promise<void>((done) =>
      child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM')),
    );
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchStartup(
  runs = Number(process.env.BENCH_STARTS ?? 5),
): Promise<{ startup: number; rss1: number; rss15: number }> {
  const service: { ms: number; rss: number }[] = [];
  const bare: { ms: number; rss: number }[] = [];
  // Alternating, so that a busy moment of the machine falls on both alike.
  const startService = (idleMs?: number) =>
    startOnce(
      [cli, 'serve'],
      {
        WAYBILL_DATA_DIR: mkdtempSync(join(tmpdir(), 'waybill-start-')),
        WAYBILL_EMULATOR_PORT: '0',
        WAYBILL_LOG_LEVEL: 'info',
      },
      idleMs,
    );
  const startBare = (idleMs?: number) => startOnce([join(root, 'bench/echo-server.mjs')], {}, idleMs);
  for (let i = 0; i < runs; i++) {
    service.push(await startService());
    bare.push(await startBare());
  }
  const s = median(service.map((r) => r.ms));
  const b = median(bare.map((r) => r.ms));
  console.log(`start-up, spawn → /healthz, median of ${runs}`);
  console.log(
    `    Waybill ${fmt(s, 0)} ms (${service.map((r) => fmt(r.ms, 0)).join(', ')}), bare Fastify ${fmt(b, 0)} ms → ${fmt(s / b, 2)}× (target ≤ 1.2×)`,
  );
  console.log(
    `    idle RSS 1 s after start: Waybill ${fmt(median(service.map((r) => r.rss)), 0)} MB (earlier target < 100 MB), bare Fastify ${fmt(median(bare.map((r) => r.rss)), 0)} MB`,
  );
  const [settled, settledBare] = [await startService(15_000), await startBare(15_000)];
  console.log(
    `    idle RSS 15 s after start (start-up's garbage collected once quiet): Waybill ${fmt(settled.rss, 0)} MB (target < 70 MB), bare Fastify ${fmt(settledBare.rss, 0)} MB`,
  );
  return { startup: s / b, rss1: median(service.map((r) => r.rss)), rss15: settled.rss };
}
