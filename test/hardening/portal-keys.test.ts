/**
 * Finding: portal submissions shared the merchant's Idempotency-Key namespace. Holding one portal
 * link was enough to learn which keys the merchant had used in the last 24 h (409 against 400) and
 * to take a future one first: a portal return under `order-66792` made the merchant's later /ship
 * with that key a 409 for a day. Now each link has its own namespace, and what answers to a link
 * alone is rate limited per link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { address, shipment } from '../contract/support.js';

// The clock stands still, so a link's bucket refills only when a test says so.
const startedAt = Date.now();
const clock = { now: () => new Date(startedAt) };
const s = {} as { t: TestApp; em: TestEmulator; key: string; account: string };
beforeAll(async () => {
  s.em = await startTestEmulator();
  // WAYBILL_RATE_LIMIT turns the per-link limit on (bursts of 30, then one a second).
  s.t = await createTestApp({ emulatorUrl: s.em.url, clock, env: { WAYBILL_RATE_LIMIT: '1000' } });
  s.key = await s.t.key();
  const billing_address = address({ name: 'Returns desk', postal_code: '10001', city: 'New York', state: 'NY' });
  s.account = (
    await s.t.call('POST', '/shippingaccount', s.key, {
      shipping_account: { carrier: 'carrier_a', country: 'US', test: true, billing_address },
    })
  ).body.shipping_account.id;
});
afterAll(async () => {
  await s.t?.close();
  await s.em?.close();
});

const customer = address({ name: 'Cora Customer', street1: '77 Elm Road', phone: '9015550199' });
const lines = [{ line_id: 'L1', product_name: 'Blue mug', sku: 'MUG-B', quantity: 5, value: 12, weight: 0.5 }];

async function portalLink(method: string): Promise<string> {
  const res = await s.t.call('POST', '/returns/portal-links', s.key, {
    portal_link: {
      customer_id: 'c-1',
      order_id: `o-${Math.random()}`,
      customer,
      lines,
      weight_units: 'LB',
      return_methods: [method],
    },
  });
  expect(res.status, res.raw).toBe(200);
  return new URL(res.body.portal_link.url).pathname.split('/').pop()!;
}

async function dropOffMethod(): Promise<string> {
  const res = await s.t.call('POST', '/returns/methods', s.key, {
    return_method: {
      shipping_account: s.account,
      method_name: 'Drop off',
      type: 'drop_off',
      service: 'carrier_a_ground',
      packaging: 'your_packaging',
      cost: { carrier_charge: 6, customer_charge: 0 },
      return_charge: 0,
    },
  });
  expect(res.status, res.raw).toBe(200);
  return res.body.return_method.id;
}

const submit = (token: string, method: string, key: string, quantity = 1) =>
  s.t.call(
    'POST',
    `/public/portal/${token}/returns`,
    undefined,
    { return: { return_method: method, lines: [{ line_id: 'L1', quantity, reason: 'Other' }] } },
    { 'idempotency-key': key },
  );
const ship = (key: string) =>
  s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'carrier_a_ground' }), { 'idempotency-key': key });

describe('portal submissions and the merchant’s Idempotency-Keys', () => {
  it('a portal return under a key does not take the merchant’s key, and a link learns nothing of the merchant’s keys', async () => {
    const method = await dropOffMethod();
    const token = await portalLink(method);
    const first = await submit(token, method, 'order-66792');
    expect(first.status, first.raw).toBe(200);
    // The merchant's /ship with the same key books: it is not the portal's.
    const booked = await ship('order-66792');
    expect(booked.status, booked.raw).toBe(200);
    expect(booked.headers['idempotent-replayed']).toBeUndefined();
    // A key the merchant used answers the link like a key nobody used: another body books again.
    expect((await ship('order-10001')).status).toBe(200);
    const probe = await submit(token, method, 'order-10001', 2);
    expect(probe.status, probe.raw).toBe(200);
    expect(probe.body.return.id).not.toBe(booked.body.shipment?.id);
    // Within its own namespace the link's keys still work: the same submission is replayed, another body is a 409.
    const replay = await submit(token, method, 'order-66792');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expectError(await submit(token, method, 'order-66792', 2), 409, 'idempotency_key_reused');
    // And each link has its own: another link of the merchant's may use the same key.
    expect((await submit(await portalLink(method), method, 'order-66792')).status).toBe(200);
  });

  it('limits what one link may ask per link: 30 at once, then 429 with Retry-After; another link is not affected', async () => {
    const method = await dropOffMethod();
    const token = await portalLink(method);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => s.t.call('GET', `/public/portal/${token}`, undefined)),
    );
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(30);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expectError(limited[0]!, 429, 'rate_limited');
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expectError(await submit(token, method, 'k-after-limit'), 429, 'rate_limited');
    expect((await s.t.call('GET', `/public/portal/${await portalLink(method)}`, undefined)).status).toBe(200);
  });
});
