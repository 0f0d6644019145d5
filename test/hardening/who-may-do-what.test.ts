/**
 * Findings of the third round about who may do what: a platform took over a tenant that signs in
 * with JWTs (and squatted a name before its first JWT); an Idempotency-Key replay answered another
 * principal without the route's own checks (an admin got an owner's owner invitation) or with a
 * secret (an account's plaintext auth); a CA child of the US shared test account put other tenants'
 * labels on its form; a removed or demoted admin kept admin rights through the keys they made; and
 * smaller ones (the redeliver allowance spent before a 403, a suspended tenant's sign-in telling a
 * right password from a wrong one, an admin revoking an owner's key, a read key making tracking
 * watches, a webhook URL's `?token=` shown to viewers and kept in the audit log, a client object
 * printing its API key); and a password fragment quoted into the log by a JSON parse error.
 */
import { inspect } from 'node:util';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../packages/client/src/index.js';
import { setPlatform } from '../../src/storage/repositories/tenants.js';
import { address } from '../contract/support.js';
import { validAuth } from '../support/accounts.js';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';

const SECRET = 'operator-gateway-secret-0123456789';
const jwt = async (sub: string) => ({
  authorization: `Bearer ${await new SignJWT({ sub, exp: Math.floor(Date.now() / 1000) + 600 }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET))}`,
});

let em: TestEmulator;
let t: TestApp;
/** acme's key of scope full (an owner's rights), and one of scope admin. */
let owner: string;
let admin: string;
beforeAll(async () => {
  em = await startTestEmulator();
  t = await createTestApp({
    emulatorUrl: em.url,
    env: { WAYBILL_JWT_SECRET: SECRET, WAYBILL_WEBHOOK_ALLOW_PRIVATE: 'true' },
  });
  owner = await t.key('acme');
  admin = await t.key('acme', { scope: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await em?.close();
});

/** A console session of the user: requests with its cookie and CSRF token. */
async function signIn(email: string, password: string) {
  const res = await t.call('POST', '/session', undefined, { session: { email, password } });
  expect(res.status, res.raw).toBe(200);
  const headers = {
    cookie: String(res.headers['set-cookie']).split(';')[0]!,
    'x-csrf-token': res.body.me.csrf_token as string,
  };
  return (method: string, url: string, body?: unknown) => t.call(method, url, undefined, body, headers);
}

async function platformKey(name: string): Promise<string> {
  const key = await t.key(name);
  await setPlatform(t.db.database.db, name, new Date());
  return key;
}

describe('tenant names', () => {
  it('a tenant that signed in with JWTs alone is registered: no platform creates a merchant of its name', async () => {
    const hub = await platformKey('hub-one');
    expect((await t.call('GET', '/webhooks', undefined, undefined, await jwt('jwtco'))).status).toBe(200);
    expectError(
      await t.call('POST', '/tenants', hub, { tenant: { id: 'jwtco', owner_email: 'owner@jwtco.example.com' } }),
      409,
      'conflict',
    );
    // Its JWTs still reach it.
    expect((await t.call('GET', '/webhooks', undefined, undefined, await jwt('jwtco'))).status).toBe(200);
  });

  it('a JWT does not reach a merchant a platform created, even one made before the JWT’s first use', async () => {
    const hub = await platformKey('hub-two');
    expect(
      (await t.call('POST', '/tenants', hub, { tenant: { id: 'squatted', owner_email: 'owner@squatted.example.com' } }))
        .status,
    ).toBe(200);
    const err = expectError(
      await t.call('GET', '/webhooks', undefined, undefined, await jwt('squatted')),
      401,
      'wrong_api_key',
    );
    expect(err.detail).toContain('merchant');
  });
});

describe('Idempotency-Key replays', () => {
  it('an owner invitation is not replayed to an admin, who may not invite owners; the owner’s retry gets it', async () => {
    const body = { invitation: { email: 'second-owner@example.com', role: 'owner' } };
    const first = await t.call('POST', '/users/invitations', owner, body, { 'idempotency-key': 'invite-owner-1' });
    expect(first.status, first.raw).toBe(200);
    expectError(
      await t.call('POST', '/users/invitations', admin, body, { 'idempotency-key': 'invite-owner-1' }),
      409,
      'idempotency_key_reused',
    );
    const retry = await t.call('POST', '/users/invitations', owner, body, { 'idempotency-key': 'invite-owner-1' });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.invitation.url).toBe(first.body.invitation.url);
  });

  it('an answer holding a secret goes to its maker alone; one without, to any principal with the maker’s rights', async () => {
    const auth = { ...validAuth.carrier_a, client_id: 'replay-client', client_secret: 'replay-client-secret-0001' };
    await em.knowCredentials('carrier_a', auth);
    const body = { shipping_account: { carrier: 'carrier_a', country: 'US', test: true, auth } };
    const made = await t.call('POST', '/shippingaccount', admin, body, { 'idempotency-key': 'account-1' });
    expect(made.status, made.raw).toBe(200);
    const otherAdmin = await t.key('acme', { scope: 'admin' });
    for (const key of [otherAdmin, owner]) {
      const replay = await t.call('POST', '/shippingaccount', key, body, { 'idempotency-key': 'account-1' });
      expectError(replay, 409, 'idempotency_key_reused');
      expect(replay.raw).not.toContain(auth.client_secret);
    }
    expect(
      (await t.call('POST', '/shippingaccount', admin, body, { 'idempotency-key': 'account-1' })).headers[
        'idempotent-replayed'
      ],
    ).toBe('true');

    const method = {
      return_method: {
        shipping_account: made.body.shipping_account.id,
        method_name: 'Post it back',
        type: 'drop_off',
        service: 'carrier_a_ground',
        packaging: 'your_packaging',
        cost: { carrier_charge: 6, customer_charge: 3 },
        return_charge: 3,
      },
    };
    const created = await t.call('POST', '/returns/methods', admin, method, { 'idempotency-key': 'method-1' });
    expect(created.status, created.raw).toBe(200);
    const replayed = await t.call('POST', '/returns/methods', otherAdmin, method, { 'idempotency-key': 'method-1' });
    expect(replayed.status, replayed.raw).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(created.body);
  });
});

describe('the shared test credentials across countries', () => {
  const account = async (key: string, carrier: string, country: string, extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/shippingaccount', key, {
      shipping_account: { carrier, country, test: true, ...extra },
    });
    expect(res.status, res.raw).toBe(200);
    return res.body.shipping_account.id as string;
  };

  it('a CA child of the US test account needs a manifest’s numbers; a US child of the CA reseller account has no balance', async () => {
    const b = await t.key('tenant-b');
    const usParent = await account(b, 'carrier_d', 'US', { billing_address: address() });
    const caChild = await account(b, 'carrier_d', 'CA', { parent_shipping_account: usParent });
    const err = expectError(
      await t.call('POST', '/manifest', b, { manifest: { shipping_account: caChild } }),
      400,
      'schema_field_required',
    );
    expect(err.message).toContain('shared test credentials');

    const caReseller = await account(b, 'carrier_d_reseller', 'CA');
    const usChild = await account(b, 'carrier_d_reseller', 'US', { parent_shipping_account: caReseller });
    expectError(await t.call('GET', `/shippingaccount/${usChild}/balance`, b), 400, 'carrier_unsupported_method');
    expectError(
      await t.call('POST', `/shippingaccount/${usChild}/balance`, b, { add_funds: { amount: 500, currency: 'USD' } }),
      400,
      'carrier_unsupported_method',
    );
  });
});

