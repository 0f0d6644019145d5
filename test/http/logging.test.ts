/** No secret (API s.key, carrier credential) ever appears in a log line; every line has a request id. */
import { expect, it } from 'vitest';
import { CARRIER_SLUGS } from '../../src/carriers/declarations.js';
import { accountBody, validAuth } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';

const s = useTestApp();

it('keeps keys and carrier credentials out of the logs', async () => {
  for (const carrier of CARRIER_SLUGS) {
    const created = await s.t.call('POST', '/shippingaccount', s.key, accountBody(carrier), {
      'x-request-id': `create-${carrier}`,
    });
    expect(created.status).toBe(200);
    await s.t.call('GET', `/shippingaccount/${created.body.shipping_account.id}`, undefined, undefined, {
      authorization: `Bearer ${s.key}`,
    });
  }
  await s.t.call(
    'POST',
    '/shippingaccount',
    s.key,
    '{"shipping_account": {"carrier":"carrier_a","country":"US","auth":{"account_number":"1","client_secret":"super-secret-in-a-bad-request"}, "test": "x"}}',
    { 'x-request-id': 'bad-request' },
  );
  const text = s.t.logs.join('');
  expect(text.length).toBeGreaterThan(0);
  expect(text).not.toContain(s.key);
  expect(text).not.toContain('super-secret');
  for (const auth of Object.values(validAuth))
    for (const [member, value] of Object.entries(auth))
      if (/secret|password|passphrase/.test(member)) expect(text).not.toContain(value);

  const requestLines = s.t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.req || l.res);
  expect(requestLines.length).toBeGreaterThan(10);
  for (const line of requestLines) expect(typeof line.reqId).toBe('string');
  expect(requestLines.some((l) => l.reqId === 'create-carrier_a')).toBe(true);
  // A line the request's own logger writes (made on first use) carries the id too.
  const refused = s.t.logs
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.code === 'schema_validation_error');
  expect(refused.map((l) => l.reqId)).toEqual(['bad-request']);
  expect(
    requestLines.filter((l) => l.reqId === 'bad-request').map((l) => (l.res as { statusCode: number }).statusCode),
  ).toEqual([400]);
});
