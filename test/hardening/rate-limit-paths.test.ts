/**
 * Finding: a request over its limit on the uncached authentication path ended the process. The
 * limit was checked inside the callback of the key lookup's promise, so its 429 became an unhandled
 * rejection: a key over its limit when it was looked up again, one JWT with 20 requests in flight,
 * the tenant's redeliver budget reached by a key not yet cached. Now every hook runs inside one
 * error boundary (src/http/hook-boundary.ts) and every authentication path answers 429 in the error
 * shape. Each case runs over the real HTTP server, many requests at once, and ends by checking that
 * the server still answers. The clock stands still unless a test moves it.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/services/kernel/events.js';
import { useTestApp } from '../support/app.js';
import { dialects } from '../support/databases.js';

const SECRET = 'operator-gateway-secret-0123456789';
let offset = 0;
const clock = { now: () => new Date(Date.parse('2026-11-24T12:00:00Z') + offset) };

const rejections: unknown[] = [];
const onRejection = (err: unknown) => rejections.push(err);
beforeAll(() => void process.on('unhandledRejection', onRejection));
afterAll(() => void process.off('unhandledRejection', onRejection));

interface Answer {
  status: number;
  body: any;
  retryAfter: string | null;
}

let base: string;

async function send(method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${base}${path}`, { method, headers, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, retryAfter: res.headers.get('retry-after') };
}

/** `n` requests at once. */
const burst = (n: number, one: () => Promise<Answer>) => Promise.all(Array.from({ length: n }, one));

/** Each answer is `ok` or a 429 rate_limited in the error shape with Retry-After; `limited` of them are 429s. */
function expectLimited(answers: Answer[], ok: number, limited: number): void {
  const refused = answers.filter((a) => a.status === 429);
  expect(answers.filter((a) => a.status === ok)).toHaveLength(answers.length - limited);
  expect(refused).toHaveLength(limited);
  for (const a of refused) {
    expect(Object.keys(a.body)).toEqual(['error']);
    expect(a.body.error).toMatchObject({
      code: 'rate_limited',
      message: expect.any(String),
      detail: expect.any(String),
    });
    expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
  }
}

async function expectAlive(): Promise<void> {
  expect((await send('GET', '/healthz', {})).status).toBe(200);
  expect(rejections).toEqual([]);
}

const key = (k: string) => ({ zkkey: k });
const jwt = async (sub: string) =>
  new SignJWT({ sub, exp: Math.floor(clock.now().getTime() / 1000) + 600 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));

// On PostgreSQL the buckets are shared by every instance through the database (http/shared-buckets.ts).
describe.each(dialects)('every authentication path past its limit, many requests at once, on %s', (dialect) => {
  // WAYBILL_RATE_LIMIT=5: bursts of 10 per key (leases of one token when shared).
  const s = useTestApp({ dialect, clock, env: { WAYBILL_RATE_LIMIT: '5', WAYBILL_JWT_SECRET: SECRET } });
  beforeAll(async () => {
    base = await s.t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it('a key not yet looked up: 20 in flight, 10 admitted', async () => {
    offset += 60_000;
    const fresh = await s.t.key('acme');
    expectLimited(await burst(20, () => send('GET', '/webhooks', key(fresh))), 200, 10);
    await expectAlive();
  });

  it('a cached key', async () => {
    const cachedKey = await s.t.key('acme');
    expect((await send('GET', '/webhooks', key(cachedKey))).status).toBe(200);
    expectLimited(await burst(20, () => send('GET', '/webhooks', key(cachedKey))), 200, 11);
    await expectAlive();
  });

  it('a key looked up again once its cache time has passed, while over its limit', async () => {
    const k = await s.t.key('globex');
    expectLimited(await burst(10, () => send('GET', '/webhooks', key(k))), 200, 0);
    offset += 5_001;
    // 5 s refilled the bucket (25 tokens, 10 at most): the 20 in flight, all looked up again, spend it.
    expectLimited(await burst(20, () => send('GET', '/webhooks', key(k))), 200, 10);
    await expectAlive();
  });

  it('one JWT with 20 requests in flight (JWTs are never cached)', async () => {
    const token = await jwt('initech');
    expectLimited(await burst(20, () => send('GET', '/webhooks', { authorization: `Bearer ${token}` })), 200, 10);
    await expectAlive();
  });

  it('refused keys from one address: 20 answered 401, then 429', async () => {
    offset += 60_000;
    expectLimited(await burst(40, () => send('GET', '/webhooks', key(`wrong-${Math.random()}`))), 401, 20);
    await expectAlive();
  });

  it('the tenant’s redeliver budget, reached through a cached key, a fresh key and a key looked up again', async () => {
    offset += 60_000;
    const eventId = await recordEvent(s.t.db.database.db, {
      tenant: 'umbrella',
      type: 'shipment.created',
      data: { id: 'shp_x' },
      at: clock.now(),
    });
    const redeliver = (k: string) => () => send('POST', `/events/${eventId}/redeliver`, key(k));
    const first = await s.t.key('umbrella');
    expectLimited(await burst(11, redeliver(first)), 200, 1);
    // The recipe: one more a second later, by a key the instance has not seen yet.
    offset += 1_000;
    expectLimited(await burst(3, redeliver(await s.t.key('umbrella'))), 200, 3);
    offset += 5_001;
    // 6 s refilled 3 redeliveries; the key is looked up again for each of the 8 in flight.
    expectLimited(await burst(8, redeliver(first)), 200, 5);
    await expectAlive();
  });
});
