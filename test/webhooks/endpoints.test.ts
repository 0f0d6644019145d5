/** Registering, reading, changing, rotating and deleting webhook endpoints; URL safety at registration. */
import { describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../support/app.js';

const s = useTestApp();
const open = useTestApp({ env: { WAYBILL_WEBHOOK_ALLOW_PRIVATE: 'true' } });

const create = (webhook: Record<string, unknown>, key = s.key) => s.t.call('POST', '/webhooks', key, { webhook });

describe('webhook endpoints', () => {
  it('registers an endpoint and shows its secret only on creation', async () => {
    const res = await create({
      url: 'https://hooks.example.com/waybill',
      events: ['shipment.created', 'tracking.updated'],
      description: 'orders',
    });
    expect(res.status).toBe(200);
    const hook = res.body.webhook;
    expect(hook).toMatchObject({
      url: 'https://hooks.example.com/waybill',
      events: ['shipment.created', 'tracking.updated'],
      description: 'orders',
      enabled: true,
    });
    expect(hook.id).toMatch(/^wh_/);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(hook.created).toMatch(/Z$/);
    const read = await s.t.call('GET', `/webhooks/${hook.id}`, s.key);
    expect(read.body.webhook).toMatchObject({ id: hook.id, enabled: true });
    expect(read.body.webhook.secret).toBeUndefined();
    const list = await s.t.call('GET', '/webhooks', s.key);
    expect(list.body.webhooks.map((w: { id: string }) => w.id)).toContain(hook.id);
    expect(list.body.webhooks.every((w: { secret?: string }) => w.secret === undefined)).toBe(true);
  });

  it('changes url, events, description and enabled', async () => {
    const { id } = (await create({ url: 'https://a.example.com/', events: ['*'] })).body.webhook;
    const res = await s.t.call('PATCH', `/webhooks/${id}`, s.key, {
      webhook: { url: 'https://b.example.com/x', events: ['pickup.scheduled'], enabled: false, description: 'later' },
    });
    expect(res.status).toBe(200);
    expect(res.body.webhook).toMatchObject({
      url: 'https://b.example.com/x',
      events: ['pickup.scheduled'],
      enabled: false,
      description: 'later',
    });
    expect(
      (await s.t.call('PATCH', `/webhooks/${id}`, s.key, { webhook: { enabled: true } })).body.webhook.enabled,
    ).toBe(true);
    expectError(await s.t.call('PATCH', `/webhooks/${id}`, s.key, { webhook: {} }), 400, 'schema_validation_error');
  });

  it('rotates the secret: a new one, the old one signing for 24 hours more', async () => {
    const created = (await create({ url: 'https://a.example.com/', events: ['*'] })).body.webhook;
    const res = await s.t.call('POST', `/webhooks/${created.id}/rotate-secret`, s.key);
    expect(res.status).toBe(200);
    expect(res.body.webhook.secret).toMatch(/^whsec_/);
    expect(res.body.webhook.secret).not.toBe(created.secret);
    const expires = Date.parse(res.body.webhook.previous_secret_expires);
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it('deletes an endpoint', async () => {
    const { id } = (await create({ url: 'https://a.example.com/', events: ['*'] })).body.webhook;
    expect((await s.t.call('DELETE', `/webhooks/${id}`, s.key)).status).toBe(200);
    expectError(await s.t.call('GET', `/webhooks/${id}`, s.key), 404, 'not_found');
    expectError(await s.t.call('DELETE', `/webhooks/${id}`, s.key), 404, 'not_found');
  });

  it('keeps tenants apart', async () => {
    const { id } = (await create({ url: 'https://a.example.com/', events: ['*'] })).body.webhook;
    const other = await s.t.key('globex');
    expectError(await s.t.call('GET', `/webhooks/${id}`, other), 404, 'not_found');
    expectError(await s.t.call('PATCH', `/webhooks/${id}`, other, { webhook: { enabled: false } }), 404, 'not_found');
    expectError(await s.t.call('POST', `/webhooks/${id}/rotate-secret`, other), 404, 'not_found');
    expectError(await s.t.call('GET', `/webhooks/${id}/deliveries`, other), 404, 'not_found');
    expect((await s.t.call('GET', '/webhooks', other)).body.webhooks).toEqual([]);
    expectError(await s.t.call('GET', '/webhooks', undefined), 401, 'missing_api_key');
  });

  it.each([
    [{ url: 'ftp://example.com/', events: ['*'] }, 'https'],
    [{ url: 'not a url', events: ['*'] }, 'absolute URL'],
    [{ url: 'https://user:pw@example.com/', events: ['*'] }, 'credentials'],
    [{ url: 'https://example.com/', events: ['shipment.exploded'] }, ''],
    [{ url: 'https://example.com/', events: [] }, ''],
    [{ url: 'https://example.com/' }, ''],
  ])('refuses %j', async (webhook, words) => {
    const res = await create(webhook);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(words);
  });

  it.each([
    'http://127.0.0.1:8080/',
    'http://localhost/',
    'https://LOCALHOST./x',
    'http://10.1.2.3/',
    'http://192.168.0.5/',
    'http://172.20.0.1/',
    'http://169.254.169.254/latest',
    'https://[::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://100.64.0.1/',
  ])('refuses %s unless WAYBILL_WEBHOOK_ALLOW_PRIVATE=true', async (url) => {
    const err = expectError(await create({ url, events: ['*'] }), 400, 'schema_validation_error');
    expect(err.message).toContain('WAYBILL_WEBHOOK_ALLOW_PRIVATE');
    expect(err.detail).toBe('webhook.url');
    const allowed = await open.t.call('POST', '/webhooks', open.key, { webhook: { url, events: ['*'] } });
    expect(allowed.status).toBe(200);
  });

  it('accepts http to a public address', async () => {
    expect((await create({ url: 'http://198.41.0.4/hook', events: ['*'] })).status).toBe(200);
  });
});
