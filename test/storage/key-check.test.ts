/**
 * Fail fast on a wrong sealing key: the key check stored at first start, instances and `waybill
 * migrate` refusing another key, and a stored credential that still cannot be opened answered
 * with a clear error instead of a 500.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SealingKeyMismatch, verifySealingKey } from '../../src/storage/key-check.js';
import { createSealer } from '../../src/storage/sealing.js';
import { createTestApp, expectError } from '../support/app.js';
import { createTestDatabase, dialects, postgresUrl } from '../support/databases.js';
import { runCli, startServe } from '../support/process.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

const hexKey = () => randomBytes(32).toString('hex');
const now = new Date('2026-11-22T12:00:00Z');

describe.each(dialects)('the key check on %s', (dialect) => {
  it('is stored at first start, matched by the same key, refused with another', async () => {
    const db = await createTestDatabase(dialect);
    try {
      const key = randomBytes(32);
      // Two instances starting at once with the same key: one stores the check, both pass.
      const firsts = await Promise.all([
        verifySealingKey(db.database.db, createSealer(key), 'test key', now),
        verifySealingKey(db.database.db, createSealer(key), 'test key', now),
      ]);
      expect(firsts).toContain('stored');
      expect(await verifySealingKey(db.database.db, createSealer(key), 'test key', now)).toBe('matched');
      await expect(
        verifySealingKey(db.database.db, createSealer(randomBytes(32)), 'WAYBILL_SECRET_KEY', now),
      ).rejects.toThrow(SealingKeyMismatch);
      await expect(
        verifySealingKey(db.database.db, createSealer(randomBytes(32)), 'WAYBILL_SECRET_KEY', now),
      ).rejects.toThrow(/set WAYBILL_SECRET_KEY to the key of the instances already running/);
    } finally {
      await db.drop();
    }
  });

  it('refuses a key that cannot open the credentials of a database from before the check', async () => {
    const db = await createTestDatabase(dialect);
    try {
      const sealed = createSealer(randomBytes(32)).seal('{"account_number":"1"}');
      await db.database.db
        .insertInto('shipping_accounts')
        .values({
          id: '100000000000001',
          tenant: 'acme',
          carrier: 'carrier_a',
          country: 'US',
          name: null,
          test: 1,
          auth_sealed: sealed,
          billing_address: null,
          defaults: '{}',
          location_id: null,
          parent_id: null,
          created_at: now.toISOString(),
        })
        .execute();
      await expect(verifySealingKey(db.database.db, createSealer(randomBytes(32)), 'test key', now)).rejects.toThrow(
        SealingKeyMismatch,
      );
      expect(await db.database.db.selectFrom('key_check').selectAll().execute()).toEqual([]);
    } finally {
      await db.drop();
    }
  });
});

describe('a stored credential this instance cannot open', () => {
  it('answers sealing_key_mismatch (503) naming the fix, never a 500', async () => {
    const t = await createTestApp();
    try {
      const key = await t.key();
      const id = (
        await t.call('POST', '/shippingaccount', key, {
          shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
        })
      ).body.shipping_account.id;
      const foreign = createSealer(randomBytes(32)).seal('{"account_number":"740561073"}');
      await t.db.database.db
        .updateTable('shipping_accounts')
        .set({ auth_sealed: foreign })
        .where('id', '=', id)
        .execute();
      const read = expectError(await t.call('GET', `/shippingaccount/${id}`, key), 503, 'sealing_key_mismatch');
      expect(read.message).toContain('WAYBILL_SECRET_KEY');
      expect(read.detail).toBe(id);
      const shipment = {
        shipping_account: id,
        sender: { country: 'US' },
        recipient: { country: 'US' },
        packages: [{ weight: 1 }],
        packaging: 'your_packaging',
        dim_units: 'IN',
        weight_units: 'LB',
      };
      expectError(await t.call('POST', '/rate', key, { shipment }), 503, 'sealing_key_mismatch');
    } finally {
      await t.close();
    }
  });
});

describe('waybill serve and migrate with another key', () => {
  it('refuse to start on a SQLite database sealed with another key, saying what to do', async () => {
    const dataDir = tempDir('key');
    const first = { WAYBILL_DATA_DIR: dataDir, WAYBILL_SECRET_KEY: hexKey(), WAYBILL_LOG_LEVEL: 'warn' };
    expect((await runCli(['migrate'], first)).code).toBe(0);

    const wrong = { ...first, WAYBILL_SECRET_KEY: hexKey() };
    const migrate = await runCli(['migrate'], wrong);
    expect(migrate.code).toBe(2);
    expect(migrate.stderr).toMatch(/sealing key \(WAYBILL_SECRET_KEY\) does not match/);

    // No key at all: the data directory's own key file, which is not the first instance's key.
    const { WAYBILL_SECRET_KEY: _unset, ...noKey } = first;
    const fileKey = await runCli(['migrate'], { ...noKey, WAYBILL_SECRET_KEY: '' });
    expect(fileKey.code).toBe(2);
    expect(fileKey.stderr).toContain('secret.key');
  }, 120_000);

  it.skipIf(!postgresUrl)(
    'two instances on one PostgreSQL database: the second, with another key or none, refuses to start',
    async () => {
      const pg = await createTestDatabase('postgres');
      await pg.database.close();
      const env = { WAYBILL_DATABASE_URL: pg.url, WAYBILL_SECRET_KEY: hexKey(), WAYBILL_DATA_DIR: tempDir('pg-key') };
      const one = await startServe(env);
      try {
        const two = await runCli(['serve'], {
          ...env,
          WAYBILL_SECRET_KEY: hexKey(),
          PORT: '0',
          WAYBILL_EMULATOR_PORT: '0',
        });
        expect(two.code).toBe(2);
        expect(two.stderr).toContain('Every instance on one database needs the same key');
        // No key: this instance's own key file.
        const three = await runCli(['serve'], {
          ...env,
          WAYBILL_SECRET_KEY: '',
          WAYBILL_DATA_DIR: tempDir('pg-key'),
          PORT: '0',
          WAYBILL_EMULATOR_PORT: '0',
        });
        expect(three.code).toBe(2);
        expect(three.stderr).toContain('secret.key');
        // The first instance is unaffected.
        expect((await fetch(`${one.url}/readyz`)).status).toBe(200);
      } finally {
        await one.stop();
        await pg.drop().catch(() => undefined);
      }
    },
    120_000,
  );
});
