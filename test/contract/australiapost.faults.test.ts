/** australiapost faults injected in the emulator reach the caller as the codes DECISIONS.md gives them; unsupported operations are refused. */
import { afterEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { apShipment } from './australiapost.support.js';
import { useCarrier } from './support.js';

// A short carrier timeout keeps the timeout cases quick.
const s = useCarrier('australiapost', 'AU', { WAYBILL_CARRIER_TIMEOUT_MS: '1500' });
afterEach(() => s.em.clearFaults());

const rate = () => s.t.call('POST', '/rate', s.key, apShipment(s.account));
const ship = (extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/ship', s.key, apShipment(s.account, { service: 'australiapost_parcel_post', ...extra }));
const track = (n: string) =>
  s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number: n, refresh: true } });

describe('faults', () => {
  it('timeout → 504 carrier_timeout', async () => {
    await s.em.fault('australiapost', 'rate', 'timeout', 5);
    expectError(await rate(), 504, 'carrier_timeout');
  });

  it('500 → 502 carrier_http_exception once retries of a read are spent; a read recovers from one', async () => {
    await s.em.fault('australiapost', 'rate', 'http_500', 3);
    expectError(await rate(), 502, 'carrier_http_exception');
    await s.em.fault('australiapost', 'rate', 'http_500', 1);
    expect((await rate()).status).toBe(200);
  });

  it('a booking is never retried: one 500 → 502, and nothing is booked', async () => {
    const before = (await s.em.bookings('australiapost')).length;
    await s.em.fault('australiapost', 'ship', 'http_500', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
    expect((await s.em.bookings('australiapost')).length).toBe(before);
  });

  it('a label request refused after the booking deletes the shipment before answering', async () => {
    await s.em.fault('australiapost', 'label', 'http_500', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
    const last = (await s.em.bookings('australiapost')).at(-1);
    expect(last?.cancelled).toBe(true);
  });

  it('429 → 429 carrier_throttling with Retry-After', async () => {
    await s.em.fault('australiapost', 'ship', 'http_429:5', 1);
    const res = await ship();
    expectError(res, 429, 'carrier_throttling');
    expect(res.headers['retry-after']).toBe('5');
  });

  it("auth → 400 carrier_authentication with the gateway's words", async () => {
    await s.em.fault('australiapost', 'rate', 'auth', 1);
    const err = expectError(await rate(), 400, 'carrier_authentication');
    expect(err.message).toContain('not authorised');
    expect(err.detail).toContain('code API_001');
  });

  it('malformed body → 502 carrier_http_exception, never a 500', async () => {
    await s.em.fault('australiapost', 'ship', 'malformed', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
    await s.em.fault('australiapost', 'track', 'malformed', 3);
    expectError(await track('3WB540000100001'), 502, 'carrier_http_exception');
    await s.em.fault('australiapost', 'rate', 'malformed', 3);
    expectError(await rate(), 502, 'carrier_http_exception');
  });

  it('reset → 502 carrier_failed_connection', async () => {
    await s.em.fault('australiapost', 'ship', 'reset', 1);
    expectError(await ship(), 502, 'carrier_failed_connection');
  });

  it('a transport fault on validate_credentials is an error, not valid: false', async () => {
    await s.em.fault('australiapost', 'account', 'http_500', 3);
    expectError(
      await s.t.call('POST', '/validate_credentials', s.key, { validate_credentials: { shipping_account: s.account } }),
      502,
      'carrier_http_exception',
    );
  });
});

describe('unsupported operations', () => {
  it('answers pickups and drop-off points with carrier_unsupported_method, saying why', async () => {
    const location = {
      name: 'Dock',
      street1: '1 Main Street',
      city: 'Melbourne',
      state: 'VIC',
      postal_code: '3000',
      country: 'AU',
      phone: '0401234567',
    };
    const pickup = await s.t.call('POST', '/pickup', s.key, {
      pickup: {
        shipping_account: s.account,
        location,
        pickup_date: '2030-01-07',
        ready_time: '09:00',
        close_time: '17:00',
        shipments: [],
      },
    });
    expect([400, 404]).toContain(pickup.status);
    expect(pickup.body.error.code).toMatch(/carrier_unsupported_method|schema_/);
    const err = expectError(
      await s.t.call('POST', '/dopu', s.key, {
        dopu: { shipping_account: s.account, location: { city: 'Melbourne', country: 'AU' } },
      }),
      400,
      'carrier_unsupported_method',
    );
    expect(err.message).toContain('location search');
  });
});
