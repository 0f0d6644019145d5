/**
 * `waybill serve` started before its database: it tries again, one log line per attempt, for
 * WAYBILL_DATABASE_WAIT, and starts once the database is up; a database that never comes ends the
 * start with one line naming WAYBILL_DATABASE_URL, no stack.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { clusterUnavailable, createPostgresCluster } from '../support/postgres-cluster.js';
import { freePort, runCli, startServe } from '../support/process.js';
import { waitFor } from '../support/webhook-receiver.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

const settings = (databaseUrl: string, wait: string) => ({
  WAYBILL_DATABASE_URL: databaseUrl,
  WAYBILL_DATABASE_WAIT: wait,
  WAYBILL_SECRET_KEY: randomBytes(32).toString('hex'),
  WAYBILL_DATA_DIR: tempDir('start-up'),
  WAYBILL_LOG_LEVEL: 'info',
});

const attemptsIn = (output: string) => output.split('\n').filter((l) => l.includes('database unreachable')).length;

it('gives up after WAYBILL_DATABASE_WAIT with one line naming WAYBILL_DATABASE_URL, no stack', async () => {
  const url = `postgres://waybill:a-password@127.0.0.1:${await freePort()}/waybill`;
  const result = await runCli(['serve'], settings(url, '2s'));
  expect(result.code).toBe(2);
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toContain('WAYBILL_DATABASE_URL');
  expect(lines[0]).toContain('ECONNREFUSED');
  expect(lines[0]).not.toContain('a-password');
  // One log line per attempt, each saying when the next comes (how many fit in the wait depends on
  // how fast the machine starts the process).
  const attempts = result.stdout
    .split('\n')
    .filter((l) => l.includes('database unreachable'))
    .map((l) => JSON.parse(l) as { attempt: number; msg: string });
  expect(attempts.length, result.stdout).toBeGreaterThanOrEqual(1);
  expect(attempts.map((a) => a.attempt)).toEqual(attempts.map((_, i) => i + 1));
  for (const a of attempts) expect(a.msg).toMatch(/trying again in [\d.]+ s/);
  expect(result.stdout + result.stderr).not.toMatch(/\n\s+at /);
}, 60_000);

it.skipIf(clusterUnavailable !== undefined)(
  `waits for a database that comes up after it, then serves${clusterUnavailable ? ` (skipped: ${clusterUnavailable})` : ''}`,
  async () => {
    const cluster = await createPostgresCluster();
    try {
      let seen = '';
      const serving = startServe(settings(cluster.url, '60s'), 90_000, { watch: (out) => (seen = out) });
      serving.catch(() => {});
      await waitFor(() => attemptsIn(seen) >= 2, 'two attempts logged', 30_000);
      await cluster.start();
      const server = await serving;
      try {
        expect(server.output()).not.toMatch(/\n\s+at /);
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      } finally {
        await server.stop();
      }
    } finally {
      await cluster.destroy();
    }
  },
  120_000,
);