describe('keys a user made', () => {
  it('lose what a demotion took and end when the user is removed, through keys those keys made too, at once', async () => {
    const person = await t.user({ role: 'admin' });
    const as = await signIn(person.email, person.password);
    const made = await as('POST', '/keys', { key: { name: 'made by an admin', scope: 'admin' } });
    expect(made.status, made.raw).toBe(200);
    const key = made.body.key.key as string;
    const second = await t.call('POST', '/keys', key, { key: { name: 'made by that key', scope: 'admin' } });
    expect(second.status, second.raw).toBe(200);
    const keys = [key, second.body.key.key as string];
    for (const k of keys) expect((await t.call('GET', '/users', k)).status).toBe(200);

    expect((await t.call('PATCH', `/users/${person.id}`, owner, { user: { role: 'shipper' } })).status).toBe(200);
    for (const k of keys) {
      expectError(await t.call('GET', '/users', k), 403, 'forbidden');
      expectError(await t.call('POST', '/keys', k, { key: { name: 'another', scope: 'admin' } }), 403, 'forbidden');
      // What a shipper may do, the keys still do.
      expect((await t.call('GET', '/shipments', k)).status).toBe(200);
    }

    expect((await t.call('DELETE', `/users/${person.id}`, owner)).status).toBe(200);
    for (const k of keys) expectError(await t.call('GET', '/shipments', k), 401, 'wrong_api_key');
  });

  it('end while the user is disabled, and work again once it is not', async () => {
    const person = await t.user({ role: 'admin' });
    const key = (
      await (
        await signIn(person.email, person.password)
      )('POST', '/keys', { key: { name: 'shipping', scope: 'ship' } })
    ).body.key.key as string;
    expect((await t.call('PATCH', `/users/${person.id}`, owner, { user: { disabled: true } })).status).toBe(200);
    expectError(await t.call('GET', '/shipments', key), 401, 'wrong_api_key');
    expect((await t.call('PATCH', `/users/${person.id}`, owner, { user: { disabled: false } })).status).toBe(200);
    expect((await t.call('GET', '/shipments', key)).status).toBe(200);
  });

  it('an admin revokes no key that may do more than an admin', async () => {
    const listed = (await t.call('GET', '/keys', admin)).body.keys as { id: string; scope: string; revoked?: string }[];
    const full = listed.find((k) => k.scope === 'full' && !k.revoked)!;
    const err = expectError(await t.call('DELETE', `/keys/${full.id}`, admin), 403, 'forbidden');
    expect(err.detail).toBe('users.owners');
    expect((await t.call('GET', '/webhooks', owner)).status).toBe(200);
    const read = await t.call('POST', '/keys', admin, { key: { name: 'a reader', scope: 'read' } });
    expect((await t.call('DELETE', `/keys/${read.body.key.id}`, admin)).status).toBe(200);
  });
});

