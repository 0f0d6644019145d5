/** The carrier_d emulator: OAuth that revokes, payment tokens that expire, prices, faults in USPS's words. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impbCheckDigit, isValidImpb, isValidS10, s10CheckDigit } from '../../src/emulator/check-digits.js';
import { zoneOf } from '../../src/emulator/carrier_d/prices.js';
import { ROLES, startD, type DClient } from './carrier_d.support.js';
import { HOUR } from './support.js';

let c: DClient;
beforeAll(async () => {
  c = await startD();
});
afterAll(() => c.close());

const search = (body: Record<string, unknown>) =>
  c.call('POST', '/prices/v3/total-rates/search', {
    originZIPCode: '29440',
    destinationZIPCode: '73108',
    weight: 2,
    length: 10,
    width: 8,
    height: 4,
    priceType: 'COMMERCIAL',
    mailingDate: '2025-03-04',
    ...body,
  });

describe('carrier_d emulator OAuth', () => {
  it('issues tokens shaped like the recorded answer; a new one revokes the client’s previous one', async () => {
    const first = await c.token('revoker');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      token_type: 'Bearer',
      client_id: 'revoker',
      expires_in: '3599',
      status: 'approved',
    });
    const old = first.json.access_token as string;
    expect(
      (
        await search({ mailClass: 'PRIORITY_MAIL' }).then(() =>
          c.call('GET', '/locations/v3/dropoff-locations?destinationZIPCode=29440', undefined, { bearer: old }),
        )
      ).status,
    ).toBe(200);
    await c.token('revoker');
    const refused = await c.call('GET', '/locations/v3/dropoff-locations?destinationZIPCode=29440', undefined, {
      bearer: old,
    });
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({
      apiVersion: '/locations/v3',
      error: { code: '401', message: 'Unauthorized', errors: [{ detail: 'Invalid or revoked access token.' }] },
    });
  });

  it('refuses a client the control API revoked, and every token issued to it', async () => {
    const control = (method: string, auth: Record<string, string>) =>
      fetch(`${c.emulator.url}/_emulator/credentials`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ carrier: 'carrier_d', auth }),
      });
    const app = { client_id: 'revoked-app', client_secret: 'revoked-app-secret' };
    expect((await control('POST', app)).status).toBe(201);
    const token = (await c.token(app.client_id, app.client_secret)).json.access_token as string;
    const locations = () =>
      c.call('GET', '/locations/v3/dropoff-locations?destinationZIPCode=29440', undefined, { bearer: token });
    expect((await locations()).status).toBe(200);
    // A wrong secret revokes nothing.
    expect(await (await control('DELETE', { ...app, client_secret: 'not-its-secret' })).json()).toEqual({
      forgotten: 0,
    });
    expect(await (await control('DELETE', app)).json()).toEqual({ forgotten: 1 });
    expect((await locations()).status).toBe(401);
    expect((await c.token(app.client_id, app.client_secret)).status).toBe(401);
  });

  it('refuses unknown clients in RFC 6749 words and unsupported grants', async () => {
    const bad = await c.token('x', 'invalid-secret');
    expect(bad.status).toBe(401);
    // A client the emulator knows, with a secret it never issued: refused the same way.
    const wrong = await c.token('emu-client', 'some-other-secret');
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe('invalid_client');
    expect(bad.json).toEqual({
      error: 'invalid_client',
      error_description: expect.stringContaining('Client authentication failed'),
    });
    const grant = await c.call(
      'POST',
      '/oauth2/v3/token',
      { grant_type: 'password', client_id: 'a', client_secret: 'b' },
      { bearer: null },
    );
    expect(grant.json.error).toBe('unsupported_grant_type');
    expect((await c.call('GET', '/tracking/v3/tracking/1', undefined, { bearer: null })).status).toBe(401);
  });

  it('expires tokens with the emulator clock', async () => {
    const token = (await c.token('expiring')).json.access_token as string;
    await c.advance(HOUR);
    const res = await c.call('GET', '/locations/v3/dropoff-locations?destinationZIPCode=29440', undefined, {
      bearer: token,
    });
    expect(res.json.error.errors[0].detail).toBe('Access token expired.');
  });
});

describe('carrier_d emulator payment authorization', () => {
  it('issues a token for PAYER and LABEL_OWNER, echoing the roles; refuses missing roles and unenrolled members', async () => {
    const ok = await c.call('POST', '/payments/v3/payment-authorization', ROLES);
    expect(ok.status).toBe(200);
    expect(ok.json.paymentAuthorizationToken).toMatch(/^eyJ/);
    expect(ok.json.roles).toEqual(ROLES.roles);
    expect((await c.call('POST', '/payments/v3/payment-authorization', { roles: [ROLES.roles[0]] })).status).toBe(400);
    const bad = await c.call('POST', '/payments/v3/payment-authorization', {
      roles: [{ ...ROLES.roles[0], accountNumber: 'invalid' }, ROLES.roles[1]],
    });
    expect(bad.json.error.errors[0]).toMatchObject({ code: '040001', source: { parameter: 'roles.accountNumber' } });
  });

  it('tokens expire after eight hours: labels are then refused with 403', async () => {
    const payment = await c.payment();
    await c.advance(8 * HOUR + 1000);
    const res = await c.call(
      'POST',
      '/labels/v3/label',
      {},
      { payment, bearer: (await c.token('after-8h')).json.access_token },
    );
    expect(res.status).toBe(403);
    expect(res.json.error.errors[0].detail).toContain('invalid or expired');
  });
});

describe('carrier_d emulator prices', () => {
  it('prices every product of the asked classes by zone and weight, commercial under retail', async () => {
    const res = await search({ mailClasses: ['PRIORITY_MAIL', 'USPS_GROUND_ADVANTAGE'] });
    expect(res.status).toBe(200);
    const opt = res.json.rateOptions.find(
      (o: any) =>
        o.rates[0].mailClass === 'PRIORITY_MAIL' &&
        o.rates[0].rateIndicator === 'SP' &&
        o.rates[0].processingCategory === 'MACHINABLE',
    );
    expect(opt).toMatchObject({
      commitment: { name: '3 Days', scheduleDeliveryDate: '2025-03-07' },
      rates: [{ zone: '05', priceType: 'COMMERCIAL' }],
    });
    const heavier = (await search({ mailClass: 'PRIORITY_MAIL', weight: 10 })).json.rateOptions[0].totalPrice;
    const retail = (await search({ mailClass: 'PRIORITY_MAIL', priceType: 'RETAIL' })).json.rateOptions[0].totalPrice;
    const near = (await search({ mailClass: 'PRIORITY_MAIL', destinationZIPCode: '29441' })).json.rateOptions[0]
      .totalPrice;
    expect(heavier).toBeGreaterThan(opt.totalPrice);
    expect(retail).toBeGreaterThan(opt.totalPrice);
    expect(near).toBeLessThan(opt.totalPrice);
    expect(zoneOf('29440', '29440')).toBe(1);
    expect(zoneOf('01001', '99501')).toBe(9);
  });

  it('adds extra services and the nonstandard fee', async () => {
    const res = await search({ mailClass: 'USPS_GROUND_ADVANTAGE', extraServices: [920, 921] });
    const nonstandard = res.json.rateOptions.find((o: any) => o.rates[0].processingCategory === 'NONSTANDARD');
    expect(nonstandard.rates[0].fees).toEqual([{ name: 'Nonstandard Length > 22', SKU: 'D811XVUXXXX0000', price: 4 }]);
    expect(nonstandard.extraServices.map((e: any) => e.extraService)).toEqual(['920', '921']);
    expect(nonstandard.totalPrice).toBeCloseTo(nonstandard.rates[0].price + 4 + 3.65, 2);
    expect((await search({ mailClass: 'USPS_GROUND_ADVANTAGE', extraServices: [999] })).status).toBe(400);
  });

  it('prices international classes by price group', async () => {
    const res = await c.call('POST', '/international-prices/v3/total-rates/search', {
      originZIPCode: '29440',
      destinationCountryCode: 'GB',
      weight: 2,
      length: 1,
      width: 1,
      height: 1,
      mailClass: 'PRIORITY_MAIL_INTERNATIONAL',
      priceType: 'COMMERCIAL',
    });
    expect(res.json.rateOptions[0].rates[0]).toMatchObject({ mailClass: 'PRIORITY_MAIL_INTERNATIONAL', zone: '05' });
    expect(
      (
        await c.call('POST', '/international-prices/v3/total-rates/search', {
          originZIPCode: '29440',
          destinationCountryCode: 'GB',
          weight: 2,
          length: 1,
          width: 1,
          height: 1,
          mailClass: 'PRIORITY_MAIL',
        })
      ).status,
    ).toBe(400);
  });

  it('answers bad input in USPS’s error shape', async () => {
    const res = await search({ originZIPCode: undefined });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      apiVersion: '/prices/v3',
      error: {
        code: '400',
        message: 'Bad Request',
        errors: [
          {
            status: '400',
            code: '010001',
            title: 'Bad Request',
            detail: 'originZIPCode is required.',
            source: { parameter: 'originZIPCode' },
          },
        ],
      },
    });
    expect((await search({ mailClass: 'PRIORITY_MAIL', weight: 500 })).json.error.errors[0].code).toBe('020001');
    expect((await c.call('GET', '/prices/v3/nothing')).json.error.code).toBe('404');
  });
});

describe('carrier_d emulator numbers and faults', () => {
  it('makes IMpb and S10 check digits as USPS does', () => {
    expect(isValidImpb('9234690361980900000142')).toBe(true);
    expect(impbCheckDigit('923469036198090000014')).toBe(2);
    // The UPU S10 standard's own example: RR 47312482 9 US.
    expect(s10CheckDigit('47312482')).toBe(9);
    expect(isValidS10('RR473124829US')).toBe(true);
    expect(isValidS10('RR473124828US')).toBe(false);
  });

  it('answers each fault kind in USPS’s words', async () => {
    const fault = (operation: string, kind: string) =>
      fetch(`${c.emulator.url}/_emulator/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ carrier: 'carrier_d', operation, fault: kind }),
      });
    await fault('rate', 'http_500');
    const five = await search({ mailClass: 'PRIORITY_MAIL' });
    expect(five.status).toBe(500);
    expect(five.json.error).toMatchObject({ code: '500', message: 'Internal Server Error' });
    await fault('rate', 'http_429:9');
    const throttled = await search({ mailClass: 'PRIORITY_MAIL' });
    expect(throttled.headers['retry-after']).toBe('9');
    expect(throttled.json.error.code).toBe('429');
    await fault('oauth', 'auth');
    expect((await c.token()).json.error).toBe('invalid_client');
    await fault('track', 'malformed');
    const cut = await c.call('GET', '/tracking/v3/tracking/9200000000000000000000');
    expect(cut.status).toBe(200);
    expect(cut.json).toBeUndefined();
  });
});
