/** Faults injected in the ELS emulator reach the caller as the codes DECISIONS.md gives them. */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, expectError } from '../support/app.js';
import { shipment, useReseller } from './carrier_d_reseller.support.js';

const s = useReseller({ WAYBILL_CARRIER_TIMEOUT_MS: '1500' });
afterEach(() => s.em.clearFaults());

const rate = () => s.t.call('POST', '/rate', s.key, shipment(s.account));
const ship = (extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'priority', ...extra }), headers);

describe('faults', () => {
  it('timeout → 504 carrier_timeout', async () => {
    await s.em.fault('carrier_d_reseller', 'rates', 'timeout', 5);
    expectError(await rate(), 504, 'carrier_timeout');
  });

  it('500 → 502 carrier_http_exception once retries of a quote are spent; a quote recovers from one', async () => {
    await s.em.fault('carrier_d_reseller', 'rates', 'http_500', 3);
    expect(expectError(await rate(), 502, 'carrier_http_exception').detail).toBe('HTTP 500');
    await s.em.fault('carrier_d_reseller', 'rates', 'http_500', 1);
    expect((await rate()).status).toBe(200);
  });

  it('a label purchase is never retried: one 500 → 502', async () => {
    await s.em.fault('carrier_d_reseller', 'ship', 'http_500', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
  });

  it('429 → 429 carrier_throttling with Retry-After', async () => {
    await s.em.fault('carrier_d_reseller', 'ship', 'http_429', 1);
    const res = await ship();
    expectError(res, 429, 'carrier_throttling');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('auth (HTTP 200, Status 12507) → 400 carrier_authentication on every operation', async () => {
    // Cancel and manifest act only on labels booked here.
    const booked = (await ship()).body.shipment.tracking_number as string;
    for (const [operation, call] of [
      ['rates', rate],
      ['ship', () => ship()],
      [
        'track',
        () =>
          s.t.call('POST', '/track', s.key, {
            track: { shipping_account: s.account, tracking_number: '9400100000000000000019', refresh: true },
          }),
      ],
      [
        'cancel',
        () => s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: s.account, tracking_number: booked } }),
      ],
      [
        'manifest',
        () =>
          s.t.call('POST', '/manifest', s.key, {
            manifest: { shipping_account: s.account, tracking_numbers: [booked] },
          }),
      ],
    ] as const) {
      await s.em.fault('carrier_d_reseller', operation, 'auth', 1);
      const err = expectError(await call(), 400, 'carrier_authentication');
      expect(err.detail, operation).toBe('carrier_d_reseller status 12507');
    }
    await s.em.fault('carrier_d_reseller', 'account_status', 'auth', 1);
    const vc = await s.t.call('POST', '/validate_credentials', s.key, {
      validate_credentials: { shipping_account: s.account },
    });
    expect(vc.body).toMatchObject({ valid: false });
  });

  it('malformed body → 502 carrier_http_exception, never a 500', async () => {
    for (const operation of ['rates', 'ship', 'track', 'cancel', 'manifest', 'account_status'] as const) {
      await s.em.fault('carrier_d_reseller', operation, 'malformed', 3);
    }
    expectError(await rate(), 502, 'carrier_http_exception');
    expectError(await ship(), 502, 'carrier_http_exception');
    expectError(
      await s.t.call('POST', '/track', s.key, {
        track: { shipping_account: s.account, tracking_number: '9400100000000000000019', refresh: true },
      }),
      502,
      'carrier_http_exception',
    );
    expectError(
      await s.t.call('POST', '/validate_credentials', s.key, { validate_credentials: { shipping_account: s.account } }),
      502,
      'carrier_http_exception',
    );
  });

  it('reset → 502 carrier_failed_connection', async () => {
    await s.em.fault('carrier_d_reseller', 'ship', 'reset', 1);
    expectError(await ship(), 502, 'carrier_failed_connection');
  });

  it('a multi-package booking that fails on the carrier side refunds what it bought', async () => {
    const state = s.em.emulator.state.carrier_d_reseller;
    const before = state.labels.size;
    // The first label is bought; the fault hits the second purchase.
    await s.em.fault('carrier_d_reseller', 'ship', 'latency:0', 1);
    await s.em.fault('carrier_d_reseller', 'ship', 'http_500', 1);
    const err = expectError(await ship({ packages: [{ weight: 1 }, { weight: 1 }] }), 502, 'carrier_http_exception');
    expect(err.detail).toContain('refunded');
    const bought = [...state.labels.values()].slice(before);
    expect(bought).toHaveLength(1);
    expect(bought[0]?.refundedAt).toBeDefined();
  });
});

describe('configuration', () => {
  it('works with explicit credentials on the built-in emulator without the operator RequesterID', async () => {
    await s.em.knowCredentials('carrier_d_reseller', { account_id: 'own-1', passphrase: 'own-phrase' });
    for (const test of [true, false]) {
      const own = (
        await s.t.call('POST', '/shippingaccount', s.key, {
          shipping_account: {
            carrier: 'carrier_d_reseller',
            country: 'US',
            test,
            auth: { account_id: 'own-1', passphrase: 'own-phrase' },
          },
        })
      ).body.shipping_account.id;
      const res = await s.t.call('POST', '/rate', s.key, shipment(own));
      expect(res.status, `test: ${test} ${res.raw.slice(0, 300)}`).toBe(200);
      expect(
        (await s.t.call('POST', '/validate_credentials', s.key, { validate_credentials: { shipping_account: own } }))
          .body.valid,
      ).toBe(true);
    }
  });

  it('refuses live accounts on a live host without the operator RequesterID, and uses the configured one', async () => {
    await s.em.knowCredentials('carrier_d_reseller', { account_id: 'live-1', passphrase: 'live-phrase' });
    // A configured live URL is a live host, even when it is an emulator's.
    const live = { WAYBILL_CARRIER_D_RESELLER_URL: `${s.em.url}/carrier_d_reseller`, WAYBILL_CARRIERS: 'live' };
    const bare = await createTestApp({ emulatorUrl: s.em.url, env: live });
    const configured = await createTestApp({
      emulatorUrl: s.em.url,
      env: { ...live, WAYBILL_CARRIER_D_RESELLER_REQUESTER_ID: 'op-requester' },
    });
    try {
      for (const [app, expected] of [
        [bare, 400],
        [configured, 200],
      ] as const) {
        const k = await app.key();
        const live = (
          await app.call('POST', '/shippingaccount', k, {
            shipping_account: {
              carrier: 'carrier_d_reseller',
              country: 'US',
              test: false,
              auth: { account_id: 'live-1', passphrase: 'live-phrase' },
            },
          })
        ).body.shipping_account.id;
        const res = await app.call('POST', '/rate', k, shipment(live));
        expect(res.status).toBe(expected);
        if (expected === 400)
          expect(expectError(res, 400, 'carrier_authentication').message).toContain(
            'WAYBILL_CARRIER_D_RESELLER_REQUESTER_ID',
          );
        const vc = await app.call('POST', '/validate_credentials', k, {
          validate_credentials: { shipping_account: live },
        });
        expect(vc.status).toBe(200);
        expect(vc.body.valid).toBe(expected === 200);
      }
    } finally {
      await bare.close();
      await configured.close();
    }
  });

  it('logs the carrier exchange with the pass phrase and label bytes redacted', async () => {
    const res = await ship({ debug: true });
    expect(res.status).toBe(200);
    const logs = s.t.logs.join('\n');
    expect(logs).toContain('GetPostageLabelXML');
    expect(logs).not.toContain('test-us-passphrase');
    expect(logs).toContain('[label:');
  });
});
