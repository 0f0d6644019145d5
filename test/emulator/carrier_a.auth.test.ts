import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { at, errorCodes, HOUR, rateRequest, useClient } from './support.js';

describe('carrier_a OAuth', () => {
  const api = useClient();

  const tokenCall = (body: string, contentType = 'application/x-www-form-urlencoded') =>
    request(`${api.base}/oauth/token`, { method: 'POST', headers: { 'content-type': contentType }, body });

  it('issues a bearer token like FedEx', async () => {
    const res = await tokenCall('grant_type=client_credentials&client_id=abc&client_secret=def');
    expect(res.statusCode).toBe(200);
    const body = (await res.body.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3599, scope: 'CXS' });
    expect(typeof body.access_token).toBe('string');
    expect(String(body.access_token).length).toBeGreaterThan(20);
  });

  it('refuses missing credentials with the Authorization API error body', async () => {
    const res = await tokenCall('grant_type=client_credentials&client_id=abc');
    expect(res.statusCode).toBe(401);
    const body = await res.body.json();
    expect(at(body, 'errors.0.code')).toBe('NOT.AUTHORIZED.ERROR');
    expect(at(body, 'errors.0.message')).toMatch(/client credentials were not valid/);
    expect(typeof at(body, 'transactionId')).toBe('string');
  });

  it('refuses an unknown grant type and a JSON body', async () => {
    expect((await tokenCall('grant_type=password&client_id=a&client_secret=b')).statusCode).toBe(401);
    const json = await tokenCall(
      JSON.stringify({ grant_type: 'client_credentials', client_id: 'a', client_secret: 'b' }),
      'application/json',
    );
    expect(json.statusCode).toBe(400);
  });

  it('answers 401 NOT.AUTHORIZED.ERROR without a token or with an unknown one', async () => {
    const none = await api.call('POST', '/rate/v1/rates/quotes', rateRequest(), { token: null });
    expect(none.status).toBe(401);
    expect(errorCodes(none)).toEqual(['NOT.AUTHORIZED.ERROR']);
    const unknown = await api.call('POST', '/rate/v1/rates/quotes', rateRequest(), { token: 'not-a-token' });
    expect(unknown.status).toBe(401);
    expect(errorCodes(unknown)).toEqual(['NOT.AUTHORIZED.ERROR']);
  });

  it('expires tokens after an hour of emulator time', async () => {
    const token = await api.token();
    expect((await api.call('POST', '/rate/v1/rates/quotes', rateRequest(), { token })).status).toBe(200);
    await api.advance(HOUR);
    const expired = await api.call('POST', '/rate/v1/rates/quotes', rateRequest(), { token });
    expect(expired.status).toBe(401);
    expect(at(expired.json, 'errors.0.message')).toMatch(/expired/);
    await api.control('DELETE', '/_emulator/clock');
  });

  it('echoes x-customer-transaction-id', async () => {
    const token = await api.token();
    const res = await request(`${api.base}/track/v1/trackingnumbers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-customer-transaction-id': 'order-42',
      },
      body: JSON.stringify({
        includeDetailedScans: true,
        trackingInfo: [{ trackingNumberInfo: { trackingNumber: '123456789012' } }],
      }),
    });
    const body = await res.body.json();
    expect(at(body, 'customerTransactionId')).toBe('order-42');
  });
});
