/** Runs the real CLI as a child process, as an operator would. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The compiled CLI, built from the current source by the suite's global setup (build-server.ts). */
export const cliArgs = [join(projectRoot, 'dist', 'cli.js')];

/** A port nobody listens on right now (bound and released by this process). */
export function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePromise(port));
    });
  });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...cliArgs, ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** `waybill serve` on a free port; resolves once it logs that it listens (a loaded machine may take a while to start it). */
export function startServe(
  env: Record<string, string>,
  timeoutMs = 45_000,
  opts: { /** Sees the output as it comes, before the process listens. */ watch?: (output: string) => void } = {},
): Promise<ServerProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...cliArgs, 'serve'], {
      cwd: projectRoot,
      env: { ...process.env, PORT: '0', WAYBILL_EMULATOR_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start:\n${out}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d;
      opts.watch?.(out);
      const m = /Waybill listening on (http:\/\/[^"\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePromise({
          url: m[1]!,
          child,
          output: () => out,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${out}`));
    });
  });
}

export interface EmulatorProcess {
  url: string;
  child: ChildProcess;
  /** The base URL of a carrier's API. */
  carrierUrl(slug: string): string;
  stop(): Promise<void>;
}

/** `waybill emulator`, the carrier emulator as a process of its own, on a free port; its state in `dataDir`. */
export function startEmulatorProcess(dataDir: string, timeoutMs = 45_000): Promise<EmulatorProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...cliArgs, 'emulator'], {
      cwd: projectRoot,
      env: { ...process.env, WAYBILL_EMULATOR_PORT: '0', WAYBILL_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the emulator did not start:\n${out}`));
    }, timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /carrier emulator listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      const url = m[1]!;
      resolvePromise({
        url,
        child,
        carrierUrl: (slug) => `${url}/${slug}`,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the emulator exited with ${code}:\n${out}`));
    });
  });
}
