/** dhl_parcel_de faults injected in the emulator reach the caller as the codes every carrier gives them. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validAuth } from '../support/accounts.js';
import { expectError } from '../support/app.js';
import { shipment, useCarrier } from './support.js';

// A short carrier timeout keeps the timeout cases quick.
const s = useCarrier('dhl_parcel_de', 'DE', { WAYBILL_CARRIER_TIMEOUT_MS: '1500' });
afterEach(() => s.em.clearFaults());

const bonn = {
  name: 'Max Mustermann',
  street1: 'Charles-de-Gaulle-Str. 20',
  city: 'Bonn',
  postal_code: '53113',
  country: 'DE',
  phone: '+49 228 1234567',
};
const berlin = {
  name: 'Maria Muster',
  street1: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
};
const ship = (extra: Record<string, unknown> = {}) =>
  s.t.call(
    'POST',
    '/ship',
    s.key,
    shipment(s.account, {
      sender: bonn,
      recipient: berlin,
      service: 'dhl_parcel_de_paket',
      packages: [{ weight: 2 }],
      dim_units: 'CM',
      weight_units: 'KG',
      ...extra,
    }),
  );
// The emulator's first label loads its PDF and barcode code, which can take longer than the short
// timeout on a loaded machine: one booking first, whatever it answers.
beforeAll(async () => {
  await ship();
});
const track = (n: string) =>
  s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number: n, refresh: true } });

describe('faults', () => {
  it('timeout → 504 carrier_timeout', async () => {
    await s.em.fault('dhl_parcel_de', 'ship', 'timeout', 5);
    expectError(await ship(), 504, 'carrier_timeout');
  });

  it('500 → 502 carrier_http_exception; a booking is never retried, a read recovers from one', async () => {
    await s.em.fault('dhl_parcel_de', 'ship', 'http_500', 1);
    const err = expectError(await ship(), 502, 'carrier_http_exception');
    expect(err.message).toContain('Internal Server Error');
    const again = await ship();
    expect(again.status, again.raw).toBe(200);
    const number = again.body.shipment.tracking_number as string;
    await s.em.fault('dhl_parcel_de', 'track', 'http_500', 1);
    expect((await track(number)).status).toBe(200);
  });

  it('429 → 429 carrier_throttling with Retry-After', async () => {
    await s.em.fault('dhl_parcel_de', 'ship', 'http_429:5', 1);
    const res = await ship();
    expectError(res, 429, 'carrier_throttling');
    expect(res.headers['retry-after']).toBe('5');
  });

  it("auth on the token → 400 carrier_authentication with DHL's words", async () => {
    // Credentials of their own, so that no token is kept for them yet.
    const auth = { ...validAuth.dhl_parcel_de, client_id: 'client-faults', client_secret: 'secret-faults' };
    await s.em.knowCredentials('dhl_parcel_de', auth);
    const account = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'dhl_parcel_de', country: 'DE', test: true, auth },
      })
    ).body.shipping_account.id;
    await s.em.fault('dhl_parcel_de', 'oauth', 'auth', 1);
    const err = expectError(await ship({ shipping_account: account }), 400, 'carrier_authentication');
    expect(err.message).toBe('Invalid client or Invalid client credentials');
  });

  it('a refused token is renewed once; refused again → 400 carrier_authentication', async () => {
    await s.em.fault('dhl_parcel_de', 'ship', 'auth', 1);
    expect((await ship()).status).toBe(200);
    await s.em.fault('dhl_parcel_de', 'ship', 'auth', 2);
    const err = expectError(await ship(), 400, 'carrier_authentication');
    expect(err.message).toBe('Unauthorized for given resource.');
  });

  it('auth on tracking (HTTP Basic) → 400 carrier_authentication', async () => {
    await s.em.fault('dhl_parcel_de', 'track', 'auth', 1);
    const err = expectError(await track('340434310001'), 400, 'carrier_authentication');
    expect(err.message).toBe('Unauthorized for given resource.');
  });

  it('malformed body → 502 carrier_http_exception, never a 500', async () => {
    await s.em.fault('dhl_parcel_de', 'ship', 'malformed', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
    await s.em.fault('dhl_parcel_de', 'track', 'malformed', 3);
    expectError(await track('340434310001'), 502, 'carrier_http_exception');
  });

  it('faults of pickups and manifests reach the caller as those of bookings do', async () => {
    // A working day a week or more ahead, whatever day the suite runs.
    let date = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()))
      date = new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10);
    const pickup = () =>
      s.t.call('POST', '/pickup', s.key, {
        pickup: {
          shipping_account: s.account,
          carrier: 'dhl_parcel_de',
          location: { ...bonn, location_type: 'reception' },
          shipments: [{ packages: [{ weight: 2 }] }],
          time: { date, ready_time: '09:00', close_time: '17:00' },
          dim_units: 'CM',
          weight_units: 'KG',
        },
      });
    await s.em.fault('dhl_parcel_de', 'pickup', 'http_500', 1);
    expectError(await pickup(), 502, 'carrier_http_exception');
    await s.em.fault('dhl_parcel_de', 'pickup', 'malformed', 1);
    expectError(await pickup(), 502, 'carrier_http_exception');
    const ok = await pickup();
    expect(ok.status, ok.raw).toBe(200);
    await s.em.fault('dhl_parcel_de', 'pickup_cancel', 'http_429:7', 1);
    const throttled = await s.t.call('POST', '/pickup/cancel', s.key, {
      pickup_cancel: { shipping_account: s.account, confirmation_number: ok.body.pickup.confirmation_number },
    });
    expectError(throttled, 429, 'carrier_throttling');
    await s.em.fault('dhl_parcel_de', 'manifest', 'malformed', 3);
    expectError(
      await s.t.call('POST', '/manifest', s.key, { manifest: { shipping_account: s.account } }),
      502,
      'carrier_http_exception',
    );
  });

  it('reset → 502 carrier_failed_connection', async () => {
    await s.em.fault('dhl_parcel_de', 'ship', 'reset', 1);
    expectError(await ship(), 502, 'carrier_failed_connection');
  });

  it('a transport fault on validate_credentials is an error, not valid: false', async () => {
    await s.em.fault('dhl_parcel_de', 'oauth', 'http_500', 3);
    expectError(
      await s.t.call('POST', '/validate_credentials', s.key, { validate_credentials: { shipping_account: s.account } }),
      502,
      'carrier_http_exception',
    );
  });
});

describe('debug: true', () => {
  it('logs the exchange with the credentials, the token and label bytes redacted', async () => {
    const before = s.t.logs.length;
    const res = await ship({ debug: true, include_base64_label: true });
    expect(res.status, res.raw).toBe(200);
    await s.t.call('POST', '/track', s.key, {
      track: {
        shipping_account: s.account,
        tracking_number: res.body.shipment.tracking_number,
        refresh: true,
        debug: true,
      },
    });
    const lines = s.t.logs.slice(before).join('');
    expect(lines).toContain('/parcel/de/shipping/v2/orders');
    expect(lines).toContain('/parcel/de/tracking/v0/shipments');
    expect(lines).not.toMatch(/(Bearer|Basic) [A-Za-z0-9+/=_-]{8,}/);
    // The emulator's master test credentials of the account (services/master-accounts.ts).
    for (const secret of ['test-de-password', 'test-de-client-secret'])
      expect(
        lines
          .split('\n')
          .filter((l) => l.includes(secret))
          .map((l) => l.slice(l.indexOf(secret) - 300, l.indexOf(secret) + 50)),
      ).toEqual([]);
    expect(lines).not.toContain(res.body.shipment.packages[0].label.slice(0, 200));
  });
});
