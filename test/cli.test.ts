/** The real CLI and the real server as separate processes, as an operator runs them. */
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountBody, validAuth } from './support/accounts.js';
import { createTestDatabase, postgresUrl } from './support/databases.js';
import { runCli, startServe } from './support/process.js';
import { waitFor } from './support/webhook-receiver.js';
import { tempDirs } from './support/temp-dir.js';

const tempDir = tempDirs();

const lastLine = (text: string) => text.trim().split('\n').at(-1)!;

async function get(url: string, key?: string) {
  const res = await fetch(url, { headers: key ? { zkkey: key } : {} });
  return { status: res.status, body: (await res.json()) as any };
}

describe('waybill keys', () => {
  it('creates, lists and revokes keys, also while the server runs on the same data directory', async () => {
    const env = { WAYBILL_DATA_DIR: tempDir('cli'), WAYBILL_LOG_LEVEL: 'warn' };
    const server = await startServe({ ...env, WAYBILL_LOG_LEVEL: 'info' });
    try {
      const created = await runCli(['keys', 'create', '--tenant', 'acme', '--expires-in', '30d'], env);
      expect(created.code).toBe(0);
      const key = lastLine(created.stdout);
      expect(key).toMatch(/^wb_[A-Za-z0-9_-]{20,}$/);
      expect(created.stdout).toMatch(/expires 20\d\d-/);

      expect((await get(`${server.url}/shippingaccount`, key)).status).toBe(200);
      // The audit log says the operator made it.
      expect((await get(`${server.url}/audit?action=key.created`, key)).body).toEqual([
        expect.objectContaining({ actor: { kind: 'operator' }, changes: expect.objectContaining({ scope: 'full' }) }),
      ]);

      const list = await runCli(['keys', 'list'], env);
      expect(list.code).toBe(0);
      expect(list.stdout).toContain('acme');
      expect(list.stdout).not.toContain(key);
      const id = /^(key_\S+)/m.exec(list.stdout)![1]!;

      const revoked = await runCli(['keys', 'revoke', id], env);
      expect(revoked.code).toBe(0);
      // The server trusts a verified key for a few seconds at most (5 s), then refuses the revoked one.
      await waitFor(
        async () => (await get(`${server.url}/shippingaccount`, key)).body.error?.code === 'wrong_api_key',
        'the revoked key to be refused',
        10_000,
      );
      expect((await runCli(['keys', 'revoke', id], env)).code).toBe(2);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('rejects bad arguments with a usage message and exit code 2', async () => {
    const env = { WAYBILL_DATA_DIR: tempDir('cli') };
    const bad = await runCli(['keys', 'create', '--tenant', 'acme', '--expires-in', 'soon'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--expires-in');
    expect((await runCli(['keys', 'create'], env)).code).toBe(2);
    expect((await runCli(['frobnicate'], env)).stderr).toContain('usage: waybill');
    expect((await runCli(['serve'], { ...env, PORT: 'eighty' })).stderr).toContain('PORT');
  }, 60_000);
});

describe('waybill serve on a taken port', () => {
  it('ends with one line naming the setting to change and a non-zero exit, for the emulator’s port and the service’s', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = String((holder.address() as AddressInfo).port);
    try {
      for (const [setting, env] of [
        ['WAYBILL_EMULATOR_PORT', { PORT: '0', WAYBILL_EMULATOR_PORT: port }],
        ['PORT', { PORT: port, HOST: '127.0.0.1', WAYBILL_EMULATOR_PORT: '0' }],
      ] as const) {
        const res = await runCli(['serve'], { ...env, WAYBILL_DATA_DIR: tempDir('port'), WAYBILL_LOG_LEVEL: 'warn' });
        expect(res.code, res.stderr).not.toBe(0);
        expect(res.stderr.trim().split('\n')).toEqual([
          `port ${port} is in use, so ${setting === 'PORT' ? 'Waybill' : 'the carrier emulator'} cannot listen there: set ${setting} to a free port`,
        ]);
      }
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 60_000);
});

describe.skipIf(!postgresUrl)('two service processes on one PostgreSQL database', () => {
  it('serve the same accounts', async () => {
    const pg = await createTestDatabase('postgres');
    await pg.database.close();
    const env = {
      WAYBILL_DATABASE_URL: pg.url,
      WAYBILL_SECRET_KEY: randomBytes(32).toString('hex'),
      WAYBILL_DATA_DIR: tempDir('pg'),
    };
    const [one, two] = await Promise.all([startServe(env), startServe(env)]);
    try {
      const key = lastLine((await runCli(['keys', 'create', '--tenant', 'shared'], env)).stdout);
      const res = await fetch(`${one.url}/shippingaccount`, {
        method: 'POST',
        headers: { zkkey: key, 'content-type': 'application/json' },
        body: JSON.stringify(accountBody('carrier_c')),
      });
      const id = ((await res.json()) as any).shipping_account.id;
      const read = await get(`${two.url}/shippingaccount/${id}`, key);
      expect(read.status).toBe(200);
      expect(read.body.shipping_account.auth.site_id).toBe(validAuth.carrier_c.site_id);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
      await pg.drop().catch(() => undefined);
    }
  }, 60_000);
});
