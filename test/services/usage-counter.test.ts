/**
 * Tracking calls counted in memory: a flush stores them once; a flush that fails keeps them for the
 * next, so nothing is lost or counted twice; flushes run one at a time.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createUsageCounter } from '../../src/services/kernel/index.js';
import { usageOf } from '../../src/storage/repositories/usage.js';
import { createTestDatabase } from '../support/databases.js';

it('stores counts once, and keeps them through a failed flush', async () => {
  const t = await createTestDatabase('sqlite');
  try {
    const db = t.database.db;
    const counter = createUsageCounter({ db, clock: { now: () => new Date('2026-11-27T12:00:00Z') } });
    const calls = async () => (await usageOf(db, ['shop']))[0]?.tracking_calls ?? 0;
    counter.trackingCalls('shop', 'carrier_a', 2);
    await sql`ALTER TABLE usage_counters RENAME TO usage_counters_away`.execute(db);
    await expect(counter.flush()).rejects.toThrow();
    await sql`ALTER TABLE usage_counters_away RENAME TO usage_counters`.execute(db);
    counter.trackingCalls('shop', 'carrier_a', 1);
    await Promise.all([counter.flush(), counter.flush()]);
    expect(await calls()).toBe(3);
    await counter.flush();
    expect(await calls()).toBe(3);
  } finally {
    await t.drop();
  }
});