describe('smaller findings', () => {
  it('a read key’s refused redeliveries spend none of the tenant’s allowance', async () => {
    const read = await t.key('resend-co', { scope: 'read' });
    const tenantAdmin = await t.key('resend-co', { scope: 'admin' });
    for (let i = 0; i < 15; i++)
      expectError(await t.call('POST', '/events/evt_missing/redeliver', read), 403, 'forbidden');
    expectError(await t.call('POST', '/events/evt_missing/redeliver', tenantAdmin), 404, 'not_found');
  });

  it('a suspended tenant’s sign-in answers the same 401 for a right and a wrong password', async () => {
    const hub = await platformKey('hub-three');
    expect(
      (
        await t.call('POST', '/tenants', hub, {
          tenant: { id: 'paused-shop', owner_email: 'owner@paused-shop.example.com' },
        })
      ).status,
    ).toBe(200);
    const person = await t.user({ tenant: 'paused-shop', role: 'admin' });
    expect((await t.call('POST', '/tenants/paused-shop/suspend', hub)).status).toBe(200);
    const right = await t.call('POST', '/session', undefined, {
      session: { email: person.email, password: person.password },
    });
    const wrong = await t.call('POST', '/session', undefined, {
      session: { email: person.email, password: `${person.password}-not` },
    });
    expectError(right, 401, 'sign_in_failed');
    expect(right.body).toEqual(wrong.body);
  });

  it('tracking with webhooks: true takes the right to book; a read key still tracks', async () => {
    const read = await t.key('acme', { scope: 'read' });
    const track = { shipping_account: 'acct_none', tracking_number: '1Z999AA10123456784' };
    const one = expectError(
      await t.call('POST', '/track', read, { track: { ...track, webhooks: true } }),
      403,
      'forbidden',
    );
    expect(one.detail).toBe('shipments.buy');
    expectError(
      await t.call('POST', '/track', read, [{ track }, { track: { ...track, webhooks: true } }]),
      403,
      'forbidden',
    );
    // Without a watch the read goes on (to the missing account).
    expect((await t.call('POST', '/track', read, { track })).status).toBe(404);
  });

  it('a webhook URL’s token is shown only to those who may change the endpoint, and never kept in the audit log', async () => {
    const url = 'http://127.0.0.1:9/hooks?token=receiver-token-77&team=ops';
    const made = await t.call('POST', '/webhooks', admin, { webhook: { url, events: ['*'] } });
    expect(made.status, made.raw).toBe(200);
    const id = made.body.webhook.id as string;
    const read = await t.key('acme', { scope: 'read' });
    for (const path of ['/webhooks', `/webhooks/${id}`]) {
      const asReader = await t.call('GET', path, read);
      expect(asReader.status).toBe(200);
      expect(asReader.raw).not.toContain('receiver-token-77');
      expect(asReader.raw).toContain('team=ops');
    }
    expect((await t.call('GET', `/webhooks/${id}`, admin)).body.webhook.url).toBe(url);
    const audit = await t.call('GET', `/audit?resource=${id}`, admin);
    expect(audit.raw).toContain('127.0.0.1:9/hooks');
    expect(audit.raw).not.toContain('receiver-token-77');
  });

  it('a body that is not JSON is refused without its text, in the answer and the log', async () => {
    const before = t.logs.length;
    for (const [path, body] of [
      ['/session', '{"session":{"email":"a@example.com","password":HunterTwo-secret}}'],
      ['/session', '{"session":{"email":"a@example.com","password":"HunterTwo-secret"}} HunterTwo'],
      ['/batches', '{"batch":{"shipments":[{"password":HunterTwo}]}}'],
    ] as const) {
      const res = await t.call('POST', path, path === '/session' ? undefined : owner, body);
      expect(expectError(res, 400, 'schema_validation_error').message).toMatch(
        /^Body is not valid JSON: .* at position \d+$|^Body is not valid JSON: [^"]*$/,
      );
      expect(res.raw).not.toContain('HunterTwo');
    }
    expect(t.logs.slice(before).join('')).not.toContain('HunterTwo');
  });

  it('a client object prints no API key', async () => {
    const client = createClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'wb_printed-nowhere',
      headers: { zkkey: 'wb_printed-nowhere' },
    });
    expect(JSON.stringify(client)).not.toContain('printed-nowhere');
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain('printed-nowhere');
  });

  it('POST /track with the JSON body null is a 400', async () => {
    for (const body of ['null', '5', '"track"']) {
      expectError(await t.call('POST', '/track', owner, body), 400, 'schema_validation_error');
    }
  });
});
