/**
 * Findings: a batch /track of 1,001 elements said "body must be object"; `/returns?start_date=2026-02-30`
 * was accepted; a bodiless DELETE with `content-type: application/json` was a 400
 * FST_ERR_CTP_EMPTY_JSON_BODY.
 */
import { describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../support/app.js';

const s = useTestApp({ env: { WAYBILL_WEBHOOK_ALLOW_PRIVATE: 'true' } });

describe('smaller findings', () => {
  it('a batch /track over the limit says the limit', async () => {
    const batch = Array.from({ length: 1001 }, () => ({
      track: { shipping_account: 'x', tracking_number: 'TEST100000001' },
    }));
    const err = expectError(await s.t.call('POST', '/track', s.key, batch), 400, 'schema_validation_error');
    expect(err.message).toContain('1000');
    expect(expectError(await s.t.call('POST', '/track', s.key, []), 400, 'schema_validation_error').message).toContain(
      '1000',
    );
  });

  it('impossible dates in /returns filters are a 400', async () => {
    for (const q of [
      'start_date=2026-02-30',
      'end_date=2026-04-31',
      'start_date=2026-02-30T10:00:00Z',
      'start_date=2026-13-01',
    ]) {
      expectError(await s.t.call('GET', `/returns?${q}`, s.key), 400, 'schema_validation_error');
    }
    expect((await s.t.call('GET', '/returns?start_date=2024-02-29', s.key)).status).toBe(200);
  });

  it('a bodiless DELETE or POST with content-type application/json is accepted', async () => {
    const hook = (
      await s.t.call('POST', '/webhooks', s.key, { webhook: { url: 'http://127.0.0.1:9/h', events: ['*'] } })
    ).body.webhook.id as string;
    const rotated = await s.t.call('POST', `/webhooks/${hook}/rotate-secret`, s.key, undefined, {
      'content-type': 'application/json',
    });
    expect(rotated.status, rotated.raw).toBe(200);
    const deleted = await s.t.call('DELETE', `/webhooks/${hook}`, s.key, undefined, {
      'content-type': 'application/json',
    });
    expect(deleted.status, deleted.raw).toBeLessThan(300);
    // A route that needs a body still says so; broken JSON is still refused.
    expect((await s.t.call('POST', '/webhooks', s.key, undefined, { 'content-type': 'application/json' })).status).toBe(
      400,
    );
    expect(
      (await s.t.call('POST', '/webhooks', s.key, '{"webhook":', { 'content-type': 'application/json' })).status,
    ).toBe(400);
    expect((await s.t.call('POST', '/webhooks', s.key, '{"__proto__":{"x":1}}')).status).toBe(400);
  });
});
