/** The built pages are served with a strict CSP, deep links load the page, assets need no key. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../support/app.js';

const webRoot = mkdtempSync(join(tmpdir(), 'waybill-web-'));
mkdirSync(join(webRoot, 'console'));
mkdirSync(join(webRoot, 'assets'));
writeFileSync(
  join(webRoot, 'console/index.html'),
  '<!doctype html><title>console</title><script type="module" src="/web/assets/app.js"></script>',
);
writeFileSync(join(webRoot, 'assets/app.js'), 'console.log(1)');

describe('web pages', () => {
  const s = useTestApp({ env: { WAYBILL_WEB_ROOT: webRoot } });

  it('answers a deep link of the console with its page and a strict CSP, without a key', async () => {
    const res = await s.t.call('GET', '/console/shipments/abc', undefined);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.raw).toContain('<title>console</title>');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('redirects /console to /console/', async () => {
    const res = await s.t.call('GET', '/console', undefined);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/console/');
  });

  it('serves hashed assets without a key, cached for long', async () => {
    const res = await s.t.call('GET', '/web/assets/app.js', undefined);
    expect(res.status).toBe(200);
    expect(res.raw).toBe('console.log(1)');
    expect(String(res.headers['cache-control'])).toContain('immutable');
  });

  it('answers a missing asset with a 404 in the error shape', async () => {
    const res = await s.t.call('GET', '/web/assets/nope.js', undefined);
    expectError(res, 404, 'not_found');
  });
});
