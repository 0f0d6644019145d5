/** The same storage behaviour on every dialect: SQLite always, PostgreSQL when configured. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/storage/migrations/index.js';
import { createKey, findActiveKey, listKeys, revokeKey } from '../../src/storage/repositories/keys.js';
import { accountBody, validAuth } from '../support/accounts.js';
import { createTestApp, expectError } from '../support/app.js';
import { createTestDatabase, dialects, postgresUrl } from '../support/databases.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

if (!postgresUrl) console.warn('WAYBILL_TEST_POSTGRES is not set: the storage suite runs on SQLite only');

describe.each(dialects)('storage on %s', (dialect) => {
  it('migrates, and migrating again changes nothing', async () => {
    const t = await createTestDatabase(dialect);
    try {
      expect(await migrate(t.database)).toEqual([]);
      await t.database.ping();
    } finally {
      await t.drop();
    }
  });

  it('issues, finds, expires and revokes keys', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      const now = new Date('2026-01-01T00:00:00Z');
      const { record, key } = await createKey(db, { tenant: 'acme', now, expiresAt: new Date('2026-02-01T00:00:00Z') });
      expect((await findActiveKey(db, key, now))?.tenant).toBe('acme');
      expect(await findActiveKey(db, key, new Date('2026-02-01T00:00:01Z'))).toBeUndefined();
      expect(await findActiveKey(db, `${key}x`, now)).toBeUndefined();
      expect(await revokeKey(db, record.id, now)).toBe(true);
      expect(await revokeKey(db, record.id, now)).toBe(false);
      expect(await findActiveKey(db, key, now)).toBeUndefined();
      expect((await listKeys(db, 'acme')).map((r) => r.id)).toEqual([record.id]);
      expect(await listKeys(db, 'other')).toEqual([]);
    } finally {
      await t.drop();
    }
  });

  it('stores, isolates and deletes shipping accounts through the API', async () => {
    const t = await createTestApp({ dialect });
    try {
      const a = await t.key('tenant-a');
      const b = await t.key('tenant-b');
      const id = (await t.call('POST', '/shippingaccount', a, accountBody('carrier_d'))).body.shipping_account.id;
      expect((await t.call('GET', `/shippingaccount/${id}`, a)).body.shipping_account.auth.mailer_id).toBe(
        validAuth.carrier_d.mailer_id,
      );
      expectError(await t.call('GET', `/shippingaccount/${id}`, b), 404, 'shipping_account_not_found');
      expect((await t.call('GET', '/shippingaccount', b)).body.shipping_accounts).toEqual([]);
      const row = await t.db.database.db
        .selectFrom('shipping_accounts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.auth_sealed).toMatch(/^v1:/);
      expect(row.auth_sealed).not.toContain(validAuth.carrier_d.client_secret);
      expect((await t.call('DELETE', `/shippingaccount/${id}`, a)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('credentials at rest in the SQLite file', () => {
  const dir = tempDir('sealed');
  it('never hold carrier credentials in plain text', async () => {
    const t = await createTestApp({ sqliteFile: join(dir, 'waybill.sqlite') });
    const key = await t.key();
    for (const carrier of Object.keys(validAuth) as (keyof typeof validAuth)[])
      expect((await t.call('POST', '/shippingaccount', key, accountBody(carrier))).status).toBe(200);
    await t.close();
    // The database file and its WAL: every byte on disk.
    const bytes = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f)).toString('latin1'))
      .join('');
    expect(bytes).toContain('carrier_d_reseller');
    for (const auth of Object.values(validAuth))
      for (const value of Object.values(auth)) if (value.startsWith('super-secret')) expect(bytes).not.toContain(value);
  });
});
