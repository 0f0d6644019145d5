/** canadapost faults injected in the emulator reach the caller as the codes every carrier gives them. */
import { afterEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { address, shipment, useCarrier } from './support.js';

// A short carrier timeout keeps the timeout case quick; the first label drawn loads the PDF library, which
// on a loaded machine takes much of a second, so the budget leaves room for it.
const s = useCarrier('canadapost', 'CA', { WAYBILL_CARRIER_TIMEOUT_MS: '3000' });
afterEach(() => s.em.clearFaults());

const montreal = address({
  street1: '502 Main St N',
  city: 'Montreal',
  state: 'QC',
  postal_code: 'H2B 1A0',
  country: 'CA',
  phone: '450 823 8432',
});
const ottawa = {
  name: 'Jain',
  street1: '23 Jardin Private',
  city: 'Ottawa',
  state: 'ON',
  postal_code: 'K1K 4T3',
  country: 'CA',
  phone: '613 555 0100',
};
const body = (extra: Record<string, unknown> = {}) =>
  shipment(s.account, { sender: montreal, recipient: ottawa, dim_units: 'CM', weight_units: 'KG', ...extra });
const rate = () => s.t.call('POST', '/rate', s.key, body());
const ship = (extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/ship', s.key, body({ service: 'canadapost_expedited_parcel', ...extra }));
const track = (n: string) =>
  s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number: n, refresh: true } });

describe('faults', () => {
  it('timeout → 504 carrier_timeout', async () => {
    await s.em.fault('canadapost', 'rate', 'timeout', 5);
    expectError(await rate(), 504, 'carrier_timeout');
  });

  it('500 → 502 carrier_http_exception once retries of a read are spent; a read recovers from one', async () => {
    await s.em.fault('canadapost', 'rate', 'http_500', 3);
    expect(expectError(await rate(), 502, 'carrier_http_exception').message).toContain('Internal Server Error');
    await s.em.fault('canadapost', 'rate', 'http_500', 1);
    expect((await rate()).status).toBe(200);
  });

  it('pickups and post offices answer faults in Canada Post’s words: a cut-off body is 502, refused credentials 400', async () => {
    const dopu = () =>
      s.t.call('POST', '/dopu', s.key, {
        dopu: { shipping_account: s.account, location: { postal_code: 'K1K 4T3', country: 'CA' } },
      });
    await s.em.fault('canadapost', 'postoffice', 'malformed', 1);
    expectError(await dopu(), 502, 'carrier_http_exception');
    await s.em.fault('canadapost', 'pickup_availability', 'auth', 1);
    const start = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const availability = await s.t.call('POST', '/pickup/availability', s.key, {
      pickup_availability: {
        shipping_account: s.account,
        carrier: 'canadapost',
        location: { ...ottawa, location_type: 'Front door' },
        shipments: [{ packages: [{ weight: 1 }] }],
        start_date: start,
        end_date: start,
        dim_units: 'CM',
        weight_units: 'KG',
      },
    });
    expect(expectError(availability, 400, 'carrier_authentication').message).toBe('AAA Authentication Failure');
  });

  it('a booking is never retried: one 500 → 502', async () => {
    await s.em.fault('canadapost', 'ship', 'http_500', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
  });

  it('a label that fails once is fetched again; one that never comes is an error, never a booking without its label', async () => {
    await s.em.fault('canadapost', 'artifact', 'http_500', 1);
    expect((await ship()).status).toBe(200);
    await s.em.fault('canadapost', 'artifact', 'http_500', 10);
    const res = await ship();
    expect([502, 504]).toContain(res.status);
    expect(['carrier_http_exception', 'carrier_timeout']).toContain(res.body.error.code);
  });

  it('429 → 429 carrier_throttling with Retry-After', async () => {
    await s.em.fault('canadapost', 'ship', 'http_429:5', 1);
    const res = await ship();
    expectError(res, 429, 'carrier_throttling');
    expect(res.headers['retry-after']).toBe('5');
  });

  it("auth → 400 carrier_authentication with Canada Post's message and code", async () => {
    await s.em.fault('canadapost', 'rate', 'auth', 1);
    const err = expectError(await rate(), 400, 'carrier_authentication');
    expect(err.message).toBe('AAA Authentication Failure');
    expect(err.detail).toBe('canadapost HTTP 401; code E002');
  });

  it('malformed body → 502 carrier_http_exception, never a 500', async () => {
    await s.em.fault('canadapost', 'ship', 'malformed', 1);
    expectError(await ship(), 502, 'carrier_http_exception');
    await s.em.fault('canadapost', 'track', 'malformed', 3);
    expectError(await track('7023210000000001'), 502, 'carrier_http_exception');
    await s.em.fault('canadapost', 'rate', 'malformed', 3);
    expectError(await rate(), 502, 'carrier_http_exception');
  });

  it('reset → 502 carrier_failed_connection', async () => {
    await s.em.fault('canadapost', 'ship', 'reset', 1);
    expectError(await ship(), 502, 'carrier_failed_connection');
  });

  it('a transport fault on validate_credentials is an error, not valid: false', async () => {
    await s.em.fault('canadapost', 'services', 'http_500', 3);
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
    expect(lines).toContain('shipment-info');
    expect(lines).not.toContain(Buffer.from('test-ca-username:test-ca-password').toString('base64'));
    expect(lines).not.toContain('test-ca-password');
    expect(lines).not.toContain(res.body.shipment.packages[0].label.slice(0, 40));
  });
});
