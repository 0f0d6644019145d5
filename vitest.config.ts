import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
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
  },
});
