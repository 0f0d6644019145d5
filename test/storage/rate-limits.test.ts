/** Request-rate buckets shared by two instances through their database (http/shared-buckets.ts). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSharedTokenBuckets } from '../../src/http/shared-buckets.js';
import { createSharedBuckets } from '../../src/services/kernel/index.js';
import { createDatabase } from '../../src/storage/database.js';
import { createTestDatabase, dialects } from '../support/databases.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

describe.each(dialects)('shared token buckets on %s', (dialect) => {
  it('two instances together grant one burst, refill at the rate, and store no key in clear', async () => {
    const t = await createTestDatabase(
      dialect,
      dialect === 'sqlite' ? { file: join(tempDir('limits'), 'db.sqlite') } : {},
    );
    // A second connection to the same database plays the second service instance.
    const other = createDatabase(t.url);
    try {
      let now = Date.parse('2026-11-24T12:00:00Z');
      const clock = { now: () => new Date(now) };
      const rate = { name: 'key', ratePerSec: 0.5, burst: 10, clock };
      const one = createSharedTokenBuckets({ ...rate, store: createSharedBuckets(t.database.db) });
      const two = createSharedTokenBuckets({ ...rate, store: createSharedBuckets(other.db) });
      const takeMany = (n: number) =>
        Promise.all(Array.from({ length: n }, (_, i) => (i % 2 ? one : two).take('wb_live_secret-key')));
      const first = await takeMany(30);
      expect(first.filter((w) => w === undefined)).toHaveLength(10);
      expect(first.filter((w) => w !== undefined).every((w) => w! > 0 && w! <= 2)).toBe(true);
      // Four seconds refill two tokens, whichever instance asks.
      now += 4_000;
      expect((await takeMany(6)).filter((w) => w === undefined)).toHaveLength(2);
      // Another id has its own bucket.
      expect(await one.take('another-key')).toBeUndefined();
      const rows = await t.database.db.selectFrom('rate_limits').select('id').execute();
      expect(rows).toHaveLength(2);
      for (const r of rows) expect(r.id).not.toContain('secret');
    } finally {
      await other.close();
      await t.drop();
    }
  });
});
