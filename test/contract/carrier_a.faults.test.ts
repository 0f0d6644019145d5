/** Carrier faults injected in the emulator reach the caller as the codes DECISIONS.md gives them. */
import { afterEach, describe, expect, it } from 'vitest';
import { validAuth } from '../support/accounts.js';
import { createTestApp, expectError } from '../support/app.js';
import { shipment, useCarrierA } from './support.js';

// A short carrier timeout keeps the timeout cases quick.
const s = useCarrierA({ WAYBILL_CARRIER_TIMEOUT_MS: '1500' });
afterEach(() => s.em.clearFaults());

const rate = () => s.t.call('POST', '/rate', s.key, shipment(s.account));
const ship = (headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'carrier_a_ground', ...extra }), headers);

describe('faults', () => {
  // The emulator never answers a timed-out call, so a 504 can only come from the configured
  // timeout; how long it took is the benchmarks' business, not a test's (it failed under load).
  it('timeout → 504 carrier_timeout', async () => {
    await s.em.fault('carrier_a', 'rate', 'timeout', 5);
    expectError(await rate(), 504, 'carrier_timeout');
  });

  it('latency below the timeout only delays', async () => {
    await s.em.fault('carrier_a', 'rate', 'latency:200', 1);
    const started = Date.now();
    expect((await rate()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('500 → 502 carrier_http_exception once retries of a read are spent; a read recovers from one', async () => {
    await s.em.fault('carrier_a', 'rate', 'http_500', 3);
    expectError(await rate(), 502, 'carrier_http_exception');
    await s.em.fault('carrier_a', 'rate', 'http_500', 1);
    expect((await rate()).status).toBe(200);
  });

  it('a booking is never retried: one 500 → 502', async () => {
    await s.em.fault('carrier_a', 'ship', 'http_500', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
  });

  it('429 → 429 carrier_throttling with Retry-After', async () => {
    await s.em.fault('carrier_a', 'ship', 'http_429', 1);
    const res = await ship();
    expectError(res, 429, 'carrier_throttling');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('auth → the token is renewed once; refused again → 400 carrier_authentication', async () => {
    await s.em.fault('carrier_a', 'rate', 'auth', 1);
    expect((await rate()).status).toBe(200);
    await s.em.fault('carrier_a', 'rate', 'auth', 2);
    expectError(await rate(), 400, 'carrier_authentication');
  });

  it('credentials refused at the token endpoint → carrier_authentication', async () => {
    const other = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: {
          carrier: 'carrier_a',
          country: 'US',
          test: true,
          auth: { ...validAuth.carrier_a, client_id: 'fresh-client' },
        },
      })
    ).body.shipping_account.id;
    await s.em.fault('carrier_a', 'oauth', 'auth', 5);
    expectError(await s.t.call('POST', '/rate', s.key, shipment(other)), 400, 'carrier_authentication');
  });

  it('an s.account without OAuth client credentials → carrier_authentication naming the member', async () => {
    const bare = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true, auth: { account_number: '123456789' } },
      })
    ).body.shipping_account.id;
    expect(
      expectError(await s.t.call('POST', '/rate', s.key, shipment(bare)), 400, 'carrier_authentication').detail,
    ).toBe('auth.client_id');
  });

  it('malformed body → 502 carrier_http_exception, never a 500', async () => {
    await s.em.fault('carrier_a', 'ship', 'malformed', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
    await s.em.fault('carrier_a', 'track', 'malformed', 3);
    expectError(
      await s.t.call('POST', '/track', s.key, {
        track: { shipping_account: s.account, tracking_number: '794900000001', refresh: true },
      }),
      502,
      'carrier_http_exception',
    );
  });

  it('reset → 502 carrier_failed_connection', async () => {
    await s.em.fault('carrier_a', 'ship', 'reset', 1);
    expectError(await ship(), 502, 'carrier_failed_connection');
    await s.em.fault('carrier_a', 'rate', 'reset', 3);
    expectError(await rate(), 502, 'carrier_failed_connection');
  });

  it('a carrier that cannot be reached at all → 502 carrier_failed_connection', async () => {
    const dead = await createTestApp({
      emulatorUrl: 'http://127.0.0.1:9',
      env: { WAYBILL_CARRIER_TIMEOUT_MS: '1500' },
    });
    try {
      const k = await dead.key();
      const acct = (
        await dead.call('POST', '/shippingaccount', k, {
          shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
        })
      ).body.shipping_account.id;
      expectError(await dead.call('POST', '/rate', k, shipment(acct)), 502, 'carrier_failed_connection');
    } finally {
      await dead.close();
    }
  });
});

describe('test and live hosts', () => {
  it('sends test accounts and test: true calls to the test host, the rest to the live host', async () => {
    // Live host: nothing listens there. Test host: the emulator.
    const app = await createTestApp({
      env: {
        WAYBILL_CARRIER_A_URL: 'http://127.0.0.1:9',
        WAYBILL_CARRIER_A_TEST_URL: `${s.em.url}/carrier_a`,
        WAYBILL_CARRIER_TIMEOUT_MS: '1500',
      },
    });
    try {
      const k = await app.key();
      const create = async (test: boolean) =>
        (
          await app.call('POST', '/shippingaccount', k, {
            shipping_account: { carrier: 'carrier_a', country: 'US', test, auth: validAuth.carrier_a },
          })
        ).body.shipping_account.id;
      const testAccount = await create(true);
      const liveAccount = await create(false);
      expect((await app.call('POST', '/rate', k, shipment(testAccount))).status).toBe(200);
      expectError(await app.call('POST', '/rate', k, shipment(liveAccount)), 502, 'carrier_failed_connection');
      expect((await app.call('POST', '/rate', k, shipment(liveAccount, { test: true }))).status).toBe(200);
      // A test account never reaches the live host, whatever the request says.
      expect((await app.call('POST', '/rate', k, shipment(testAccount, { test: false }))).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored response to a retry without booking again', async () => {
    const first = await ship({ 'idempotency-key': 'order-1001' });
    const again = await ship({ 'idempotency-key': 'order-1001' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.shipment.tracking_number).toBe(first.body.shipment.tracking_number);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const rows = await s.t.db.database.db
      .selectFrom('shipments')
      .select('id')
      .where('tracking_number', '=', first.body.shipment.tracking_number)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses the same s.key with a different body', async () => {
    expect((await ship({ 'idempotency-key': 'order-1002' })).status).toBe(200);
    expectError(
      await ship({ 'idempotency-key': 'order-1002' }, { packages: [{ weight: 9 }] }),
      409,
      'idempotency_key_reused',
    );
  });

  it('books once when two calls with one s.key run at the same time', async () => {
    await s.em.fault('carrier_a', 'ship', 'latency:300', 1);
    const [a, b] = await Promise.all([
      ship({ 'idempotency-key': 'order-1003' }),
      ship({ 'idempotency-key': 'order-1003' }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.error.code).toBe('idempotency_key_in_use');
    const winner = [a, b].find((r) => r.status === 200)!;
    const replay = await ship({ 'idempotency-key': 'order-1003' });
    expect(replay.body.shipment.tracking_number).toBe(winner.body.shipment.tracking_number);
  });

  it('releases the s.key after a 4xx that changed nothing, keeps it after a carrier failure', async () => {
    expectError(await ship({ 'idempotency-key': 'order-1004' }, { service: 'nope' }), 400, 'schema_validation_error');
    expect((await ship({ 'idempotency-key': 'order-1004' }, { service: 'carrier_a_ground' })).status).toBe(200);

    await s.em.fault('carrier_a', 'ship', 'malformed', 1);
    expectError(await ship({ 'idempotency-key': 'order-1005' }), 502, 'carrier_http_exception');
    // The carrier may have booked: the retry gets the same answer, not a second booking.
    const retry = await ship({ 'idempotency-key': 'order-1005' });
    expectError(retry, 502, 'carrier_http_exception');
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('keys are per tenant', async () => {
    const other = await s.t.key('tenant-two');
    const mine = await ship({ 'idempotency-key': 'shared-key' });
    const theirs = await s.t.call('POST', '/ship', other, shipment(s.account, { service: 'carrier_a_ground' }), {
      'idempotency-key': 'shared-key',
    });
    expect(mine.status).toBe(200);
    expectError(theirs, 404, 'shipping_account_not_found');
  });
});

describe('debug: true', () => {
  it('logs the carrier exchange with credentials, tokens and label bytes redacted', async () => {
    // Fresh credentials, so that the token exchange is part of what is logged.
    const auth = { ...validAuth.carrier_a, client_id: 'debug-client', client_secret: 'debug-secret-value-9f3k' };
    await s.em.knowCredentials('carrier_a', auth);
    const account = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true, auth },
      })
    ).body.shipping_account.id;
    const before = s.t.logs.length;
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(account, { service: 'carrier_a_ground', debug: true, include_base64_label: true }),
    );
    expect(res.status).toBe(200);
    const lines = s.t.logs.slice(before).join('');
    expect(lines).toContain('/oauth/token');
    expect(lines).toContain('/ship/v1/shipments');
    expect(lines).toContain('masterTrackingNumber');
    expect(lines).not.toContain('debug-secret-value-9f3k');
    expect(lines).not.toContain(res.body.shipment.packages[0].label.slice(0, 200));
    expect(lines).not.toMatch(/Bearer [A-Za-z0-9._-]{8,}/);
    expect(lines).not.toMatch(/"access_token":\s*"[A-Za-z0-9._-]{8,}/);
  });

  it('logs no bodies without it', async () => {
    const before = s.t.logs.length;
    expect((await ship()).status).toBe(200);
    expect(s.t.logs.slice(before).join('')).not.toContain('masterTrackingNumber');
  });
});
