/**
 * Users and keys through the real app: invitations (signed, expiring, single-use), who may change
 * whom (admins below owner, a tenant keeps an owner), API keys as objects (scope at most the
 * maker's, shown once, listed with creator and last use, revoked), and tenants kept apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from '../support/app.js';

let offset = 0;
const clock = { now: () => new Date(Date.parse('2026-11-26T12:00:00Z') + offset) };
let t: TestApp;
let owner: Session;

interface Session {
  cookie: string;
  csrf: string;
  me: any;
}

async function signIn(email: string, password: string): Promise<Session> {
  const res = await t.call('POST', '/session', undefined, { session: { email, password } });
  expect(res.status, res.raw).toBe(200);
  return { cookie: String(res.headers['set-cookie']).split(';')[0]!, csrf: res.body.me.csrf_token, me: res.body.me };
}

const as = (s: Session, method: string, url: string, body?: unknown) =>
  t.call(method, url, undefined, body, { cookie: s.cookie, 'x-csrf-token': s.csrf });
const tokenOf = (url: string) => new URL(url).hash.slice(1);
const accept = (token: string, password = 'a long enough password', name?: string) =>
  t.call('POST', '/invitations/accept', undefined, { invitation: { token, password, ...(name ? { name } : {}) } });

beforeAll(async () => {
  t = await createTestApp({ clock });
  const u = await t.user({ role: 'owner' });
  owner = await signIn(u.email, u.password);
});
afterAll(() => t.close());

describe('invitations', () => {
  it('an invited person chooses a password once, is signed in, and the link then refuses', async () => {
    const res = await as(owner, 'POST', '/users/invitations', {
      invitation: { email: 'Sam@Example.com', role: 'shipper' },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'sam@example.com', role: 'shipper', status: 'invited' });
    const url = new URL(res.body.invitation.url);
    expect(url.pathname).toBe('/console/accept');
    expect(res.body.invitation.expires).toBe('2026-12-03T12:00:00.000Z');

    const accepted = await accept(tokenOf(res.body.invitation.url), 'a long enough password', 'Sam Shipper');
    expect(accepted.status, accepted.raw).toBe(200);
    expect(accepted.body.me).toMatchObject({
      tenant: 'acme',
      role: 'shipper',
      user: { name: 'Sam Shipper', status: 'active' },
    });
    expect(String(accepted.headers['set-cookie'])).toMatch(/^waybill_session=ws_/);

    expectError(await accept(tokenOf(res.body.invitation.url)), 410, 'link_expired');
    expect((await signIn('sam@example.com', 'a long enough password')).me.role).toBe('shipper');
  });

  it('refuses a tampered link, an expired one, a short password, and the link an invitation again replaced', async () => {
    const first = (
      await as(owner, 'POST', '/users/invitations', { invitation: { email: 'kim@example.com', role: 'viewer' } })
    ).body.invitation;
    const token = tokenOf(first.url);
    expectError(await accept(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`), 404, 'not_found');
    expectError(await accept(token, 'short'), 400, 'schema_validation_error');

    const again = await as(owner, 'POST', '/users/invitations', {
      invitation: { email: 'kim@example.com', role: 'admin', name: 'Kim' },
    });
    expect(again.body.user).toMatchObject({ role: 'admin', name: 'Kim', status: 'invited' });
    expectError(await accept(token), 404, 'not_found');

    offset += 7 * 86_400_000 + 1000;
    try {
      expectError(await accept(tokenOf(again.body.invitation.url)), 410, 'link_expired');
    } finally {
      offset -= 7 * 86_400_000 + 1000;
    }
    expect((await accept(tokenOf(again.body.invitation.url))).status).toBe(200);
  });

  it('refuses to invite an address that has a user already, in this tenant or another', async () => {
    const other = await t.user({ tenant: 'globex', role: 'viewer', email: 'taken@example.com' });
    expect(other.id).toMatch(/^usr_/);
    expectError(
      await as(owner, 'POST', '/users/invitations', { invitation: { email: 'TAKEN@example.com', role: 'viewer' } }),
      409,
      'conflict',
    );
  });
});

describe('who may change whom', () => {
  it('an admin manages users below owner, and not owners', async () => {
    const admin = await t.user({ role: 'admin' });
    const a = await signIn(admin.email, admin.password);
    expect(
      (await as(a, 'POST', '/users/invitations', { invitation: { email: 'by-admin@example.com', role: 'viewer' } }))
        .status,
    ).toBe(200);
    const err = expectError(
      await as(a, 'POST', '/users/invitations', { invitation: { email: 'new-owner@example.com', role: 'owner' } }),
      403,
      'forbidden',
    );
    expect(err.detail).toBe('users.owners');
    const ownerId = owner.me.user.id;
    expectError(await as(a, 'PATCH', `/users/${ownerId}`, { user: { role: 'viewer' } }), 403, 'forbidden');
    expectError(await as(a, 'DELETE', `/users/${ownerId}`), 403, 'forbidden');
    expectError(await as(a, 'PATCH', `/users/${admin.id}`, { user: { role: 'owner' } }), 403, 'forbidden');
  });

  it('a shipper or a viewer manages no one', async () => {
    const shipper = await t.user({ role: 'shipper' });
    const s = await signIn(shipper.email, shipper.password);
    expect(expectError(await as(s, 'GET', '/users'), 403, 'forbidden').detail).toBe('users.manage');
    expect(expectError(await as(s, 'GET', '/keys'), 403, 'forbidden').detail).toBe('keys.manage');
  });

  it('keeps the tenant’s last owner', async () => {
    const solo = await t.user({ tenant: 'solo', role: 'owner' });
    const s = await signIn(solo.email, solo.password);
    expectError(await as(s, 'PATCH', `/users/${solo.id}`, { user: { role: 'admin' } }), 409, 'conflict');
    expectError(await as(s, 'PATCH', `/users/${solo.id}`, { user: { disabled: true } }), 409, 'conflict');
    expectError(await as(s, 'DELETE', `/users/${solo.id}`), 409, 'conflict');
    const second = await t.user({ tenant: 'solo', role: 'owner' });
    expect((await as(s, 'PATCH', `/users/${second.id}`, { user: { role: 'viewer' } })).status).toBe(200);
    const third = await t.user({ tenant: 'solo', role: 'owner' });
    expect((await as(s, 'PATCH', `/users/${solo.id}`, { user: { role: 'admin' } })).body.user.role).toBe('admin');
    expect(third.id).toMatch(/^usr_/);
  });

  it('sees only its own tenant’s users', async () => {
    const globex = await t.user({ tenant: 'globex', role: 'viewer' });
    const listed = (await as(owner, 'GET', '/users')).body.users.map((u: { id: string }) => u.id);
    expect(listed).not.toContain(globex.id);
    expectError(await as(owner, 'GET', `/users/${globex.id}`), 404, 'not_found');
    expectError(await as(owner, 'DELETE', `/users/${globex.id}`), 404, 'not_found');
  });
});

describe('API keys as objects', () => {
  it('made by a user with a name, a scope and an expiry, shown once, listed with its maker and last use', async () => {
    const made = await as(owner, 'POST', '/keys', {
      key: { name: 'reporting', scope: 'read', expires_at: '2027-01-01T00:00:00Z' },
    });
    expect(made.status, made.raw).toBe(200);
    const key = made.body.key;
    expect(key).toMatchObject({
      name: 'reporting',
      scope: 'read',
      expires: '2027-01-01T00:00:00.000Z',
      created_by: { kind: 'user', id: owner.me.user.id, email: owner.me.user.email },
      key: expect.stringMatching(/^wb_/),
    });
    expect(key.prefix).toBe(key.key.slice(0, 10));

    expect((await t.call('GET', '/shipments', key.key)).status).toBe(200);
    expectError(await t.call('POST', '/ship', key.key, { shipment: {} }), 403, 'forbidden');

    const listed = (await as(owner, 'GET', '/keys')).body.keys.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({
      name: 'reporting',
      scope: 'read',
      last_used: clock.now().toISOString(),
      created_by: { email: owner.me.user.email },
    });
    expect(listed.key).toBeUndefined();
  });

  it('lists keys made by the CLI with full scope and no maker', async () => {
    const cli = await t.key('acme');
    const listed = (await as(owner, 'GET', '/keys')).body.keys.find((k: { prefix: string }) =>
      cli.startsWith(k.prefix),
    );
    expect(listed).toMatchObject({ scope: 'full' });
    expect(listed.created_by).toBeUndefined();
  });

  it('gives a key no more than its maker may do', async () => {
    const admin = await t.user({ role: 'admin' });
    const a = await signIn(admin.email, admin.password);
    expect((await as(a, 'POST', '/keys', { key: { name: 'ops', scope: 'admin' } })).status).toBe(200);
    const adminKey = await t.key('acme', { scope: 'admin' });
    expect(
      (await t.call('POST', '/keys', adminKey, { key: { name: 'child', scope: 'ship' } })).body.key.created_by.kind,
    ).toBe('key');
    expectError(
      await as(a, 'POST', '/keys', { key: { name: 'x', scope: 'read', expires_at: '2020-01-01T00:00:00Z' } }),
      400,
      'schema_validation_error',
    );
    expectError(await as(a, 'POST', '/keys', { key: { name: 'x', scope: 'full' } }), 400, 'schema_validation_error');
  });

  it('revokes a key of the tenant, and not another tenant’s', async () => {
    const made = (await as(owner, 'POST', '/keys', { key: { name: 'temp', scope: 'ship' } })).body.key;
    const other = await t.key('globex');
    const otherId = (await t.call('GET', '/me', other)).body.me.actor.id;
    expectError(await as(owner, 'DELETE', `/keys/${otherId}`), 404, 'not_found');
    expect((await as(owner, 'DELETE', `/keys/${made.id}`)).status).toBe(200);
    expectError(await t.call('GET', '/shipments', made.key), 401, 'wrong_api_key');
    expect((await as(owner, 'GET', '/keys')).body.keys.find((k: { id: string }) => k.id === made.id).revoked).toBe(
      clock.now().toISOString(),
    );
    expectError(await as(owner, 'DELETE', `/keys/${made.id}`), 404, 'not_found');
  });

  it('lists a key whose maker was disabled or removed as refused, as authentication refuses it', async () => {
    const statusOf = async (id: string) =>
      (await as(owner, 'GET', '/keys')).body.keys.find((k: { id: string }) => k.id === id).status;
    const maker = await t.user({ role: 'admin' });
    const sh = await signIn(maker.email, maker.password);
    const made = (await as(sh, 'POST', '/keys', { key: { name: 'dock scanner', scope: 'admin' } })).body.key;
    const child = (await t.call('POST', '/keys', made.key, { key: { name: 'scanner 2', scope: 'read' } })).body.key;
    expect((await t.call('GET', '/shipments', made.key)).status).toBe(200);
    expect(await statusOf(made.id)).toBe('active');
    expect(made.status).toBe('active');

    expect((await as(owner, 'PATCH', `/users/${sh.me.user.id}`, { user: { disabled: true } })).status).toBe(200);
    expectError(await t.call('GET', '/shipments', made.key), 401, 'wrong_api_key');
    expect(await statusOf(made.id)).toBe('maker_disabled');
    expect(await statusOf(child.id)).toBe('maker_disabled');

    expect((await as(owner, 'DELETE', `/users/${sh.me.user.id}`)).status).toBe(200);
    expectError(await t.call('GET', '/shipments', child.key), 401, 'wrong_api_key');
    expect(await statusOf(made.id)).toBe('maker_removed');
    expect(await statusOf(child.id)).toBe('maker_removed');
    // Revoked and expired say so first; the CLI's keys have no maker to lose.
    const listed = (await as(owner, 'GET', '/keys')).body.keys as { status: string; revoked?: string }[];
    for (const k of listed.filter((k) => k.revoked)) expect(k.status).toBe('revoked');
  });

  it('answers GET /me for a key: its scope and permissions', async () => {
    const read = await t.key('acme', { scope: 'read' });
    expect((await t.call('GET', '/me', read)).body.me).toEqual({
      tenant: 'acme',
      actor: { kind: 'key', id: expect.stringMatching(/^key_/) },
      scope: 'read',
      permissions: ['me', 'data.read'],
    });
  });
});
