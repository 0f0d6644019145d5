/**
 * Findings: nothing produced the documented 429 rate_limited (29,604 wrong-key requests in 5 s got
 * 29,604 × 401), and one tenant registered 120 endpoints at another company's host and queued 10,309
 * deliveries with 50 redeliveries in 0.65 s. Now: a token bucket per key, refused keys throttled per
 * address, at most WAYBILL_WEBHOOK_MAX_ENDPOINTS endpoints, redeliver and replay throttled per tenant.
 * The clock stands still unless a test moves it, so buckets refill only when told.
 */
import { describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/services/kernel/events.js';
import { expectError, useTestApp } from '../support/app.js';

let offset = 0;
const clock = { now: () => new Date(Date.parse('2026-11-24T12:00:00Z') + offset) };

describe('per-key rate limit (WAYBILL_RATE_LIMIT=5: bursts of 10)', () => {
  const s = useTestApp({ clock, env: { WAYBILL_RATE_LIMIT: '5' } });

  it('answers 429 rate_limited with Retry-After once a key has spent its burst, per key', async () => {
    for (let i = 0; i < 10; i++) expect((await s.t.call('GET', '/webhooks', s.key)).status).toBe(200);
    const limited = await s.t.call('GET', '/webhooks', s.key);
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another key of the same tenant has its own bucket; public routes are not limited.
    expect((await s.t.call('GET', '/webhooks', await s.t.key('acme'))).status).toBe(200);
    expect((await s.t.call('GET', '/healthz', undefined)).status).toBe(200);
    offset += 1000;
    for (let i = 0; i < 5; i++) expect((await s.t.call('GET', '/webhooks', s.key)).status).toBe(200);
    expectError(await s.t.call('GET', '/webhooks', s.key), 429, 'rate_limited');
  });

  it('throttles refused keys per client address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) answers.push((await s.t.call('GET', '/webhooks', `wrong-key-${i}`)).status);
    expect(answers.slice(0, 20).every((st) => st === 401)).toBe(true);
    expect(answers.slice(20).every((st) => st === 429)).toBe(true);
  });
});

describe('webhook fan-out', () => {
  const s = useTestApp({ clock, env: { WAYBILL_WEBHOOK_ALLOW_PRIVATE: 'true' } });
  const register = (key: string, i: number) =>
    s.t.call('POST', '/webhooks', key, { webhook: { url: `http://127.0.0.1:9/hook-${i}`, events: ['*'] } });

  it('caps endpoints per tenant at 20 with 400 limit_exceeded', async () => {
    for (let i = 0; i < 20; i++) expect((await register(s.key, i)).status).toBe(200);
    const err = expectError(await register(s.key, 20), 400, 'limit_exceeded');
    expect(err.message).toContain('20');
    expect((await register(await s.t.key('globex'), 0)).status).toBe(200);
  });

  it('throttles redeliver and replay per tenant', async () => {
    const eventId = await recordEvent(s.t.db.database.db, {
      tenant: 'acme',
      type: 'shipment.created',
      data: { id: 'shp_x' },
      at: clock.now(),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await s.t.call('POST', `/events/${eventId}/redeliver`, s.key)).status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((st) => st === 429)).toBe(true);
    const queued = await s.t.db.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('event_id', '=', eventId)
      .execute();
    expect(queued.length).toBeLessThanOrEqual(11 * 20);
    // Replays share the tenant's budget; another tenant has its own.
    const hook = (await s.t.call('GET', '/webhooks', s.key)).body.webhooks[0].id as string;
    expectError(
      await s.t.call('POST', `/webhooks/${hook}/deliveries/${queued[0]!.id}/replay`, s.key),
      429,
      'rate_limited',
    );
  });
});
