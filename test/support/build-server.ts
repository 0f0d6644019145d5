/**
 * Vitest's global setup: the service is built once (esbuild, a few seconds) before any file runs,
 * so the suites that start `waybill` as a process start the compiled CLI an operator runs (`npm
 * start`), current with the source under test. Started under a TypeScript loader instead, each of
 * the suite's some hundred processes spent 2-5 s compiling the source again.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from './process.js';

export default function setup(): void {
  execFileSync(process.execPath, [join(projectRoot, 'scripts', 'build-server.mjs')], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
}
