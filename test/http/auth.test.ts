import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeKey, listKeys } from '../../src/storage/repositories/keys.js';
import { createTestApp, expectError, type TestApp } from '../support/app.js';

const JWT_SECRET = 'operator-gateway-secret-0123456789';
let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ env: { WAYBILL_JWT_SECRET: JWT_SECRET } });
  key = await t.key('acme');
});
afterAll(() => t.close());

const hs256 = (claims: Record<string, unknown>, secret = JWT_SECRET) => {
  let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
  if (claims.sub !== undefined) jwt = jwt.setSubject(String(claims.sub));
  return jwt.sign(new TextEncoder().encode(secret));
};

describe('API keys', () => {
  it('answers 401 missing_api_key without a key', async () => {
    expectError(await t.call('GET', '/shippingaccount', undefined), 401, 'missing_api_key');
    expectError(
      await t.call('GET', '/shippingaccount', undefined, undefined, { authorization: 'Basic abc' }),
      401,
      'missing_api_key',
    );
  });

  it('answers 401 wrong_api_key for an unknown key', async () => {
    expectError(await t.call('GET', '/shippingaccount', 'wb_not-a-real-key'), 401, 'wrong_api_key');
  });

  it('accepts the key in zkkey or as a Bearer token', async () => {
    expect((await t.call('GET', '/shippingaccount', key)).status).toBe(200);
    expect(
      (await t.call('GET', '/shippingaccount', undefined, undefined, { authorization: `Bearer ${key}` })).status,
    ).toBe(200);
  });

  it('refuses a revoked key and an expired key', async () => {
    const revoked = await t.key('acme');
    const rows = await listKeys(t.db.database.db, 'acme');
    const id = rows.find(
      (r) => revoked.startsWith(r.key_prefix) && r.revoked_at === null && !key.startsWith(r.key_prefix),
    )!.id;
    expect(await revokeKey(t.db.database.db, id, new Date())).toBe(true);
    expectError(await t.call('GET', '/shippingaccount', revoked), 401, 'wrong_api_key');

    const expired = await t.key('acme', { expiresAt: new Date(Date.now() - 1000) });
    expectError(await t.call('GET', '/shippingaccount', expired), 401, 'wrong_api_key');
  });

  it('stores only hashes of keys', async () => {
    const rows = await t.db.database.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key);
  });
});

describe('JWT bearer tokens', () => {
  it('accepts an HS256 token whose sub is the tenant and that has exp', async () => {
    const token = await hs256({ sub: 'jwt-tenant', exp: Math.floor(Date.now() / 1000) + 60 });
    const res = await t.call(
      'POST',
      '/shippingaccount',
      undefined,
      { shipping_account: { carrier: 'carrier_a', country: 'US', test: true } },
      { authorization: `Bearer ${token}` },
    );
    expect(res.status).toBe(200);
    // The account belongs to the token's tenant, not to anyone else.
    expectError(
      await t.call('GET', `/shippingaccount/${res.body.shipping_account.id}`, key),
      404,
      'shipping_account_not_found',
    );
    expect(
      (
        await t.call('GET', `/shippingaccount/${res.body.shipping_account.id}`, undefined, undefined, {
          authorization: `Bearer ${token}`,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses tokens that are expired, lack exp or sub, or are signed with another secret', async () => {
    const now = Math.floor(Date.now() / 1000);
    const bad = [
      await hs256({ sub: 'x', exp: now - 10 }),
      await hs256({ sub: 'x' }),
      await hs256({ exp: now + 60 }),
      await hs256({ sub: 'x', exp: now + 60 }, 'another-secret-another-secret-0000'),
    ];
    for (const token of bad)
      expectError(
        await t.call('GET', '/shippingaccount', undefined, undefined, { authorization: `Bearer ${token}` }),
        401,
        'wrong_api_key',
      );
  });

  it('refuses JWTs when no JWT key is configured', async () => {
    const plain = await createTestApp();
    try {
      const token = await hs256({ sub: 'x', exp: Math.floor(Date.now() / 1000) + 60 });
      expectError(await plain.call('GET', '/shippingaccount', token), 401, 'wrong_api_key');
    } finally {
      await plain.close();
    }
  });

  it('accepts EdDSA tokens verified with a configured public key', async () => {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { extractable: true });
    const pem = await exportSPKI(publicKey);
    const app = await createTestApp({ env: { WAYBILL_JWT_PUBLIC_KEY: pem } });
    try {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'EdDSA' })
        .setSubject('edd')
        .setExpirationTime('1m')
        .sign(privateKey);
      expect((await app.call('GET', '/shippingaccount', token)).status).toBe(200);
      const forged = await hs256({ sub: 'edd', exp: Math.floor(Date.now() / 1000) + 60 });
      expectError(await app.call('GET', '/shippingaccount', forged), 401, 'wrong_api_key');
    } finally {
      await app.close();
    }
  });
});

describe('public routes', () => {
  it('serves health, readiness, OpenAPI and docs without a key', async () => {
    expect((await t.call('GET', '/healthz', undefined)).body).toEqual({ status: 'ok' });
    expect((await t.call('GET', '/readyz', undefined)).body).toEqual({ status: 'ready' });
    expect((await t.call('GET', '/openapi.json', undefined)).status).toBe(200);
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});
