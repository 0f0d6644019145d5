/** carrier_b faults injected in the emulator reach the caller as the codes DECISIONS.md gives them. */
import { afterEach, describe, expect, it } from 'vitest';
import { createAdapter } from '../../src/carriers/carrier_b/client.js';
import type { TokenStore } from '../../src/carriers/shared/oauth.js';
import { createTransport } from '../../src/carriers/shared/transport.js';
import { createLogger } from '../../src/foundations/logger.js';
import { systemClock } from '../../src/foundations/clock.js';
import { validAuth } from '../support/accounts.js';
import { createTestApp, expectError } from '../support/app.js';
import { senderUS, useCarrierB } from './carrier_b.support.js';
import { address, shipment as baseShipment } from './support.js';

const s = useCarrierB({ WAYBILL_CARRIER_TIMEOUT_MS: '1500' });
afterEach(() => s.em.clearFaults());

const shipment = (account: string, overrides: Record<string, unknown> = {}) =>
  baseShipment(account, { sender: senderUS, ...overrides });
const rate = () => s.t.call('POST', '/rate', s.key, shipment(s.account));
const ship = (extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'carrier_b_ground', ...extra }));
const track = (n: string) =>
  s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number: n, refresh: true } });

describe('faults in UPS’s own error shape', () => {
  it('timeout → 504 carrier_timeout', async () => {
    await s.em.fault('carrier_b', 'rate', 'timeout', 5);
    expectError(await rate(), 504, 'carrier_timeout');
  });

  it('latency below the timeout only delays', async () => {
    await s.em.fault('carrier_b', 'rate', 'latency:200', 1);
    expect((await rate()).status).toBe(200);
  });

  it('500 → 502 carrier_http_exception once retries of a read are spent; a booking is never retried', async () => {
    await s.em.fault('carrier_b', 'rate', 'http_500', 3);
    expectError(await rate(), 502, 'carrier_http_exception');
    await s.em.fault('carrier_b', 'rate', 'http_500', 1);
    expect((await rate()).status).toBe(200);
    await s.em.fault('carrier_b', 'ship', 'http_500', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
  });

  it('429 → 429 carrier_throttling with Retry-After', async () => {
    await s.em.fault('carrier_b', 'ship', 'http_429', 1);
    const res = await ship();
    expectError(res, 429, 'carrier_throttling');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('auth → the token is renewed once; refused again → carrier_authentication with UPS’s message', async () => {
    await s.em.fault('carrier_b', 'rate', 'auth', 1);
    expect((await rate()).status).toBe(200);
    await s.em.fault('carrier_b', 'rate', 'auth', 2);
    const err = expectError(await rate(), 400, 'carrier_authentication');
    expect(err.message).toBe('Invalid Authentication Information.');
    expect(err.detail).toContain('250002');
  });

  it('credentials refused at the token endpoint → carrier_authentication', async () => {
    const other = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: {
          carrier: 'carrier_b',
          country: 'US',
          test: true,
          auth: { ...validAuth.carrier_b, userid: 'fresh-user' },
        },
      })
    ).body.shipping_account.id;
    await s.em.fault('carrier_b', 'oauth', 'auth', 5);
    const err = expectError(await s.t.call('POST', '/rate', s.key, shipment(other)), 400, 'carrier_authentication');
    expect(err.message).toBe('Invalid Access License number');
  });

  it('an account without OAuth client credentials or userid/password → carrier_authentication naming the member', async () => {
    const bare = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: {
          carrier: 'carrier_b',
          country: 'US',
          test: true,
          auth: { account_number: 'A1B2C3', access_license_number: 'ALN' },
        },
      })
    ).body.shipping_account.id;
    expect(
      expectError(await s.t.call('POST', '/rate', s.key, shipment(bare)), 400, 'carrier_authentication').detail,
    ).toBe('auth.client_id');
  });

  it('malformed body → 502 carrier_http_exception, never a 500, for every operation', async () => {
    await s.em.fault('carrier_b', 'ship', 'malformed', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
    await s.em.fault('carrier_b', 'rate', 'malformed', 3);
    expectError(await rate(), 502, 'carrier_http_exception');
    await s.em.fault('carrier_b', 'track', 'malformed', 3);
    expectError(await track('1Z023E2X0214323462'), 502, 'carrier_http_exception');
    await s.em.fault('carrier_b', 'locations', 'malformed', 3);
    expectError(
      await s.t.call('POST', '/dopu', s.key, {
        dopu: { shipping_account: s.account, location: { city: 'Atlanta', postal_code: '30301', country: 'US' } },
      }),
      502,
      'carrier_http_exception',
    );
  });

  it('reset → 502 carrier_failed_connection', async () => {
    await s.em.fault('carrier_b', 'ship', 'reset', 1);
    expectError(await ship(), 502, 'carrier_failed_connection');
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
          shipping_account: { carrier: 'carrier_b', country: 'US', test: true },
        })
      ).body.shipping_account.id;
      expectError(await dead.call('POST', '/rate', k, shipment(acct)), 502, 'carrier_failed_connection');
    } finally {
      await dead.close();
    }
  });

  it('bad input is a 4xx before any carrier call', async () => {
    await s.em.fault('carrier_b', '*', 'http_500', 100);
    expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { packages: [{ weight: -1 }] })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, { service: 'carrier_b_ground', label_type: 'ZPL', label_size: '4X9' }),
      ),
      400,
      'schema_validation_error',
    );
    expectError(await s.t.call('POST', '/ship', s.key, { shipment: 'nope' }), 400, 'schema_validation_error');
  });
});

