/**
 * Finding: JWTs with `exp: 1e308` (never expiring), `sub: " acme"` (another tenant by a space) and a
 * 5,000-character `sub` were accepted. The lifetime is capped (WAYBILL_JWT_MAX_LIFETIME, 24 h), `sub`
 * must be a tenant name, and WAYBILL_JWT_AUDIENCE / WAYBILL_JWT_ISSUER are checked when set.
 */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../support/app.js';

const SECRET = 'operator-gateway-secret-0123456789';
const now = () => Math.floor(Date.now() / 1000);
const sign = (claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(new TextEncoder().encode(SECRET));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('JWT bearer tokens without audience or issuer settings', () => {
  const s = useTestApp({ env: { WAYBILL_JWT_SECRET: SECRET } });
  const get = async (token: string) => s.t.call('GET', '/webhooks', undefined, undefined, bearer(token));

  it('refuses a lifetime beyond 24 h, accepts one within', async () => {
    expectError(await get(await sign({ sub: 'acme', exp: 1e308 })), 401, 'wrong_api_key');
    expectError(await get(await sign({ sub: 'acme', exp: now() + 86_400 + 120 })), 401, 'wrong_api_key');
    expect((await get(await sign({ sub: 'acme', exp: now() + 3600 }))).status).toBe(200);
  });

  it('refuses a sub that is not a tenant name', async () => {
    for (const sub of [' acme', 'acme ', 'a'.repeat(5000), 'ac/me', '']) {
      expectError(await get(await sign({ sub, exp: now() + 60 })), 401, 'wrong_api_key');
    }
  });
});

describe('JWT bearer tokens with WAYBILL_JWT_AUDIENCE, WAYBILL_JWT_ISSUER and a 1 h lifetime', () => {
  const s = useTestApp({
    env: {
      WAYBILL_JWT_SECRET: SECRET,
      WAYBILL_JWT_AUDIENCE: 'waybill',
      WAYBILL_JWT_ISSUER: 'https://gateway.example',
      WAYBILL_JWT_MAX_LIFETIME: '1h',
    },
  });
  const get = async (claims: Record<string, unknown>) =>
    s.t.call(
      'GET',
      '/webhooks',
      undefined,
      undefined,
      bearer(await sign({ sub: 'acme', exp: now() + 600, ...claims })),
    );

  it('checks both claims and the configured lifetime', async () => {
    expect((await get({ aud: 'waybill', iss: 'https://gateway.example' })).status).toBe(200);
    expectError(await get({ iss: 'https://gateway.example' }), 401, 'wrong_api_key');
    expectError(await get({ aud: 'other', iss: 'https://gateway.example' }), 401, 'wrong_api_key');
    expectError(await get({ aud: 'waybill', iss: 'https://evil.example' }), 401, 'wrong_api_key');
    expectError(await get({ aud: 'waybill', iss: 'https://gateway.example', exp: now() + 7200 }), 401, 'wrong_api_key');
  });
});
