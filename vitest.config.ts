import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Suites start real servers and databases; keep them in separate processes.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