describe('debug: true', () => {
  it('logs the exchange with Basic credentials, tokens and label bytes redacted', async () => {
    const auth = { account_number: 'D3BUG1', client_id: 'debug-client', client_secret: 'debug-secret-value-9f3k' };
    await s.em.knowCredentials('carrier_b', auth);
    const account = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_b', country: 'US', test: true, auth },
      })
    ).body.shipping_account.id;
    const before = s.t.logs.length;
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(account, { service: 'carrier_b_ground', debug: true, include_base64_label: true, label_type: 'PNG' }),
    );
    expect(res.status).toBe(200);
    const lines = s.t.logs.slice(before).join('');
    expect(lines).toContain('/security/v1/oauth/token');
    expect(lines).toContain('ShipmentIdentificationNumber');
    expect(lines).not.toContain('debug-secret-value-9f3k');
    expect(lines).not.toContain(Buffer.from('debug-client:debug-secret-value-9f3k').toString('base64'));
    expect(lines).not.toContain(res.body.shipment.packages[0].label.slice(0, 200));
    expect(lines).not.toMatch(/Bearer [A-Za-z0-9._-]{8,}/);
  });
});

describe('pickup cancellation (adapter over loopback)', () => {
  /** The shared store's contract in memory: this suite exercises the UPS calls, not token storage. */
  function memoryTokens(): TokenStore {
    const tokens = new Map<string, string>();
    return {
      async get(key, fetch) {
        const known = tokens.get(key);
        if (known) return known;
        const fresh = (await fetch()).access_token;
        tokens.set(key, fresh);
        return fresh;
      },
      async invalidate(key) {
        tokens.delete(key);
      },
    };
  }

  it('schedules with the Pickup API, cancels by PRN, and refuses a second cancel', async () => {
    const transport = createTransport({ timeoutMs: 5000 });
    try {
      const adapter = createAdapter({
        transport,
        labels: {} as never,
        tokens: memoryTokens(),
        clock: systemClock,
        baseUrl: () => `${s.em.url}/carrier_b`,
      });
      const call = { auth: validAuth.carrier_b, test: true, debug: false, country: 'US', log: createLogger('silent') };
      let day = Date.now() + 86_400_000;
      while ([0, 6].includes(new Date(day).getUTCDay())) day += 86_400_000;
      const date = new Date(day).toISOString().slice(0, 10);
      const location = address({ city: 'Atlanta', state: 'GA', postal_code: '30301' }) as { country: string };
      const booked = await adapter.pickup!(call, {
        shipping_account: 'sa',
        carrier: 'carrier_b',
        location,
        shipments: [{ packages: [{ weight: 3 }] }],
        time: { date, ready_time: '09:00', close_time: '17:00' },
        dim_units: 'IN',
        weight_units: 'LB',
      });
      expect(booked.confirmation_number).toMatch(/AONCALL02$/);
      expect(await adapter.cancelPickup!(call, { confirmation_number: booked.confirmation_number })).toEqual({
        message: 'Pickup cancelled',
      });
      await expect(
        adapter.cancelPickup!(call, { confirmation_number: booked.confirmation_number }),
      ).rejects.toMatchObject({ code: 'carrier_exception' });
    } finally {
      await transport.close();
    }
  });
});
