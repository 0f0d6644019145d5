/**
 * Finding: answers carried no `X-Content-Type-Options: nosniff`, and /docs had no content security
 * policy and could be framed.
 */
import { describe, expect, it } from 'vitest';
import { DOCS_CSP } from '../../src/http/security-headers.js';
import { useTestApp } from '../support/app.js';

const s = useTestApp();

describe('security headers', () => {
  it('nosniff on every answer: success, error, unknown route, label, docs', async () => {
    for (const [method, url, key] of [
      ['GET', '/healthz', undefined],
      ['GET', '/webhooks', 'wrong'],
      ['GET', '/nope', undefined],
      ['GET', '/labels/lbl_x', s.key],
      ['GET', '/docs/', undefined],
      ['GET', '/openapi.json', undefined],
    ] as const) {
      const res = await s.t.call(method, url, key);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('a CSP forbidding framing on /docs, and the docs still load their own assets', async () => {
    for (const url of ['/docs', '/docs/', '/docs/static/swagger-initializer.js']) {
      const res = await s.t.call('GET', url, undefined);
      expect(res.headers['content-security-policy'], url).toBe(DOCS_CSP);
    }
    expect(DOCS_CSP).toContain("frame-ancestors 'none'");
    const page = await s.t.call('GET', '/docs/', undefined);
    expect(page.raw).toContain('swagger-initializer.js');
    expect(page.raw).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\bsrc=)[^>]*>[^<\s]/);
  });
});
