/**
 * The audit log through the real app, on SQLite and PostgreSQL: who bought a label (a signed-in
 * user, by e-mail, with the address and request id), entries written in the change's transaction (a
 * change that fails, or whose entry cannot be written, leaves neither), secrets masked, filters and
 * paging, CSV and JSON Lines exports, no route that edits or deletes an entry, the retention sweep,
 * and who may read it.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, shipment } from '../contract/support.js';
import { validAuth } from '../support/accounts.js';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { dialects } from '../support/databases.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';

interface Session {
  cookie: string;
  csrf: string;
}

describe.each(dialects)('audit log on %s', (dialect) => {
  let offset = 0;
  const clock = { now: () => new Date(Date.parse('2026-11-27T12:00:00Z') + offset) };
  let em: TestEmulator;
  let t: TestApp;
  let key: string;
  let owner: Session;
  let shipper: Session & { email: string };
  let account: string;

  const signIn = async (email: string, password: string): Promise<Session> => {
    const res = await t.call('POST', '/session', undefined, { session: { email, password } });
    expect(res.status, res.raw).toBe(200);
    return { cookie: String(res.headers['set-cookie']).split(';')[0]!, csrf: res.body.me.csrf_token };
  };
  const as = (s: Session, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.call(method, url, undefined, body, { cookie: s.cookie, 'x-csrf-token': s.csrf, ...headers });
  const audit = async (query = '') => {
    // The tenant's own key: the owner's session ends once the test clock has moved a day on.
    const res = await t.call('GET', `/audit${query}`, key);
    expect(res.status, res.raw).toBe(200);
    return res;
  };

  beforeAll(async () => {
    em = await startTestEmulator();
    t = await createTestApp({ dialect, clock, emulatorUrl: em.url, env: { WAYBILL_AUDIT_RETENTION_DAYS: '30' } });
    key = await t.key('acme');
    const o = await t.user({ role: 'owner', email: 'olivia@example.com' });
    owner = await signIn(o.email, o.password);
    const s = await t.user({ role: 'shipper', email: 'sid@example.com' });
    shipper = { ...(await signIn(s.email, s.password)), email: s.email };
    account = (
      await t.call('POST', '/shippingaccount', key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true, billing_address: address() },
      })
    ).body.shipping_account.id;
  });
  afterAll(async () => {
    await t?.close();
    await em?.close();
  });

  it('says who bought a label: the signed-in user by e-mail, from which address, under which request id', async () => {
    const booked = await as(
      shipper,
      'POST',
      '/ship',
      shipment(account, { service: 'carrier_a_ground', label_type: 'PDF' }),
      { 'x-request-id': 'req-label-1' },
    );
    expect(booked.status, booked.raw).toBe(200);
    const entries = (await audit('?action=label.bought')).body;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { kind: 'user', email: 'sid@example.com' },
      action: 'label.bought',
      resource: { type: 'shipment', id: booked.body.shipment.id },
      ip: '127.0.0.1',
      request_id: 'req-label-1',
      changes: {
        carrier: 'carrier_a',
        shipping_account: account,
        tracking_number: booked.body.shipment.tracking_number,
      },
    });

    const voided = await t.call('POST', '/cancel', key, {
      cancel: { shipping_account: account, tracking_number: booked.body.shipment.tracking_number },
    });
    expect(voided.status, voided.raw).toBe(200);
    const [entry] = (await audit('?action=label.voided')).body;
    expect(entry).toMatchObject({ actor: { kind: 'key' }, resource: { id: booked.body.shipment.id } });
    expect(entry.actor.id).toMatch(/^key_/);
  });

  it('writes an entry in the change’s transaction: a refused change leaves none, and a change whose entry fails is undone', async () => {
    const owners = (await audit('?action=user.removed')).body.length;
    const me = (await as(owner, 'GET', '/me')).body.me;
    expectError(await as(owner, 'DELETE', `/users/${me.user.id}`), 409, 'conflict');
    expect((await audit('?action=user.removed')).body).toHaveLength(owners);

    const keysBefore = (await as(owner, 'GET', '/keys')).body.keys.length;
    const db = t.db.database.db;
    await sql`ALTER TABLE audit_log RENAME TO audit_log_away`.execute(db);
    try {
      expect((await as(owner, 'POST', '/keys', { key: { name: 'never', scope: 'read' } })).status).toBe(500);
    } finally {
      await sql`ALTER TABLE audit_log_away RENAME TO audit_log`.execute(db);
    }
    expect((await as(owner, 'GET', '/keys')).body.keys).toHaveLength(keysBefore);
    expect((await audit('?action=key.created')).body.filter((e: any) => e.changes?.name === 'never')).toEqual([]);
  });

  it('masks secrets: credentials, webhook secrets, keys, passwords never reach the log', async () => {
    const made = await t.call('POST', '/shippingaccount', key, {
      shipping_account: {
        carrier: 'carrier_a',
        country: 'US',
        test: true,
        auth: validAuth.carrier_a,
        billing_address: address(),
      },
    });
    expect(made.status, made.raw).toBe(200);
    await t.call('PATCH', `/shippingaccount/${made.body.shipping_account.id}`, key, {
      shipping_account: { auth: { client_secret: 'another-secret-value' } },
    });
    const newKey = await as(owner, 'POST', '/keys', { key: { name: 'robot', scope: 'ship' } });
    const hook = await as(owner, 'POST', '/webhooks', {
      webhook: { url: 'https://hooks.example.com/in', events: ['*'] },
    });
    expect(hook.status, hook.raw).toBe(200);
    const rotated = await as(owner, 'POST', `/webhooks/${hook.body.webhook.id}/rotate-secret`);
    expect(rotated.status, rotated.raw).toBe(200);
    await t.call('POST', '/session', undefined, {
      session: { email: 'sid@example.com', password: 'not the password at all' },
    });

    const created = (await audit(`?resource=${made.body.shipping_account.id}&action=shipping_account.created`)).body[0];
    expect(created.changes).toMatchObject({ carrier: 'carrier_a', auth: '••••' });
    const updated = (await audit(`?resource=${made.body.shipping_account.id}&action=shipping_account.updated`)).body[0];
    expect(updated.changes).toEqual({ auth: '••••' });
    const failed = (await audit('?action=session.sign_in_failed')).body[0];
    expect(failed).toMatchObject({
      actor: { kind: 'anonymous' },
      resource: { type: 'user' },
      changes: { email: 'sid@example.com', method: 'password' },
    });

    const everything = (await audit('?format=jsonl')).raw;
    for (const secret of [
      validAuth.carrier_a.client_secret,
      'another-secret-value',
      newKey.body.key.key,
      hook.body.webhook.secret,
      rotated.body.webhook.secret,
      'not the password at all',
    ]) {
      expect(secret).toBeTruthy();
      expect(everything).not.toContain(secret);
    }
    expect(everything).toContain('"action":"webhook.secret_rotated"');
  });

  it('filters by actor (id or e-mail), action, resource and dates, and pages like the other lists', async () => {
    offset = 86_400_000;
    expect(
      (await t.call('POST', '/users/invitations', key, { invitation: { email: 'newbie@example.com', role: 'viewer' } }))
        .status,
    ).toBe(200);
    const all = await audit();
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.body.length);
    // Newest first.
    expect(all.body[0].action).toBe('user.invited');
    expect([...all.body].map((e: any) => e.at)).toEqual(
      [...all.body]
        .map((e: any) => e.at)
        .sort()
        .reverse(),
    );

    const byEmail = (await audit('?actor=sid@example.com')).body;
    expect(byEmail.map((e: any) => e.action)).toEqual(expect.arrayContaining(['label.bought', 'session.signed_in']));
    expect(byEmail.every((e: any) => e.actor.email === 'sid@example.com')).toBe(true);
    const byId = (await audit(`?actor=user:${byEmail[0].actor.id}`)).body;
    expect(byId.length).toBe(byEmail.length);

    expect((await audit('?resource=user')).body.every((e: any) => e.resource.type === 'user')).toBe(true);
    const today = (await audit('?start_date=2026-11-28')).body;
    expect(today.map((e: any) => e.action)).toEqual(['user.invited']);
    expect((await audit('?end_date=2026-11-27')).body).toHaveLength(total - 1);

    const page = await audit('?pageSize=2&page=2');
    expect(page.body).toEqual(all.body.slice(2, 4));
    expect(page.headers['x-total-count']).toBe(String(total));
    expect(String(page.headers.link)).toContain('rel="next"');
    expect((await audit('?action=label.eaten')).body).toEqual([]);
    expectError(await t.call('GET', '/audit?action=LABEL', key), 400, 'schema_validation_error');
  });

  it('exports every matching entry as CSV and as JSON Lines, streamed', async () => {
    const all = (await audit()).body;
    const csv = await t.call('GET', '/audit?format=csv&pageSize=1', key);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="audit.csv"');
    const rows = parse(csv.raw, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.id)).toEqual(all.map((e: any) => e.id));
    const bought = rows.find((r) => r.action === 'label.bought')!;
    expect(bought).toMatchObject({
      actor_email: 'sid@example.com',
      resource_type: 'shipment',
      request_id: 'req-label-1',
    });
    expect(JSON.parse(bought.changes!)).toMatchObject({ carrier: 'carrier_a' });

    const jsonl = await t.call('GET', '/audit?format=jsonl&action=label.bought', key);
    expect(jsonl.headers['content-type']).toBe('application/x-ndjson');
    const lines = jsonl.raw
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual(all.filter((e: any) => e.action === 'label.bought'));
  });

  it('has no route that edits or deletes an entry', async () => {
    const doc = (await t.call('GET', '/openapi.json', undefined)).body;
    const auditPaths = Object.entries(doc.paths as Record<string, Record<string, unknown>>).filter(([p]) =>
      p.startsWith('/audit'),
    );
    expect(auditPaths.map(([p, ops]) => [p, Object.keys(ops)])).toEqual([['/audit', ['get']]]);
    const [first] = (await audit()).body;
    for (const method of ['DELETE', 'PATCH', 'PUT'])
      expect((await t.call(method, `/audit/${first.id}`, key, method === 'DELETE' ? undefined : {})).status).toBe(404);
    expect((await t.call('DELETE', '/audit', key)).status).toBe(405);
  });

  it('is read by owners, admins and admin keys only', async () => {
    const viewer = await t.user({ role: 'viewer' });
    expectError(await as(await signIn(viewer.email, viewer.password), 'GET', '/audit'), 403, 'forbidden');
    expectError(await t.call('GET', '/audit', await t.key('acme', { scope: 'ship' })), 403, 'forbidden');
    expect((await t.call('GET', '/audit', await t.key('acme', { scope: 'admin' }))).status).toBe(200);
    // Another tenant sees none of acme's entries.
    expect((await t.call('GET', '/audit', await t.key('globex'))).body).toEqual([]);
  });

  it('deletes entries past WAYBILL_AUDIT_RETENTION_DAYS in the sweep, and only those', async () => {
    const before = (await audit()).body as { at: string; action: string }[];
    const firstDay = before.filter((e) => e.at < '2026-11-28');
    expect(firstDay.length).toBeGreaterThan(5);
    // 30 days after the first day's last moment: that day is past the retention, the next is not.
    offset = 31 * 86_400_000 - 1000;
    expect(await t.services.auditLog.sweep()).toBe(firstDay.length);
    expect((await audit()).body).toEqual(before.filter((e) => e.at >= '2026-11-28'));
    expect(await t.services.auditLog.sweep()).toBe(0);
  });
});
