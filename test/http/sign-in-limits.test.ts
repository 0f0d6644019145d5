/**
 * Guessing passwords is throttled whatever WAYBILL_RATE_LIMIT says: per account (10 attempts, then
 * one a minute, an address without an account counted the same) and per client address (30, then
 * one every 5 seconds), answered 429 with Retry-After before any password is checked. The clock
 * stands still unless a test moves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from '../support/app.js';

let offset = 0;
const clock = { now: () => new Date(Date.parse('2026-11-26T12:00:00Z') + offset) };
let t: TestApp;

const attempt = (email: string, password: string, ip = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/session',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ session: { email, password } }),
  });

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('sign-in throttling', () => {
  it('refuses an account’s 11th attempt, even with the right password, until a minute has passed', async () => {
    const u = await t.user({ role: 'viewer' });
    for (let i = 0; i < 10; i++)
      expect((await attempt(u.email, `guess-number-${i}`, `198.51.100.${i}`)).statusCode).toBe(401);
    const limited = await attempt(u.email, u.password, '198.51.100.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'rate_limited', detail: 'to sign in to this account' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    offset += 60_000;
    expect((await attempt(u.email, u.password, '198.51.100.99')).statusCode).toBe(200);
  });

  it('counts an address that has no account the same way: the answers tell nothing', async () => {
    for (let i = 0; i < 10; i++)
      expect((await attempt('nobody@example.com', `guess-number-${i}`, `192.0.2.${i}`)).statusCode).toBe(401);
    expect((await attempt('nobody@example.com', 'guess', '192.0.2.99')).statusCode).toBe(429);
  });

  it('refuses an address’s 31st attempt, whatever accounts it tries', async () => {
    for (let i = 0; i < 30; i++)
      expect((await attempt(`person${i}@example.com`, 'some-guess-here')).statusCode).toBe(401);
    const limited = await attempt('person99@example.com', 'some-guess-here');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.detail).toBe('to sign in from this address');
    // Another address still gets an answer.
    expect((await attempt('person99@example.com', 'some-guess-here', '203.0.113.200')).statusCode).toBe(401);
  });

  it('answers the refusal in the error shape', async () => {
    expectError(
      await t.call('POST', '/session', undefined, { session: { email: 'x@example.com', password: 'y' } }),
      401,
      'sign_in_failed',
    );
  });
});
