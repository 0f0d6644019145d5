/**
 * Console sessions through the real app: the cookie's flags, CSRF on every change made with the
 * cookie, idle and absolute expiry, sign-out and sign-out everywhere, rights that follow a demotion
 * or a removal on the very next request, and API keys unchanged beside them. The clock stands still
 * unless a test moves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from '../support/app.js';

let offset = 0;
const clock = { now: () => new Date(Date.parse('2026-11-26T12:00:00Z') + offset) };
let t: TestApp;
/** Signed in by most tests: at most 10 times, its account's sign-in burst (the clock stands still). */
let owner: { id: string; email: string; password: string };

interface Session {
  cookie: string;
  csrf: string;
  setCookie: string;
}

async function signIn(email: string, password: string, app = t): Promise<Session> {
  const res = await app.call('POST', '/session', undefined, { session: { email, password } });
  expect(res.status, res.raw).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  return { cookie: setCookie.split(';')[0]!, csrf: res.body.me.csrf_token, setCookie };
}

/** A request made with the session's cookie, and its CSRF token unless told otherwise. */
function as(s: Session, method: string, url: string, body?: unknown, opts: { csrf?: string | null } = {}) {
  const csrf = opts.csrf === undefined ? s.csrf : opts.csrf;
  return t.call(method, url, undefined, body, { cookie: s.cookie, ...(csrf !== null ? { 'x-csrf-token': csrf } : {}) });
}

/** An action a shipper may take that needs no carrier: cancelling on an account this tenant does not have (404 when allowed). */
const cancel = (s: Session) =>
  as(s, 'POST', '/cancel', { cancel: { shipping_account: '100000000000001', tracking_number: 'NOPE1' } });

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await t.user({ role: 'owner', email: 'owner@example.com' });
});
afterAll(() => t.close());

