/** The returns portal's API: links, what the customer sees, returns through a link, over-returns. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { address } from '../contract/support.js';

let now = Date.now();
const clock = { now: () => new Date(now) };
let t: TestApp;
let em: TestEmulator;
let key: string;
let dropOff: string;
let pickup: string;
beforeAll(async () => {
  em = await startTestEmulator();
  t = await createTestApp({ emulatorUrl: em.url, clock });
  key = await t.key();
  const account = (
    await t.call('POST', '/shippingaccount', key, {
      shipping_account: {
        carrier: 'carrier_a',
        country: 'US',
        test: true,
        billing_address: address({ name: 'Returns desk', postal_code: '10001', city: 'New York', state: 'NY' }),
      },
    })
  ).body.shipping_account.id;
  const method = async (type: string, name: string, charge: number) =>
    (
      await t.call('POST', '/returns/methods', key, {
        return_method: {
          shipping_account: account,
          method_name: name,
          type,
          service: 'carrier_a_ground',
          packaging: 'your_packaging',
          cost: { carrier_charge: 6, customer_charge: charge },
          return_charge: charge,
        },
      })
    ).body.return_method.id as string;
  dropOff = await method('drop_off', 'Drop off at a shop', 0);
  pickup = await method('pickup', 'Pickup at home', 4.5);
});
afterAll(async () => {
  await t?.close();
  await em?.close();
});

const customer = address({
  name: 'Cora Customer',
  street1: '77 Elm Road',
  phone: '9015550199',
  email: 'cora@example.com',
});
const lines = [
  { line_id: 'L1', product_name: 'Blue mug', sku: 'MUG-B', quantity: 2, value: 12, weight: 0.5 },
  {
    line_id: 'L2',
    product_name: 'Tea towel',
    sku: 'TT-1',
    quantity: 1,
    value: 8,
    weight: 0.2,
    hs_code: '630260',
    country_of_manufacture: 'PT',
  },
];
const makeLink = async (extra: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/returns/portal-links', key, {
    portal_link: {
      customer_id: 'cust-7',
      order_id: `order-${Math.random()}`,
      customer,
      lines,
      weight_units: 'LB',
      ...extra,
    },
  });
  expect(res.status, res.raw).toBe(200);
  return res.body.portal_link as { id: string; url: string; expires: string };
};
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const submit = (token: string, body: unknown, idem: string) =>
  t.call('POST', `/public/portal/${token}/returns`, undefined, { return: body }, { 'idempotency-key': idem });

describe('portal links', () => {
  it('are made with the merchant’s key, carry no personal data, and expire after expires_in', async () => {
    expectError(
      await t.call('POST', '/returns/portal-links', undefined, {
        portal_link: { customer_id: 'c', order_id: 'o', customer, lines },
      }),
      401,
      'missing_api_key',
    );
    const link = await makeLink();
    expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/portal\/pl_[\w-]+\.[0-9a-z]+\.[\w-]{22}$/);
    for (const personal of ['Cora', 'Elm', '9015550199', 'cust-7', 'order-']) expect(link.url).not.toContain(personal);
    expect(Date.parse(link.expires) - now).toBeGreaterThan(7 * 86_400_000 - 2000);
    const short = await makeLink({ expires_in: '90m' });
    expect(Date.parse(short.expires) - now).toBeLessThanOrEqual(90 * 60_000);
    expectError(
      await t.call('POST', '/returns/portal-links', key, {
        portal_link: { customer_id: 'c', order_id: 'o', customer, lines, expires_in: '91d' },
      }),
      400,
      'schema_validation_error',
    );
    expectError(
      await t.call('POST', '/returns/portal-links', key, {
        portal_link: { customer_id: 'c', order_id: 'o', customer, lines, return_methods: ['rm_nope'] },
      }),
      404,
      'not_found',
    );
    expectError(
      await t.call('POST', '/returns/portal-links', key, {
        portal_link: { customer_id: 'c', order_id: 'o', customer, lines: [lines[0], lines[0]] },
      }),
      400,
      'schema_validation_error',
    );
  });

  it('are refused when nothing says the parcel’s weight unit, not at the customer’s last step', async () => {
    const res = expectError(
      await t.call('POST', '/returns/portal-links', key, {
        portal_link: { customer_id: 'c', order_id: 'o', customer, lines },
      }),
      400,
      'schema_field_required',
    );
    expect(res.detail).toBe('portal_link.weight_units');
    expect(res.message).toContain('defaults.weight_units');
  });

  it('open on lines, reasons, methods with cost and drop-off places, without the customer’s contact', async () => {
    const link = await makeLink();
    const res = await t.call('GET', `/public/portal/${tokenOf(link.url)}`, undefined);
    expect(res.status, res.raw).toBe(200);
    const p = res.body.portal;
    expect(p.lines).toEqual([
      { line_id: 'L1', product_name: 'Blue mug', sku: 'MUG-B', quantity: 2, returned: 0, returnable: 2 },
      { line_id: 'L2', product_name: 'Tea towel', sku: 'TT-1', quantity: 1, returned: 0, returnable: 1 },
    ]);
    expect(p.reasons).toContain('Too small');
    const drop = p.return_methods.find((m: { id: string }) => m.id === dropOff);
    expect(drop).toMatchObject({
      method_name: 'Drop off at a shop',
      customer_charge: 0,
      carrier_logo: '/logos/carrier_a.svg',
      type: 'drop_off',
    });
    expect(drop.options.length).toBeGreaterThan(0);
    expect(drop.options[0]).toMatchObject({
      location_name: expect.any(String),
      distance: expect.any(Number),
      operational_hours: expect.any(Object),
    });
    expect(p.return_methods.find((m: { id: string }) => m.id === pickup)).toMatchObject({
      customer_charge: 4.5,
      pickup_dates: expect.arrayContaining([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]),
    });
    for (const personal of ['Cora', '77 Elm Road', '9015550199', 'cora@example.com'])
      expect(res.raw).not.toContain(personal);
  });

  it('refuse tampered links (404) and expired ones (410), page included', async () => {
    const link = await makeLink({ expires_in: '60s' });
    const token = tokenOf(link.url);
    const [id, exp, sig] = token.split('.') as [string, string, string];
    const other = tokenOf((await makeLink()).url);
    const forged = `${sig.slice(0, -2)}${sig.endsWith('xx') ? 'yy' : 'xx'}`;
    for (const bad of [
      `${id}.${exp}.${forged}`,
      `${other.split('.')[0]}.${exp}.${sig}`,
      `${id}.${(parseInt(exp, 36) + 60).toString(36)}.${sig}`,
    ]) {
      expectError(await t.call('GET', `/public/portal/${bad}`, undefined), 404, 'not_found');
      expectError(
        await submit(
          bad,
          { return_method: dropOff, lines: [{ line_id: 'L1', quantity: 1, reason: 'Other' }] },
          `k-${bad}`,
        ),
        404,
        'not_found',
      );
    }
    now += 61_000;
    try {
      expectError(await t.call('GET', `/public/portal/${token}`, undefined), 410, 'link_expired');
      expectError(
        await submit(
          token,
          { return_method: dropOff, lines: [{ line_id: 'L1', quantity: 1, reason: 'Other' }] },
          'k-expired',
        ),
        410,
        'link_expired',
      );
    } finally {
      now -= 61_000;
    }
  });
});

describe('returns through a portal link', () => {
  it('create one return per submission, as POST /returns does: listed, announced, label without a key', async () => {
    const link = await makeLink();
    const token = tokenOf(link.url);
    const body = {
      return_method: dropOff,
      lines: [
        { line_id: 'L1', quantity: 1, reason: 'Too small' },
        { line_id: 'L2', quantity: 1, reason: 'Damaged or defective' },
      ],
    };
    const [first, second] = await Promise.all(
      [submit(token, body, 'tap-1'), submit(token, body, 'tap-1')].map((p) => p.then((r) => r)),
    );
    // A double tap: both answers name one return (the second replays, or is told to retry).
    const ok = [first!, second!].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of [first!, second!]) if (r.status !== 200) expectError(r, 409, 'idempotency_key_in_use');
    const again = await submit(token, body, 'tap-1');
    expect(again.status).toBe(200);
    const made = again.body.return;
    expect(ok.every((r) => r.body.return.id === made.id)).toBe(true);
    expect(made).toMatchObject({
      method_name: 'Drop off at a shop',
      lines: [
        { line_id: 'L1', quantity: 1 },
        { line_id: 'L2', quantity: 1 },
      ],
    });

    const label = await t.call('GET', made.label_url, undefined);
    expect(label.status).toBe(200);
    expect(label.raw.startsWith('%PDF')).toBe(true);

    const listed = await t.call('GET', `/returns?custom=portal_link:${link.id}`, key);
    expect(listed.body.map((r: { id: string }) => r.id)).toEqual([made.id]);
    const read = await t.call('GET', `/returns/${made.id}`, key);
    expect(read.body).toMatchObject({
      customer_id: 'cust-7',
      return_lines: [
        { line_id: 'L1', reasons: [{ name: 'Reason', value: 'Too small' }] },
        { line_id: 'L2', hs_code: '630260' },
      ],
    });
    const events = (await t.call('GET', '/events?type=return.created&limit=100', key)).body.events as {
      data: { id: string };
    }[];
    expect(events.filter((e) => e.data.id === made.id)).toHaveLength(1);

    const page = (await t.call('GET', `/public/portal/${token}`, undefined)).body.portal;
    expect(page.lines.map((l: { returned: number; returnable: number }) => [l.returned, l.returnable])).toEqual([
      [1, 1],
      [1, 0],
    ]);
    expect(page.returns.map((r: { id: string }) => r.id)).toEqual([made.id]);
  });

  it('refuses more than was ordered minus what was returned, and what the link does not offer', async () => {
    const link = await makeLink({ return_methods: [dropOff], reasons: ['Wrong colour'] });
    const token = tokenOf(link.url);
    const one = (quantity: number, extra: Record<string, unknown> = {}) => ({
      return_method: dropOff,
      lines: [{ line_id: 'L1', quantity, reason: 'Wrong colour' }],
      ...extra,
    });
    const over = expectError(await submit(token, one(3), 'o-1'), 409, 'conflict');
    expect(over.message).toMatch(/Blue mug: 2 of 2 can still be returned/);
    expect((await submit(token, one(2), 'o-2')).status).toBe(200);
    const after = expectError(await submit(token, one(1), 'o-3'), 409, 'conflict');
    expect(after.message).toMatch(/0 of 2 can still be returned \(2 already are\)/);
    expectError(
      await submit(token, { ...one(1), return_method: pickup, pickup_date: '2030-01-02' }, 'o-4'),
      404,
      'not_found',
    );
    expectError(
      await submit(
        token,
        { return_method: dropOff, lines: [{ line_id: 'L1', quantity: 1, reason: 'Too small' }] },
        'o-5',
      ),
      400,
      'schema_validation_error',
    );
    expectError(
      await submit(
        token,
        { return_method: dropOff, lines: [{ line_id: 'L9', quantity: 1, reason: 'Wrong colour' }] },
        'o-6',
      ),
      400,
      'schema_validation_error',
    );
    expectError(
      await t.call('POST', `/public/portal/${token}/returns`, undefined, { return: one(1) }),
      400,
      'schema_field_required',
    );
  });

  it('schedules the pickup of a pickup method on an offered date, and says when the carrier fails', async () => {
    const link = await makeLink();
    const token = tokenOf(link.url);
    const page = (await t.call('GET', `/public/portal/${token}`, undefined)).body.portal;
    const date = page.return_methods.find((m: { id: string }) => m.id === pickup).pickup_dates[0];
    const body = { return_method: pickup, pickup_date: date, lines: [{ line_id: 'L2', quantity: 1, reason: 'Other' }] };
    expectError(await submit(token, { ...body, pickup_date: '2030-01-01' }, 'p-0'), 400, 'schema_validation_error');
    await em.fault('carrier_a', 'ship', 'http_500', 1);
    const failed = await submit(token, body, 'p-1');
    expect(failed.status).toBe(502);
    expect((await t.call('GET', `/returns?custom=portal_link:${link.id}`, key)).body).toEqual([]);
    const ok = await submit(token, body, 'p-2');
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.return.pickup_date).toBe(date);
  });
});
