/** Signed links: label URLs without a key, tracking pages; tampered, expired, another tenant's. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { shipment } from '../contract/support.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

const webRoot = tempDir('web');
mkdirSync(join(webRoot, 'tracking'));
writeFileSync(join(webRoot, 'tracking/index.html'), '<!doctype html><title>tracking</title>');

let now = Date.now();
const clock = { now: () => new Date(now) };
let t: TestApp;
let em: TestEmulator;
let key: string;
let account: string;
beforeAll(async () => {
  em = await startTestEmulator();
  t = await createTestApp({
    emulatorUrl: em.url,
    clock,
    env: { WAYBILL_PUBLIC_URL: 'https://ship.example.com/', WAYBILL_WEB_ROOT: webRoot, WAYBILL_LABEL_URL_TTL: '1h' },
  });
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

const book = async (headers: Record<string, string> = {}) => {
  const res = await t.call('POST', '/ship', key, shipment(account, { service: 'carrier_a_ground' }), headers);
  expect(res.status, res.raw).toBe(200);
  return res.body.shipment as { id: string; tracking_url: string; packages: { label: string }[] };
};
/** The path and query of an absolute link, to send in-process. */
const local = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
const get = (url: string, k?: string) => t.call('GET', url, k);

describe('signed label URLs', () => {
  it('work without a key until they expire; the key works too; the Host header is never used', async () => {
    const s = await book({ host: 'evil.example' });
    const label = s.packages[0]!.label;
    expect(label).toMatch(/^https:\/\/ship\.example\.com\/labels\/lbl_[\w-]+\?expires=\d+&signature=[\w-]{22}$/);
    expect(s.tracking_url).toMatch(/^https:\/\/ship\.example\.com\/tracking\/shp_[\w-]+\.[0-9a-z]+\.[\w-]{22}$/);
    const res = await get(local(label));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.raw.startsWith('%PDF')).toBe(true);
    expect((await get(new URL(label).pathname, key)).status).toBe(200);
    expectError(await get(new URL(label).pathname), 401, 'missing_api_key');

    now += 3_600_000 + 1000;
    try {
      const gone = expectError(await get(local(label)), 410, 'link_expired');
      expect(gone.message).toMatch(/expired at/);
      expect((await get(new URL(label).pathname, key)).status).toBe(200);
    } finally {
      now -= 3_600_000 + 1000;
    }
  });

  it('answers a tampered signature, expiry or id with 404, and another tenant’s signature too', async () => {
    const [a, b] = [await book(), await book()];
    const u = new URL(a.packages[0]!.label);
    const sig = u.searchParams.get('signature')!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expectError(
      await get(`${u.pathname}?expires=${u.searchParams.get('expires')}&signature=${flipped}`),
      404,
      'not_found',
    );
    expectError(
      await get(`${u.pathname}?expires=${Number(u.searchParams.get('expires')) + 3600}&signature=${sig}`),
      404,
      'not_found',
    );
    expectError(await get(`${new URL(b.packages[0]!.label).pathname}${u.search}`), 404, 'not_found');
    expectError(await get(`${u.pathname}?expires=x&signature=${sig}`), 404, 'not_found');
    expectError(await get(`/labels/lbl_nope${u.search}`), 404, 'not_found');
    // A link this service signed, but for another tenant than the label's owner.
    const id = u.pathname.split('/').pop()!;
    expectError(await get(local(t.services.links.labelUrl('https://x', 'globex', id))), 404, 'not_found');
    expectError(await get(u.pathname, await t.key('globex')), 404, 'not_found');
  });
});

describe('tracking links', () => {
  const token = (url: string) => new URL(url).pathname.split('/').pop()!;

  it('answer the journey without personal data, from the cache like POST /track', async () => {
    const s = await book();
    const res = await get(`/public/tracking/${token(s.tracking_url)}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.tracking).toMatchObject({
      carrier: 'carrier_a',
      service: 'carrier_a_ground',
      tracking_stage: expect.any(String),
    });
    for (const personal of ['Bob Recipient', '5 Fifth Ave', '2125550100', 'Ann Sender', '1 Main St'])
      expect(res.raw).not.toContain(personal);
    // Fresh in the cache: a second view does not reach the carrier (which would fail now).
    await em.fault('carrier_a', 'track', 'http_500', 1);
    try {
      expect((await get(`/public/tracking/${token(s.tracking_url)}`)).status).toBe(200);
      // The page itself answers 200; a tampered link's page answers 404.
      expect((await get(new URL(s.tracking_url).pathname)).status).toBe(200);
    } finally {
      await em.clearFaults();
    }
  });

  it('refuse a tampered link (404, page too), another tenant’s link (404) and an expired one (410)', async () => {
    const s = await book();
    const [id, exp, sig] = token(s.tracking_url).split('.') as [string, string, string];
    // One character of the signature changed (to another one, whatever it was).
    const forged = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const other = await book();
    for (const bad of [
      `${id}.${exp}.${forged}`,
      `${other.id}.${exp}.${sig}`,
      `${id}.${(parseInt(exp, 36) + 1).toString(36)}.${sig}`,
      'nonsense',
    ]) {
      expectError(await get(`/public/tracking/${bad}`), 404, 'not_found');
    }
    expect((await get(`/tracking/${id}.${exp}.${forged}`)).status).toBe(404);
    expectError(
      await get(`/public/tracking/${token(t.services.links.trackingUrl('https://x', 'globex', id))}`),
      404,
      'not_found',
    );
    now += 181 * 86_400_000;
    try {
      expectError(await get(`/public/tracking/${token(s.tracking_url)}`), 410, 'link_expired');
      expect((await get(new URL(s.tracking_url).pathname)).status).toBe(410);
    } finally {
      now -= 181 * 86_400_000;
    }
  });
});