describe('signing in', () => {
  it('sets an HttpOnly, SameSite=Strict cookie for the whole site, not Secure over plain http', async () => {
    const s = await signIn(owner.email, owner.password);
    expect(s.setCookie).toMatch(
      /^waybill_session=ws_[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=86400$/,
    );
    const me = (await as(s, 'GET', '/me')).body.me;
    expect(me).toMatchObject({
      tenant: 'acme',
      actor: { kind: 'user', id: owner.id },
      role: 'owner',
      user: { email: 'owner@example.com', status: 'active' },
      csrf_token: s.csrf,
    });
    expect(me.permissions).toContain('users.owners');
  });

  it('marks the cookie Secure when the service is public over https', async () => {
    const https = await createTestApp({ clock, env: { WAYBILL_PUBLIC_URL: 'https://ship.example.com' } });
    try {
      const u = await https.user({ role: 'viewer' });
      const s = await signIn(u.email, u.password, https);
      expect(s.setCookie).toMatch(/; Secure$/);
    } finally {
      await https.close();
    }
  });

  it('answers the same to an unknown address, a wrong password, an invited user and a disabled one', async () => {
    const viewer = await t.user({ role: 'viewer' });
    const admin = await signIn(owner.email, owner.password);
    const invited = (
      await as(admin, 'POST', '/users/invitations', { invitation: { email: 'later@example.com', role: 'viewer' } })
    ).body.user;
    expect(invited.status).toBe('invited');
    const disabled = await t.user({ role: 'viewer' });
    expect((await as(admin, 'PATCH', `/users/${disabled.id}`, { user: { disabled: true } })).status).toBe(200);
    const answers = [
      await t.call('POST', '/session', undefined, {
        session: { email: 'nobody@example.com', password: 'whatever-it-is' },
      }),
      await t.call('POST', '/session', undefined, { session: { email: viewer.email, password: 'not-the-password' } }),
      await t.call('POST', '/session', undefined, {
        session: { email: 'later@example.com', password: 'whatever-it-is' },
      }),
      await t.call('POST', '/session', undefined, { session: { email: disabled.email, password: disabled.password } }),
    ];
    for (const a of answers) expect(a.raw).toBe(answers[0]!.raw);
    expectError(answers[0]!, 401, 'sign_in_failed');
    for (const a of answers) expect(a.headers['set-cookie']).toBeUndefined();
  });

  it('ignores an Idempotency-Key: every sign-in is a session of its own, no answer is stored to replay', async () => {
    const u = await t.user({ role: 'viewer' });
    const body = { session: { email: u.email, password: u.password } };
    const [a, b] = [
      await t.call('POST', '/session', undefined, body, { 'idempotency-key': 'sign-in-1' }),
      await t.call('POST', '/session', undefined, body, { 'idempotency-key': 'sign-in-1' }),
    ];
    expect(a.headers['idempotent-replayed']).toBeUndefined();
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(String(a.headers['set-cookie'])).not.toBe(String(b.headers['set-cookie']));
    expect(
      await t.db.database.db.selectFrom('idempotency').selectAll().where('key', '=', 'sign-in-1').execute(),
    ).toEqual([]);
  });

  it('finds the address whatever its case', async () => {
    await t.user({ role: 'viewer', email: 'casey@example.com', password: 'casey password 1' });
    const s = await signIn('CASEY@Example.COM', 'casey password 1');
    expect((await as(s, 'GET', '/me')).status).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses a change made with the cookie without the token, or with another session’s', async () => {
    const s = await signIn(owner.email, owner.password);
    const other = await signIn(owner.email, owner.password);
    const body = { invitation: { email: 'csrf@example.com', role: 'viewer' } };
    const err = expectError(await as(s, 'POST', '/users/invitations', body, { csrf: null }), 403, 'forbidden');
    expect(err.detail).toBe('x-csrf-token');
    expectError(await as(s, 'POST', '/users/invitations', body, { csrf: other.csrf }), 403, 'forbidden');
    expectError(await as(s, 'DELETE', '/session', undefined, { csrf: 'x' }), 403, 'forbidden');
    // Nothing was made by the refused requests.
    expect((await as(s, 'GET', '/users')).body.users.map((u: { email: string }) => u.email)).not.toContain(
      'csrf@example.com',
    );
    expect((await as(s, 'POST', '/users/invitations', body)).status).toBe(200);
  });

  it('lets reads through without it, and asks nothing of API keys', async () => {
    const s = await signIn(owner.email, owner.password);
    expect((await as(s, 'GET', '/shipments', undefined, { csrf: null })).status).toBe(200);
    const key = await t.key('acme');
    expect(
      (await t.call('POST', '/webhooks', key, { webhook: { url: 'https://hooks.example.com/a', events: ['*'] } }))
        .status,
    ).toBe(200);
  });

  it('goes by the key when a request carries a key and a cookie', async () => {
    const s = await signIn(owner.email, owner.password);
    const read = await t.key('acme', { scope: 'read' });
    const res = await t.call('GET', '/me', read, undefined, { cookie: s.cookie });
    expect(res.body.me).toMatchObject({ actor: { kind: 'key' }, scope: 'read' });
    expect(res.body.me.csrf_token).toBeUndefined();
  });
});

describe('ending sessions', () => {
  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const s = await signIn(owner.email, owner.password);
    const out = await as(s, 'DELETE', '/session');
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(
      /^waybill_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/,
    );
    expectError(await as(s, 'GET', '/me'), 401, 'session_expired');
  });

  it('signs out everywhere: every session of the user ends, other users’ stay', async () => {
    const u = await t.user({ role: 'viewer' });
    const [a, b] = [await signIn(u.email, u.password), await signIn(u.email, u.password)];
    const mine = await signIn(owner.email, owner.password);
    const res = await as(a, 'DELETE', '/sessions');
    expect(res.body.success.ended).toBe(2);
    expectError(await as(b, 'GET', '/me'), 401, 'session_expired');
    expect((await as(mine, 'GET', '/me')).status).toBe(200);
  });

  it('ends a session unused for the idle time, and any session at its absolute expiry', async () => {
    const u = await t.user({ role: 'viewer' });
    const idle = await signIn(u.email, u.password);
    offset += 2 * 3_600_000;
    expectError(await as(idle, 'GET', '/me'), 401, 'session_expired');

    const busy = await signIn(u.email, u.password);
    // Used every hour, it outlives the idle time, but not 24 hours.
    for (let hour = 1; hour < 24; hour++) {
      offset += 3_600_000;
      expect((await as(busy, 'GET', '/me')).status, `after ${hour} h`).toBe(200);
    }
    offset += 3_600_000;
    expectError(await as(busy, 'GET', '/me'), 401, 'session_expired');
  });

  it('says so to a key: sign-out ends sessions, not keys', async () => {
    expectError(await t.call('DELETE', '/session', await t.key('acme')), 404, 'not_found');
  });
});

describe('rights follow the user at once', () => {
  it('a demoted shipper loses shipping on its next request; a removed or disabled user is signed out', async () => {
    const boss = await signIn(owner.email, owner.password);
    const shipper = await t.user({ role: 'shipper' });
    const s = await signIn(shipper.email, shipper.password);
    expectError(await cancel(s), 404, 'shipping_account_not_found');

    expect((await as(boss, 'PATCH', `/users/${shipper.id}`, { user: { role: 'viewer' } })).body.user.role).toBe(
      'viewer',
    );
    const refused = expectError(await cancel(s), 403, 'forbidden');
    expect(refused.message).toBe('POST /cancel needs the permission shipments.cancel, which role viewer does not have');
    expect((await as(s, 'GET', '/me')).body.me.role).toBe('viewer');

    expect((await as(boss, 'PATCH', `/users/${shipper.id}`, { user: { role: 'shipper' } })).status).toBe(200);
    expectError(await cancel(s), 404, 'shipping_account_not_found');

    expect((await as(boss, 'PATCH', `/users/${shipper.id}`, { user: { disabled: true } })).body.user.status).toBe(
      'disabled',
    );
    expectError(await as(s, 'GET', '/me'), 401, 'session_expired');

    const other = await t.user({ role: 'shipper' });
    const o = await signIn(other.email, other.password);
    expect((await as(boss, 'DELETE', `/users/${other.id}`)).status).toBe(200);
    expectError(await as(o, 'GET', '/me'), 401, 'session_expired');
  });
});
