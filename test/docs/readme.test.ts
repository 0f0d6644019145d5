/**
 * The README's shell examples run as written: every ```sh block, in order, in one bash (as a reader
 * pastes them into one terminal), twice, against a real `waybill serve` with its built-in emulator,
 * which they leave as they found it (its clock and faults).
 *
 * The only differences from a reader's terminal are two variables the README itself reads with a
 * default: WAYBILL_URL (the service) and WAYBILL_EMULATOR_URL (its emulator), because the service
 * here listens on free ports rather than 8080/8081; WAYBILL_DATA_DIR, so that the README's
 * `npm run -s waybill -- keys create` writes to the started service's database; and TMPDIR, a
 * folder of the test's own, so that the files the examples write (`${TMPDIR:-/tmp}/shipment.json`)
 * never replace a reader's own files of that name.
 *
 * A block is skipped only when its fence says so: "```sh no-test: <why>". The test lists them, and
 * refuses a skip marker without a reason.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, startServe, type ServerProcess } from '../support/process.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

interface Block {
  line: number;
  info: string;
  code: string;
}

/** Fenced code blocks of a Markdown text, with their info string and first line number. */
function codeBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`README.md:${i + 1}: unclosed code block`);
    blocks.push({ line: i + 1, info: open[1]!.trim(), code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

const SKIP = /^sh\s+no-test:\s*(\S.*)$/;
const isShell = (b: Block) => b.info === 'sh' || b.info.startsWith('sh ');

/**
 * Commands a README block must not run here, even if its marker were lost: they install into the
 * checkout (replacing node_modules) or start a service that does not stop.
 */
const UNSAFE = /\bnpm\s+(ci|i|install|start|test)\b|\bwaybill\s+--\s+(serve|emulator)\b/;

/** bash in its own process group, killed whole if it outlives the test. */
function runBash(
  script: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr: code === null ? `${stderr}\n(killed after ${timeoutMs} ms)` : stderr });
    });
  });
}

const blocks = codeBlocks(readFileSync(join(projectRoot, 'README.md'), 'utf8')).filter(isShell);
const skipped = blocks.filter((b) => b.info !== 'sh');
const runnable = blocks.filter((b) => b.info === 'sh');

describe('README.md shell examples', () => {
  let server: ServerProcess;
  let dataDir: string;
  let scratch: string;
  let emulatorUrl: string;

  beforeAll(async () => {
    // The README's `npm run waybill` runs the compiled CLI, built from these sources by the suite's global setup.
    dataDir = tempDir('readme');
    scratch = tempDir('readme-tmp');
    // Both on free ports (startServe asks for port 0); the emulator says where it listens.
    server = await startServe({ WAYBILL_DATA_DIR: dataDir });
    emulatorUrl = /carrier emulator listening on (http:\/\/[\d.:]+)/.exec(server.output())![1]!;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('skips a block only with a visible marker and a reason', () => {
    for (const b of skipped)
      expect(SKIP.test(b.info), `README.md:${b.line} "${b.info}": write "sh no-test: <why>"`).toBe(true);
    // The blocks skipped today, by their first line: install and start, compose's start, the CLI
    // synopsis, building the image with Docker and with podman and compose's profiles
    // (scripts/container-test.sh runs the image and compose.yaml), installing the client into a
    // project of the reader's, and running the suite.
    expect(skipped.map((b) => b.code.split('\n')[0])).toEqual([
      'npm ci && npm start',
      expect.stringMatching(/^printf 'WAYBILL_SECRET_KEY=/),
      expect.stringMatching(/^npm run -s waybill -- keys create/),
      'docker build -t waybill .',
      'scripts/container/base.sh',
      'docker compose --profile two up --detach',
      expect.stringMatching(/^# in the Waybill checkout/),
      'npm ci && npm test',
    ]);
    expect(runnable.length).toBeGreaterThanOrEqual(4);
  });

  it('pick says in one line what an answer held instead of the member asked for, without a stack', async () => {
    const first = runnable[0]!.code;
    const pick = first.slice(first.indexOf('pick() {'), first.indexOf('"$1" "$2"; }') + '"$1" "$2"; }'.length);
    const answer = '{"error":{"code":"idempotency_key_reused"}}';
    const res = await runBash(`${pick}\npick shipment.tracking_number '${answer}'`, {}, 10_000);
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(`no shipment.tracking_number in: ${answer}`);
  });

  it('runs every other block in order in one shell, twice: each exits 0, no answer is an error, and the emulator is left as found', async () => {
    for (const b of runnable)
      expect(
        UNSAFE.exec(b.code)?.[0],
        `README.md:${b.line} installs or starts something: mark it "sh no-test: <why>"`,
      ).toBeUndefined();
    const emulatorState = async () => {
      const res = (await (await fetch(`${emulatorUrl}/_emulator`)).json()) as { clock: { offset_ms: number } };
      const faults = (await (await fetch(`${emulatorUrl}/_emulator/faults`)).json()) as unknown;
      return { offset_ms: res.clock.offset_ms, faults };
    };
    const before = await emulatorState();
    // A reader runs the examples again in the same terminal: every block twice, in one shell.
    const twice = [...runnable, ...runnable];
    const marker = (i: number) => `@@readme-block-${i}@@`;
    // -u: a variable a block uses but no earlier block set fails the run.
    const script = ['set -euo pipefail', ...twice.flatMap((b, i) => [`echo '${marker(i)}'`, b.code, 'echo'])].join(
      '\n',
    );
    const res = await runBash(
      script,
      { WAYBILL_URL: server.url, WAYBILL_EMULATOR_URL: emulatorUrl, WAYBILL_DATA_DIR: dataDir, TMPDIR: scratch },
      110_000,
    );
    // What the examples wrote went into the test's own folder.
    expect(readdirSync(scratch)).toContain('shipment.json');

    const outputs = res.stdout.split(/@@readme-block-\d+@@\n/).slice(1);
    const failed = twice[outputs.length - 1];
    const round = outputs.length > runnable.length ? 'second' : 'first';
    expect(res.code, `README.md:${failed?.line} failed in the ${round} run:\n${res.stderr}\n${outputs.at(-1)}`).toBe(0);
    expect(outputs).toHaveLength(twice.length);
    twice.forEach((b, i) => {
      const out = outputs[i]!;
      expect(out, `README.md:${b.line} printed an error answer:\n${out}`).not.toMatch(/"error"\s*:/);
      // Every block calls the service and shows at least one JSON answer.
      expect(out, `README.md:${b.line} printed no answer`).toMatch(/[{[]/);
    });
    expect(await emulatorState()).toEqual(before);
  }, 150_000);
});
