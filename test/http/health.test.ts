/**
 * /healthz says the process is alive; /readyz says it can serve: the database answers and has run
 * every migration this build lists (a Kubernetes readiness probe, a balancer's health check).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, expectError } from '../support/app.js';

describe('/readyz', () => {
  it('is ready once migrated, not ready while a migration is missing, ready again after it ran', async () => {
    const t = await createTestApp();
    try {
      expect((await t.call('GET', '/readyz', undefined)).body).toEqual({ status: 'ready' });
      const db = t.db.database.db;
      const last = await sql<{
        name: string;
        timestamp: string;
      }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
      const row = last.rows[0]!;
      await sql`delete from kysely_migration where name = ${row.name}`.execute(db);
      const res = expectError(await t.call('GET', '/readyz', undefined), 503, 'service_unavailable');
      expect(res.message).toContain('waybill migrate');
      // The process itself is fine: liveness does not follow readiness.
      expect((await t.call('GET', '/healthz', undefined)).status).toBe(200);
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(db);
      expect((await t.call('GET', '/readyz', undefined)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
