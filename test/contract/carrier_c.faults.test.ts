/** carrier_c faults injected in the emulator reach the caller as the codes DECISIONS.md gives them. */
import { afterEach, describe, expect, it } from 'vitest';
import { validAuth } from '../support/accounts.js';
import { expectError } from '../support/app.js';
import { address, shipment, useCarrier } from './support.js';

// A short carrier timeout keeps the timeout cases quick.
const s = useCarrier('carrier_c', 'DE', { WAYBILL_CARRIER_TIMEOUT_MS: '1500' });
afterEach(() => s.em.clearFaults());

const berlin = address({
  street1: 'Unter den Linden 1',
  city: 'Berlin',
  state: undefined,
  postal_code: '10117',
  country: 'DE',
  phone: '+49 30 1234567',
});
const munich = {
  name: 'Max',
  street1: 'Marienplatz 8',
  city: 'Munich',
  postal_code: '80331',
  country: 'DE',
  phone: '+49 89 7654321',
};
const body = (account: string, extra: Record<string, unknown> = {}) =>
  shipment(account, { sender: berlin, recipient: munich, dim_units: 'CM', weight_units: 'KG', ...extra });
const rate = () => s.t.call('POST', '/rate', s.key, body(s.account));
const ship = (extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/ship', s.key, body(s.account, { service: 'domestic_express', ...extra }));
const track = (n: string) =>
  s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number: n, refresh: true } });

describe('faults', () => {
  it('timeout → 504 carrier_timeout', async () => {
    await s.em.fault('carrier_c', 'rate', 'timeout', 5);
    expectError(await rate(), 504, 'carrier_timeout');
  });

  it('500 → 502 carrier_http_exception once retries of a read are spent; a read recovers from one', async () => {
    await s.em.fault('carrier_c', 'rate', 'http_500', 3);
    const err = expectError(await rate(), 502, 'carrier_http_exception');
    expect(err.message).toContain('Internal Server Error');
    await s.em.fault('carrier_c', 'rate', 'http_500', 1);
    expect((await rate()).status).toBe(200);
  });

  it('a booking is never retried: one 500 → 502', async () => {
    await s.em.fault('carrier_c', 'ship', 'http_500', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
  });

  it('429 → 429 carrier_throttling with Retry-After', async () => {
    await s.em.fault('carrier_c', 'ship', 'http_429:5', 1);
    const res = await ship();
    expectError(res, 429, 'carrier_throttling');
    expect(res.headers['retry-after']).toBe('5');
  });

  it("auth → 400 carrier_authentication with DHL's message", async () => {
    await s.em.fault('carrier_c', 'rate', 'auth', 1);
    const err = expectError(await rate(), 400, 'carrier_authentication');
    expect(err.message).toBe('Invalid Credentials');
    expect(err.detail).toContain('carrier_c HTTP 401 Unauthorized');
  });

  it('my_carrier_c_username/password are used when present', async () => {
    const auth = {
      ...validAuth.carrier_c,
      my_carrier_c_username: 'mydhl-user',
      my_carrier_c_password: 'mydhl-secret-value',
    };
    await s.em.knowCredentials('carrier_c', auth);
    const account = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_c', country: 'DE', test: true, auth },
      })
    ).body.shipping_account.id;
    const before = s.t.logs.length;
    expect((await s.t.call('POST', '/rate', s.key, body(account, { debug: true }))).status).toBe(200);
    const lines = s.t.logs.slice(before).join('');
    expect(lines).toContain('/rates');
    expect(lines).not.toContain('mydhl-secret-value');
    expect(lines).not.toContain(Buffer.from('mydhl-user:mydhl-secret-value').toString('base64'));
  });

  it('malformed body → 502 carrier_http_exception, never a 500', async () => {
    await s.em.fault('carrier_c', 'ship', 'malformed', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
    await s.em.fault('carrier_c', 'track', 'malformed', 3);
    expectError(await track('4500000013'), 502, 'carrier_http_exception');
    await s.em.fault('carrier_c', 'locations', 'malformed', 3);
    expectError(
      await s.t.call('POST', '/dopu', s.key, {
        dopu: { shipping_account: s.account, location: { city: 'Berlin', country: 'DE' } },
      }),
      502,
      'carrier_http_exception',
    );
  });

  it('reset → 502 carrier_failed_connection', async () => {
    await s.em.fault('carrier_c', 'ship', 'reset', 1);
    expectError(await ship(), 502, 'carrier_failed_connection');
  });

  it('a transport fault on validate_credentials is an error, not valid: false', async () => {
    await s.em.fault('carrier_c', 'address_validate', 'http_500', 3);
    expectError(
      await s.t.call('POST', '/validate_credentials', s.key, { validate_credentials: { shipping_account: s.account } }),
      502,
      'carrier_http_exception',
    );
  });
});

describe('debug: true', () => {
  it('logs the exchange with the Basic credentials and label bytes redacted', async () => {
    const before = s.t.logs.length;
    const res = await ship({ debug: true, include_base64_label: true });
    expect(res.status).toBe(200);
    const lines = s.t.logs.slice(before).join('');
    expect(lines).toContain('/shipments');
    expect(lines).toContain('shipmentTrackingNumber');
    expect(lines).not.toMatch(/Basic [A-Za-z0-9+/=]{8,}/);
    // The emulator's master test credentials of the account (services/master-accounts.ts).
    expect(lines).not.toContain('test-de-my-carrier-c-password');
    expect(lines).not.toContain(res.body.shipment.packages[0].label.slice(0, 200));
  });
});
