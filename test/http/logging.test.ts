/** No secret (API key, carrier credential) ever appears in a log line; every line has a request id. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CARRIER_SLUGS } from '../../src/carriers/carrier.js';
import { accountBody, validAuth } from '../support/accounts.js';
import { createTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  key = await t.key();
});
afterAll(() => t.close());

it('keeps keys and carrier credentials out of the logs', async () => {
  for (const carrier of CARRIER_SLUGS) {
    const created = await t.call('POST', '/shippingaccount', key, accountBody(carrier), { 'x-request-id': `create-${carrier}` });
    expect(created.status).toBe(200);
    await t.call('GET', `/shippingaccount/${created.body.shipping_account.id}`, undefined, undefined, { authorization: `Bearer ${key}` });
  }
  await t.call('POST', '/shippingaccount', key, '{"shipping_account": {"carrier":"carrier_a","country":"US","auth":{"account_number":"1","client_secret":"super-secret-in-a-bad-request"}, "test": "x"}}');
  const text = t.logs.join('');
  expect(text.length).toBeGreaterThan(0);
  expect(text).not.toContain(key);
  expect(text).not.toContain('super-secret');
  for (const auth of Object.values(validAuth)) for (const [member, value] of Object.entries(auth)) if (/secret|password|passphrase/.test(member)) expect(text).not.toContain(value);

  const requestLines = t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.req || l.res);
  expect(requestLines.length).toBeGreaterThan(10);
  for (const line of requestLines) expect(typeof line.reqId).toBe('string');
  expect(requestLines.some((l) => l.reqId === 'create-carrier_a')).toBe(true);
});
