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

  it('answers HEAD, conditional and partial requests of an asset as the file plugin does', async () => {
    const get = await s.t.call('GET', '/web/assets/app.js', undefined);
    const etag = String(get.headers.etag);
    const head = await s.t.call('HEAD', '/web/assets/app.js', undefined);
    expect(head.status).toBe(200);
    expect(head.raw).toBe('');
    expect(head.headers['content-length']).toBe(String('console.log(1)'.length));
    expect(head.headers.etag).toBe(etag);
    expect(head.headers['content-security-policy']).toBe(get.headers['content-security-policy']);
    const fresh = await s.t.call('GET', '/web/assets/app.js', undefined, undefined, { 'if-none-match': etag });
    expect(fresh.status).toBe(304);
    expect(fresh.raw).toBe('');
    expect(String(fresh.headers['cache-control'])).toContain('immutable');
    expect(String(fresh.headers['content-security-policy'])).toContain("script-src 'self'");
    const part = await s.t.call('GET', '/web/assets/app.js', undefined, undefined, { range: 'bytes=0-6' });
    expect(part.status).toBe(206);
    expect(part.raw).toBe('console');
    expect(part.headers['content-range']).toBe('bytes 0-6/14');
  });

  it("answers an asset's refused precondition and a method it has not in the error shape", async () => {
    const refused = await s.t.call('GET', '/web/assets/app.js', undefined, undefined, { 'if-match': '"other"' });
    expect(expectError(refused, 400, 'schema_validation_error').message).toBe('Precondition Failed');
    expectError(await s.t.call('POST', '/web/assets/app.js', undefined), 405, 'method_not_allowed');
  });

  it('answers a missing asset with a 404 in the error shape', async () => {
    const res = await s.t.call('GET', '/web/assets/nope.js', undefined);
    expectError(res, 404, 'not_found');
  });

  it('answers the assets folder itself, which it does not list, with a 404 in the error shape', async () => {
    expectError(await s.t.call('GET', '/web/assets/', undefined), 404, 'not_found');
  });
});
