/**
 * Platforms through the real app, on SQLite and PostgreSQL: a platform tenant creates merchants
 * (their first key and an owner invitation), whose keys see only their own data; GET /usage counts
 * what each booked, voided and tracked; suspending a merchant refuses its key and its session at
 * once and reactivating lets them in again; a merchant, or a tenant that is no platform, cannot call
 * /tenants; the operator's command makes a platform.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlatform } from '../../src/storage/repositories/tenants.js';
import { address, shipment } from '../contract/support.js';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { dialects } from '../support/databases.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { runCli } from '../support/process.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

describe.each(dialects)('platforms on %s', (dialect) => {
  const clock = { now: () => new Date('2026-11-27T12:00:00Z') };
  let em: TestEmulator;
  let t: TestApp;
  let platform: string;
  const merchants: Record<string, { key: string; invitation: string; account?: string }> = {};

  const makeMerchant = async (id: string) => {
    const res = await t.call('POST', '/tenants', platform, { tenant: { id, owner_email: `owner@${id}.example.com` } });
    expect(res.status, res.raw).toBe(200);
    return res;
  };
  const book = async (key: string, account: string) => {
    const res = await t.call(
      'POST',
      '/ship',
      key,
      shipment(account, { service: 'carrier_a_ground', label_type: 'PDF' }),
    );
    expect(res.status, res.raw).toBe(200);
    return res.body.shipment;
  };

  beforeAll(async () => {
    em = await startTestEmulator();
    t = await createTestApp({ dialect, clock, emulatorUrl: em.url });
    platform = await t.key('hub');
    await setPlatform(t.db.database.db, 'hub', clock.now());
  });
  afterAll(async () => {
    await t?.close();
    await em?.close();
  });

  it('creates merchants with their first key and an owner invitation; each key sees only its own data', async () => {
    const made = await makeMerchant('shop-a');
    expect(made.body).toMatchObject({
      tenant: { id: 'shop-a', status: 'active' },
      key: { scope: 'full', key: expect.stringMatching(/^wb_/) },
      invitation: { url: expect.stringContaining('/console/accept') },
    });
    merchants['shop-a'] = { key: made.body.key.key, invitation: made.body.invitation.url };
    const b = (await makeMerchant('shop-b')).body;
    merchants['shop-b'] = { key: b.key.key, invitation: b.invitation.url };

    expectError(
      await t.call('POST', '/tenants', platform, { tenant: { id: 'shop-a', owner_email: 'x@example.com' } }),
      409,
      'conflict',
    );
    expectError(
      await t.call('POST', '/tenants', platform, { tenant: { id: 'acme', owner_email: 'owner@shop-a.example.com' } }),
      409,
      'conflict',
    );
    expect((await t.call('GET', '/tenants', platform)).body.tenants.map((m: any) => m.id)).toEqual([
      'shop-a',
      'shop-b',
    ]);
    expect((await t.call('GET', '/tenants/shop-b', platform)).body.tenant).toMatchObject({
      id: 'shop-b',
      status: 'active',
    });

    for (const id of ['shop-a', 'shop-b']) {
      const m = merchants[id]!;
      m.account = (
        await t.call('POST', '/shippingaccount', m.key, {
          shipping_account: { carrier: 'carrier_a', country: 'US', test: true, billing_address: address() },
        })
      ).body.shipping_account.id;
    }
    const a1 = await book(merchants['shop-a']!.key, merchants['shop-a']!.account!);
    await book(merchants['shop-a']!.key, merchants['shop-a']!.account!);
    const b1 = await book(merchants['shop-b']!.key, merchants['shop-b']!.account!);

    const seenByA = (await t.call('GET', '/shipments', merchants['shop-a']!.key)).body.map((s: any) => s.id);
    expect(seenByA).toHaveLength(2);
    expect(seenByA).toContain(a1.id);
    expect(seenByA).not.toContain(b1.id);
    expectError(await t.call('GET', `/shipments/${a1.id}`, merchants['shop-b']!.key), 404, 'not_found');
    // The platform's own key reaches none of its merchants' data.
    expect((await t.call('GET', '/shipments', platform)).body).toEqual([]);
    expectError(await t.call('GET', `/shipments/${a1.id}`, platform), 404, 'not_found');

    // The owner invitation opens the merchant's console as its owner.
    const accepted = await t.call('POST', '/invitations/accept', undefined, {
      invitation: { token: new URL(merchants['shop-a']!.invitation).hash.slice(1), password: 'a long enough password' },
    });
    expect(accepted.body.me).toMatchObject({ tenant: 'shop-a', role: 'owner' });
  });

  it('counts per merchant what it booked, voided and tracked in GET /usage', async () => {
    const a = merchants['shop-a']!;
    const booked = await book(a.key, a.account!);
    expect(
      (
        await t.call('POST', '/cancel', a.key, {
          cancel: { shipping_account: a.account, tracking_number: booked.tracking_number },
        })
      ).status,
    ).toBe(200);
    const tracked = await t.call('POST', '/track', a.key, {
      track: { shipping_account: a.account, tracking_number: booked.tracking_number, refresh: true },
    });
    expect(tracked.status, tracked.raw).toBe(200);

    const usage = (await t.call('GET', '/usage', platform)).body.usage;
    expect(usage).toEqual([
      {
        tenant: 'shop-a',
        month: '2026-11',
        carrier: 'carrier_a',
        labels_booked: 3,
        labels_voided: 1,
        batch_items: 0,
        tracking_calls: 1,
      },
      {
        tenant: 'shop-b',
        month: '2026-11',
        carrier: 'carrier_a',
        labels_booked: 1,
        labels_voided: 0,
        batch_items: 0,
        tracking_calls: 0,
      },
    ]);
    expect((await t.call('GET', '/usage?tenant=shop-b&month=2026-11', platform)).body.usage).toEqual([usage[1]]);
    expect((await t.call('GET', '/usage?month=2026-10', platform)).body.usage).toEqual([]);
    // A merchant reads its own usage, and nothing of the platform's or another merchant's.
    expect((await t.call('GET', '/usage', a.key)).body.usage).toEqual([usage[0]]);
    expectError(await t.call('GET', '/usage?tenant=shop-b', a.key), 404, 'not_found');
    expectError(await t.call('GET', '/usage?tenant=acme', platform), 404, 'not_found');
  });

  it('suspending a merchant refuses its key and its session at once; reactivating lets them in again', async () => {
    const a = merchants['shop-a']!;
    const signedIn = await t.call('POST', '/session', undefined, {
      session: { email: 'owner@shop-a.example.com', password: 'a long enough password' },
    });
    const cookie = { cookie: String(signedIn.headers['set-cookie']).split(';')[0]! };
    // Both are let in, and the status is kept in memory.
    expect((await t.call('GET', '/shipments', a.key)).status).toBe(200);
    expect((await t.call('GET', '/me', undefined, undefined, cookie)).status).toBe(200);

    expect((await t.call('POST', '/tenants/shop-a/suspend', platform)).body.tenant.status).toBe('suspended');
    expectError(await t.call('GET', '/shipments', a.key), 403, 'tenant_suspended');
    expectError(await t.call('GET', '/me', undefined, undefined, cookie), 403, 'tenant_suspended');
    // Nor does signing in again make a session; the refusal is a wrong password's, telling a guesser nothing.
    expectError(
      await t.call('POST', '/session', undefined, {
        session: { email: 'owner@shop-a.example.com', password: 'a long enough password' },
      }),
      401,
      'sign_in_failed',
    );
    // The other merchant and the platform go on.
    expect((await t.call('GET', '/shipments', merchants['shop-b']!.key)).status).toBe(200);
    expect((await t.call('GET', '/tenants', platform)).body.tenants).toEqual([
      expect.objectContaining({ id: 'shop-a', status: 'suspended' }),
      expect.objectContaining({ id: 'shop-b', status: 'active' }),
    ]);

    expect((await t.call('POST', '/tenants/shop-a/reactivate', platform)).body.tenant.status).toBe('active');
    expect((await t.call('GET', '/shipments', a.key)).status).toBe(200);
    expect((await t.call('GET', '/me', undefined, undefined, cookie)).status).toBe(200);

    // The test clock stands still: entries of one instant come in no set order.
    const audit = (await t.call('GET', '/audit?resource=tenant', platform)).body.map((e: any) => e.action);
    expect(audit.sort()).toEqual(['tenant.created', 'tenant.created', 'tenant.reactivated', 'tenant.suspended']);
    const merchantSide = (await t.call('GET', '/audit?resource=tenant', a.key)).body;
    expect(merchantSide.map((e: any) => [e.action, e.actor]).sort()).toEqual([
      ['tenant.reactivated', { kind: 'platform' }],
      ['tenant.suspended', { kind: 'platform' }],
    ]);
  });

  it('deletes a merchant: its key is refused for good, it is no longer listed, its name stays taken', async () => {
    const b = merchants['shop-b']!;
    expect((await t.call('DELETE', '/tenants/shop-b', platform)).status).toBe(200);
    expectError(await t.call('GET', '/shipments', b.key), 403, 'tenant_suspended');
    expect((await t.call('GET', '/tenants', platform)).body.tenants.map((m: any) => m.id)).toEqual(['shop-a']);
    expectError(await t.call('GET', '/tenants/shop-b', platform), 404, 'not_found');
    expectError(await t.call('POST', '/tenants/shop-b/reactivate', platform), 404, 'not_found');
    expectError(
      await t.call('POST', '/tenants', platform, { tenant: { id: 'shop-b', owner_email: 'new@shop-b.example.com' } }),
      409,
      'conflict',
    );
  });

  it('refuses /tenants to a merchant and to a tenant that is no platform (platform_required), and to a role without the permission', async () => {
    const a = merchants['shop-a']!;
    for (const [method, url] of [
      ['GET', '/tenants'],
      ['POST', '/tenants/shop-b/suspend'],
      ['GET', '/tenants/shop-a'],
    ] as const) {
      expectError(await t.call(method, url, a.key), 403, 'platform_required');
      expectError(await t.call(method, url, await t.key('acme')), 403, 'platform_required');
    }
    expectError(
      await t.call('POST', '/tenants', a.key, { tenant: { id: 'shop-c', owner_email: 'c@example.com' } }),
      403,
      'platform_required',
    );
    // Another platform does not reach hub's merchants.
    const other = await t.key('hub2');
    await setPlatform(t.db.database.db, 'hub2', clock.now());
    expectError(await t.call('POST', '/tenants/shop-a/suspend', other), 404, 'not_found');
    expect((await t.call('GET', '/tenants', other)).body.tenants).toEqual([]);
    expectError(await t.call('GET', '/tenants', await t.key('hub', { scope: 'ship' })), 403, 'forbidden');
    expectError(
      await t.call('POST', '/tenants/shop-a/suspend', await t.key('hub', { scope: 'admin' })),
      403,
      'forbidden',
    );
  });
});

describe('waybill tenants', () => {
  it('makes a platform, and refuses a taken name or a bad one with exit code 2', async () => {
    const env = { WAYBILL_DATA_DIR: tempDir('tenants'), WAYBILL_LOG_LEVEL: 'warn' };
    const made = await runCli(['tenants', 'create', 'hub', '--platform'], env);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('created tenant hub, a platform');
    expect((await runCli(['tenants', 'create', 'hub'], env)).code).toBe(2);
    expect((await runCli(['tenants', 'create', 'bad name'], env)).code).toBe(2);
    const set = await runCli(['tenants', 'set-platform', 'shop'], env);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('tenant shop is a platform');
  }, 60_000);
});

describe('a suspension made through another instance', () => {
  it('holds there once its status is a second old, on the test clock, without waiting', async () => {
    let offset = 0;
    const clock = { now: () => new Date(Date.parse('2026-11-27T12:00:00Z') + offset) };
    const file = join(tempDir('two'), 'waybill.sqlite');
    const one = await createTestApp({ clock, sqliteFile: file });
    const two = await createTestApp({ clock, sqliteFile: file });
    try {
      const hub = await one.key('hub');
      await setPlatform(one.db.database.db, 'hub', clock.now());
      const shop = (
        await one.call('POST', '/tenants', hub, { tenant: { id: 'shop', owner_email: 'owner@shop.example.com' } })
      ).body.key.key;
      // The second instance reads the merchant active, and keeps that for up to a second.
      expect((await two.call('GET', '/shipments', shop)).status).toBe(200);
      expect((await one.call('POST', '/tenants/shop/suspend', hub)).status).toBe(200);
      expectError(await one.call('GET', '/shipments', shop), 403, 'tenant_suspended');
      offset += 1_000;
      expectError(await two.call('GET', '/shipments', shop), 403, 'tenant_suspended');
    } finally {
      await two.close();
      await one.close();
    }
  });
});
