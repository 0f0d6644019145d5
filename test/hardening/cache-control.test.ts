/**
 * Finding: authenticated JSON (shipments, accounts, a webhook's signing secret, events), label bytes
 * and what a signed link shows were answered without `Cache-Control: no-store`, so a browser, proxy
 * or CDN could keep them. Every operation of /openapi.json is walked, then the answers that matter
 * most are fetched for real; what everyone may keep (hashed assets, the console's page) keeps its
 * caching.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { address, shipment } from '../contract/support.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

const webRoot = tempDir('web');
for (const page of ['console', 'tracking', 'portal', 'assets']) mkdirSync(join(webRoot, page));
for (const page of ['console', 'tracking', 'portal'])
  writeFileSync(join(webRoot, page, 'index.html'), `<!doctype html><title>${page}</title>`);
writeFileSync(join(webRoot, 'assets/app-1a2b.js'), 'console.log(1)');

let t: TestApp;
let em: TestEmulator;
let key: string;
let account: string;
beforeAll(async () => {
  em = await startTestEmulator();
  t = await createTestApp({ emulatorUrl: em.url, env: { WAYBILL_WEB_ROOT: webRoot } });
  key = await t.key();
  account = (
    await t.call('POST', '/shippingaccount', key, {
      shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
    })
  ).body.shipping_account.id;
});
afterAll(async () => {
  await t?.close();
  await em?.close();
});

const local = (url: string) => new URL(url).pathname + new URL(url).search;
const expectNoStore = (res: { status: number; headers: Record<string, unknown> }, what: string) =>
  expect(res.headers['cache-control'], `${what} (${res.status})`).toBe('no-store');

describe('Cache-Control', () => {
  it('no-store on every operation of /openapi.json, with and without a key, whatever it answers', async () => {
    const doc = (await t.call('GET', '/openapi.json', undefined)).body;
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(ops.length).toBeGreaterThan(40);
    for (const { method, path } of ops) {
      const url = path.replace(/\{[^}]+\}/g, 'x_1');
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
      for (const k of [key, undefined]) {
        const res = await t.call(method, url, k, body);
        expectNoStore(res, `${method} ${path}${k ? '' : ' without a key'}`);
      }
    }
    expectNoStore(await t.call('GET', '/nope', undefined), 'an unknown route');
    expectNoStore(await t.call('GET', '/shipments', 'wrong'), 'a wrong key');
    // The carrier marks are the same for everyone: a day, as their route says.
    expect((await t.call('GET', '/logos/carrier_a.svg', undefined)).headers['cache-control']).toBe(
      'public, max-age=86400',
    );
  });

  it('no-store on shipments, accounts, a webhook and its secret, events, labels by key and by signed URL', async () => {
    const booked = await t.call('POST', '/ship', key, shipment(account, { service: 'carrier_a_ground' }));
    expect(booked.status, booked.raw).toBe(200);
    expectNoStore(booked, 'POST /ship');
    const label = booked.body.shipment.packages[0].label as string;
    const hook = await t.call('POST', '/webhooks', key, {
      webhook: { url: 'https://hooks.example.com/waybill', events: ['*'] },
    });
    expect(hook.body.webhook.secret).toBeTypeOf('string');
    expectNoStore(hook, 'POST /webhooks');
    for (const url of [
      '/shipments',
      `/shipments/${booked.body.shipment.id}`,
      '/shippingaccount',
      `/shippingaccount/${account}`,
      '/webhooks',
      '/events',
    ]) {
      const res = await t.call('GET', url, key);
      expect(res.status, url).toBe(200);
      expectNoStore(res, url);
    }
    for (const [url, k] of [
      [local(label), undefined],
      [new URL(label).pathname, key],
    ] as const) {
      const res = await t.call('GET', url, k);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expectNoStore(res, url);
    }
  });

  it('no-store on public tracking and the returns portal, pages and data; assets and the console keep their caching', async () => {
    const booked = await t.call('POST', '/ship', key, shipment(account, { service: 'carrier_a_ground' }));
    const tracking = new URL(booked.body.shipment.tracking_url as string).pathname.split('/').pop()!;
    await t.call('POST', '/returns/methods', key, {
      return_method: {
        shipping_account: account,
        method_name: 'Drop off',
        type: 'drop_off',
        service: 'carrier_a_ground',
        packaging: 'your_packaging',
        cost: { carrier_charge: 6, customer_charge: 0 },
        return_charge: 0,
      },
    });
    const link = await t.call('POST', '/returns/portal-links', key, {
      portal_link: {
        customer_id: 'c-1',
        order_id: 'o-1',
        customer: address(),
        lines: [{ line_id: 'L1', product_name: 'Mug', sku: 'MUG', quantity: 1, value: 12, weight: 0.5 }],
        weight_units: 'LB',
      },
    });
    expect(link.status, link.raw).toBe(200);
    const portal = new URL(link.body.portal_link.url as string).pathname.split('/').pop()!;
    for (const url of [
      `/public/tracking/${tracking}`,
      `/tracking/${tracking}`,
      `/public/portal/${portal}`,
      `/portal/${portal}`,
      '/tracking/tampered',
      '/public/portal/tampered',
    ]) {
      const res = await t.call('GET', url, undefined);
      expect(res.status, url).toBe(url.endsWith('tampered') ? 404 : 200);
      expectNoStore(res, url);
    }
    expect((await t.call('GET', '/console/', undefined)).headers['cache-control']).toBe('no-cache');
    const asset = await t.call('GET', '/web/assets/app-1a2b.js', undefined);
    expect(asset.status).toBe(200);
    expect(String(asset.headers['cache-control'])).toMatch(/max-age=31536000.*immutable/);
  });
});
