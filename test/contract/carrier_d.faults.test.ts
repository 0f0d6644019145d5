/** carrier_d faults in USPS's words, both tokens, and debug logging, through the whole service. */
import { afterEach, describe, expect, it } from 'vitest';
import { validAuth } from '../support/accounts.js';
import { createTestApp, expectError } from '../support/app.js';
import { address, shipmentD as shipment, useCarrierD } from './carrier_d.support.js';

const s = useCarrierD({ WAYBILL_CARRIER_TIMEOUT_MS: '1500' });
afterEach(() => s.em.clearFaults());

const rate = (account = s.account) => s.t.call('POST', '/rate', s.key, shipment(account, { service: 'priority_mail' }));
const ship = (account = s.account, extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/ship', s.key, shipment(account, { service: 'priority_mail', ...extra }));
/** An account on its own OAuth client (own tokens); the emulator knows the client unless its secret says "invalid". */
const freshAccount = async (auth: Record<string, string>) => {
  if (!auth.client_secret?.startsWith('invalid')) await s.em.knowCredentials('carrier_d', auth);
  return (
    await s.t.call('POST', '/shippingaccount', s.key, {
      shipping_account: { carrier: 'carrier_d', country: 'US', test: true, auth, billing_address: address() },
    })
  ).body.shipping_account.id as string;
};

describe('carrier_d faults', () => {
  it('timeout → 504 carrier_timeout', async () => {
    await s.em.fault('carrier_d', 'rate', 'timeout', 5);
    expectError(await rate(), 504, 'carrier_timeout');
  });

  it('500 on a read is retried; on a label it is not', async () => {
    await s.em.fault('carrier_d', 'rate', 'http_500', 1);
    expect((await rate()).status).toBe(200);
    await s.em.fault('carrier_d', 'rate', 'http_500', 3);
    expectError(await rate(), 502, 'carrier_http_exception');
    await s.em.fault('carrier_d', 'ship', 'http_500', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
  });

  it('429 → carrier_throttling with Retry-After', async () => {
    await s.em.fault('carrier_d', 'ship', 'http_429:7', 1);
    const res = await ship();
    expectError(res, 429, 'carrier_throttling');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a refused access token is renewed once; refused twice → carrier_authentication', async () => {
    await s.em.fault('carrier_d', 'rate', 'auth', 1);
    expect((await rate()).status).toBe(200);
    await s.em.fault('carrier_d', 'rate', 'auth', 2);
    expectError(await rate(), 400, 'carrier_authentication');
  });

  it('refused OAuth client or payment account → carrier_authentication with USPS’s message', async () => {
    const badClient = await freshAccount({ ...validAuth.carrier_d, client_secret: 'invalid-secret' });
    expect(expectError(await rate(badClient), 400, 'carrier_authentication').message).toContain(
      'Client authentication failed',
    );
    const badPayer = await freshAccount({
      ...validAuth.carrier_d,
      client_id: 'payer-test',
      customer_registration_id: 'invalid-crid',
    });
    expect(expectError(await ship(badPayer), 400, 'carrier_authentication').message).toContain('CRID');
  });

  it('malformed answers → 502 carrier_http_exception, never a 500', async () => {
    // A manifest acts only on labels booked here (and must name them on the shared test credentials).
    const booked = (await ship()).body.shipment.tracking_number as string;
    for (const op of ['ship', 'rate', 'track', 'pickup', 'locations', 'manifest', 'payment_authorization']) {
      const account =
        op === 'payment_authorization'
          ? await freshAccount({ ...validAuth.carrier_d, client_id: 'malformed-pay' })
          : s.account;
      await s.em.fault('carrier_d', op, 'malformed', 3);
      const res =
        op === 'track'
          ? await s.t.call('POST', '/track', s.key, {
              track: { shipping_account: account, tracking_number: '9205500000000000000000', refresh: true },
            })
          : op === 'pickup'
            ? await s.t.call('POST', '/pickup', s.key, {
                pickup: {
                  shipping_account: account,
                  carrier: 'carrier_d',
                  location: { ...shipment(account).shipment.sender, location_type: 'office' },
                  shipments: [{ packages: [{ weight: 1 }] }],
                  time: {
                    date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
                    ready_time: '09:00',
                    close_time: '17:00',
                  },
                  dim_units: 'IN',
                  weight_units: 'LB',
                },
              })
            : op === 'locations'
              ? await s.t.call('POST', '/dopu', s.key, {
                  dopu: { shipping_account: account, location: { postal_code: '38117', country: 'US' } },
                })
              : op === 'manifest'
                ? await s.t.call('POST', '/manifest', s.key, {
                    manifest: { shipping_account: account, tracking_numbers: [booked] },
                  })
                : op === 'rate'
                  ? await rate(account)
                  : await ship(account);
      expectError(res, 502, 'carrier_http_exception');
      await s.em.clearFaults();
    }
  });

  it('reset → 502 carrier_failed_connection', async () => {
    await s.em.fault('carrier_d', 'ship', 'reset', 1);
    expectError(await ship(), 502, 'carrier_failed_connection');
  });
});

describe('carrier_d payment authorization token', () => {
  it('is asked for once and reused for every label', async () => {
    const account = await freshAccount({ ...validAuth.carrier_d, client_id: 'pay-reuse' });
    const state = s.em.emulator.state.carrier_d;
    const before = state.paymentTokensIssued;
    for (let i = 0; i < 3; i++) expect((await ship(account)).status).toBe(200);
    expect((await s.t.call('POST', '/manifest', s.key, { manifest: { shipping_account: account } })).status).toBe(200);
    expect(state.paymentTokensIssued - before).toBe(1);
  });

  it('an expired payment token (after eight hours) is fetched again and the label bought', async () => {
    const account = await freshAccount({ ...validAuth.carrier_d, client_id: 'pay-expiry' });
    expect((await ship(account)).status).toBe(200);
    // The emulator's clock moves on; the service's does not, so it still holds the old token.
    const before = s.em.emulator.state.carrier_d.paymentTokensIssued;
    await s.em.advance(9 * 3_600_000);
    try {
      expect((await ship(account)).status).toBe(200);
      expect(s.em.emulator.state.carrier_d.paymentTokensIssued - before).toBe(1);
    } finally {
      await s.em.resetClock();
    }
  });
});

describe('carrier_d debug: true', () => {
  it('logs the exchange with the secret, both tokens and the label bytes redacted', async () => {
    const auth = { ...validAuth.carrier_d, client_id: 'debug-client-d', client_secret: 'debug-secret-value-d7q' };
    const account = await freshAccount(auth);
    const before = s.t.logs.length;
    const res = await ship(account, { debug: true, include_base64_label: true });
    expect(res.status).toBe(200);
    const lines = s.t.logs.slice(before).join('');
    expect(lines).toContain('/oauth2/v3/token');
    expect(lines).toContain('/payments/v3/payment-authorization');
    expect(lines).toContain('/labels/v3/label');
    expect(lines).toContain('labelMetadata');
    expect(lines).not.toContain('debug-secret-value-d7q');
    expect(lines).not.toContain(res.body.shipment.packages[0].label.slice(0, 120));
    expect(lines).not.toMatch(/eyJhbGciOiJSUzI1NiJ9\.[A-Za-z0-9_-]{8,}/);
    expect(lines).not.toMatch(/Bearer [A-Za-z0-9._-]{8,}/);
  });
});

describe('carrier_d unreachable', () => {
  it('→ 502 carrier_failed_connection', async () => {
    const dead = await createTestApp({
      emulatorUrl: 'http://127.0.0.1:9',
      env: { WAYBILL_CARRIER_TIMEOUT_MS: '1500' },
    });
    try {
      const k = await dead.key();
      const acct = (
        await dead.call('POST', '/shippingaccount', k, {
          shipping_account: { carrier: 'carrier_d', country: 'US', test: true },
        })
      ).body.shipping_account.id;
      expectError(await dead.call('POST', '/rate', k, shipment(acct)), 502, 'carrier_failed_connection');
    } finally {
      await dead.close();
    }
  });
});
