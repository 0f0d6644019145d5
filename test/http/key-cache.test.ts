/**
 * A verified key is kept in memory for 5 s with what it may do (http/auth.ts), so that a polling
 * client costs no database read. A change made through one instance holds there at once; another
 * instance, sharing the database, may act on its kept answer until that answer is 5 s old, and no
 * longer. Here both instances run on one SQLite file and one test clock, moved by hand. A tenant's
 * status is kept apart from the key, for a second (test/http/platforms.test.ts: a suspension made
 * through another instance).
 */
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from '../support/app.js';

/** How long a verified key is kept: the authenticator's default. */
const KEY_CACHE_MS = 5_000;

let offset = 0;
const clock = { now: () => new Date(Date.parse('2026-11-29T12:00:00Z') + offset) };
let one: TestApp;
let two: TestApp;

interface Session {
  cookie: string;
  csrf: string;
  userId: string;
}

async function signIn(app: TestApp, email: string, password: string): Promise<Session> {
  const res = await app.call('POST', '/session', undefined, { session: { email, password } });
  expect(res.status, res.raw).toBe(200);
  return {
    cookie: String(res.headers['set-cookie']).split(';')[0]!,
    csrf: res.body.me.csrf_token,
    userId: res.body.me.user.id,
  };
}

const as = (app: TestApp, s: Session, method: string, url: string, body?: unknown) =>
  app.call(method, url, undefined, body, { cookie: s.cookie, 'x-csrf-token': s.csrf });

/** An admin of acme with a key they made, signed in on the first instance; the owner too. */
async function makerWithKey(scope: 'admin' | 'ship') {
  const owner = await one.user({ tenant: 'acme', role: 'owner' });
  const maker = await one.user({ tenant: 'acme', role: 'admin' });
  const ownerSession = await signIn(one, owner.email, owner.password);
  const makerSession = await signIn(one, maker.email, maker.password);
  const res = await as(one, makerSession, 'POST', '/keys', { key: { name: 'scanner', scope } });
  expect(res.status, res.raw).toBe(200);
  const made = res.body.key;
  return { ownerSession, makerSession, key: made.key as string, id: made.id as string };
}

beforeEach(async () => {
  offset = 0;
  const file = join(mkdtempSync(join(tmpdir(), 'waybill-key-cache-')), 'waybill.sqlite');
  one = await createTestApp({ clock, sqliteFile: file });
  two = await createTestApp({ clock, sqliteFile: file });
});

afterEach(async () => {
  await two.close();
  await one.close();
});

describe('a change made through another instance', () => {
  it('a revoked key: refused at once where it was revoked, on the other instance once its answer is 5 s old', async () => {
    const { ownerSession, key, id } = await makerWithKey('admin');
    // The second instance verifies the key and keeps that answer.
    expect((await two.call('GET', '/shipments', key)).status).toBe(200);
    expect((await as(one, ownerSession, 'DELETE', `/keys/${id}`)).status).toBe(200);
    expectError(await one.call('GET', '/shipments', key), 401, 'wrong_api_key');
    offset += KEY_CACHE_MS - 1;
    expect((await two.call('GET', '/shipments', key)).status).toBe(200);
    offset += 1;
    expectError(await two.call('GET', '/shipments', key), 401, 'wrong_api_key');
  });

  it('a role lowered: the keys its user made lose what the role lost, within the same 5 s', async () => {
    const { ownerSession, makerSession, key } = await makerWithKey('admin');
    expect((await two.call('GET', '/keys', key)).status).toBe(200);
    expect(
      (await as(one, ownerSession, 'PATCH', `/users/${makerSession.userId}`, { user: { role: 'viewer' } })).status,
    ).toBe(200);
    expectError(await one.call('GET', '/keys', key), 403, 'forbidden');
    offset += KEY_CACHE_MS - 1;
    expect((await two.call('GET', '/keys', key)).status).toBe(200);
    offset += 1;
    expectError(await two.call('GET', '/keys', key), 403, 'forbidden');
    // What a viewer keeps, the key keeps.
    expect((await two.call('GET', '/shipments', key)).status).toBe(200);
  });

  it('a user removed: the keys they made are refused, within the same 5 s', async () => {
    const { ownerSession, makerSession, key } = await makerWithKey('ship');
    expect((await two.call('GET', '/shipments', key)).status).toBe(200);
    expect((await as(one, ownerSession, 'DELETE', `/users/${makerSession.userId}`)).status).toBe(200);
    expectError(await one.call('GET', '/shipments', key), 401, 'wrong_api_key');
    offset += KEY_CACHE_MS - 1;
    expect((await two.call('GET', '/shipments', key)).status).toBe(200);
    offset += 1;
    expectError(await two.call('GET', '/shipments', key), 401, 'wrong_api_key');
  });
});
