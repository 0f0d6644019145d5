import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: they check what the service has loaded (the tracing SDK
 * only once an endpoint is set), which an earlier file in the same process may have loaded.
 */
const ISOLATED = ['test/http/tracing-off.test.ts'];

export default defineConfig({
  test: {
    // Suites start real servers and databases; keep them in separate processes.
    pool: 'forks',
    // The suites that start `waybill` as a process start the compiled CLI, built once here.
    globalSetup: ['test/support/build-server.ts'],
    // Vitest's default is one file at a time on two cores (cores - 1), and the crash suites spend
    // most of their minute and a half waiting for a dead claim to go stale: a second file runs
    // meanwhile (the whole suite 585 s → 395 s on two cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        // A worker process runs file after file with the modules it has loaded: evaluating the
        // service's some 600 modules again for each of 226 files took 255 s of the suite's CPU
        // (of some 800), 29 s so. Each file still starts and closes its own apps and databases.
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
