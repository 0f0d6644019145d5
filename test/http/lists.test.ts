/** GET /shipments and GET /pickups over the real service and the carrier emulator. */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { address, recipientUS, shipment, useCarrierA } from '../contract/support.js';

const s = useCarrierA();
const DAY = 86_400_000;

const book = async (name: string, reference?: string) => {
  const res = await s.t.call(
    'POST',
    '/ship',
    s.key,
    shipment(s.account, {
      service: 'carrier_a_ground',
      recipient: { ...recipientUS, name },
      ...(reference ? { references: [{ type: 'order', value: reference }] } : {}),
    }),
  );
  expect(res.status, res.raw).toBe(200);
  return res.body.shipment as { id: string; tracking_number: string; packages: { label: string }[] };
};
const list = (query: string, key = s.key) => s.t.call('GET', `/shipments${query}`, key);
const ids = (res: { body: { id: string }[] }) => res.body.map((x) => x.id);

describe('GET /shipments', () => {
  it('lists newest first with the total and page links, and filters by search, carrier, account, stage and date', async () => {
    const a = await book('Dora Explorer', 'ORD-1');
    const b = await book('Eve Example', 'ORD_2');
    const c = await book('Fay 100% Cotton');

    const all = await list('?pageSize=2');
    expect(all.status).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect(ids(all)).toEqual([c.id, b.id]);
    expect(all.body[0]).toMatchObject({
      carrier: 'carrier_a',
      shipping_account: s.account,
      status: 'CREATED',
      recipient: { name: 'Fay 100% Cotton' },
    });
    expect(all.body[0].shipping_documents).toBeUndefined();
    expect(all.headers.link).toContain('rel="next"');
    expect(ids(await list('?pageSize=2&page=2'))).toEqual([a.id]);

    expect(ids(await list(`?search=${a.tracking_number}`))).toEqual([a.id]);
    expect(ids(await list('?search=ORD-1'))).toEqual([a.id]);
    // A reference matches whole; a name matches in part, any case; wildcards are literal.
    expect(ids(await list('?search=ORD'))).toEqual([]);
    expect(ids(await list('?search=ORD_2'))).toEqual([b.id]);
    expect(ids(await list('?search=eve'))).toEqual([b.id]);
    expect(ids(await list('?search=100%25'))).toEqual([c.id]);
    expect(ids(await list('?search=_'))).toEqual([]);

    expect(ids(await list('?carrier=carrier_a'))).toHaveLength(3);
    expect(ids(await list('?carrier=carrier_b'))).toEqual([]);
    expect(ids(await list(`?shipping_account=${s.account}`))).toHaveLength(3);
    expect(ids(await list('?shipping_account=sa_other'))).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    expect(ids(await list(`?start_date=${today}&end_date=${today}`))).toHaveLength(3);
    expect(ids(await list(`?start_date=${tomorrow}`))).toEqual([]);
    expectError(await list(`?start_date=${tomorrow}&end_date=${today}`), 400, 'schema_validation_error');
    expectError(await list('?status=LOST'), 400, 'schema_validation_error');

    // Cancelling and tracking move the stage the list filters on.
    expect(
      (
        await s.t.call('POST', '/cancel', s.key, {
          cancel: { shipping_account: s.account, tracking_number: a.tracking_number },
        })
      ).status,
    ).toBe(200);
    await s.em.advance(10 * DAY);
    const tracked = await s.t
      .call('POST', '/track', s.key, {
        track: { shipping_account: s.account, tracking_number: b.tracking_number, refresh: true },
      })
      .finally(() => s.em.resetClock());
    expect(tracked.body.tracking_stage).toBe('DELIVERED');
    expect(ids(await list('?status=SHIPMENT_VOIDED'))).toEqual([a.id]);
    expect(ids(await list('?status=DELIVERED'))).toEqual([b.id]);
    expect(ids(await list('?status=CREATED'))).toEqual([c.id]);
  });

  it('reads one shipment with its labels as URLs and its latest tracking result', async () => {
    const booked = await book('Gil Reader', 'ORD-9');
    const res = await s.t.call('GET', `/shipments/${booked.id}`, s.key);
    expect(res.status).toBe(200);
    expect(res.body.shipment).toMatchObject({
      id: booked.id,
      tracking_number: booked.tracking_number,
      status: 'CREATED',
      references: [{ type: 'order', value: 'ORD-9' }],
    });
    // Links are made afresh on every read: the label's works without a key, the tracking page's too.
    const label = new URL(res.body.shipment.packages[0].label);
    expect(label.pathname).toBe(new URL(booked.packages[0]!.label).pathname);
    const bytes = await s.t.call('GET', `${label.pathname}${label.search}`, undefined);
    expect(bytes.status).toBe(200);
    expect(bytes.raw.startsWith('%PDF')).toBe(true);
    const page = new URL(res.body.shipment.tracking_url);
    expect(page.pathname).toMatch(/^\/tracking\/[^/]+$/);
    expect((await s.t.call('GET', `/public${page.pathname}`, undefined)).body.tracking).toMatchObject({
      tracking_number: booked.tracking_number,
    });
    expect(
      (
        await s.t.call('POST', '/track', s.key, {
          track: { shipping_account: s.account, tracking_number: booked.tracking_number },
        })
      ).status,
    ).toBe(200);
    const after = await s.t.call('GET', `/shipments/${booked.id}`, s.key);
    expect(after.body.shipment.tracking).toMatchObject({
      tracking_number: booked.tracking_number,
      tracking_stage: 'CREATED',
    });
    expect(after.body.shipment.tracking.checkpoints.length).toBeGreaterThan(0);
  });

  it('answers another tenant’s shipment as missing and lists none of it', async () => {
    const booked = await book('Hal Hidden');
    const other = await s.t.key('globex');
    expectError(await s.t.call('GET', `/shipments/${booked.id}`, other), 404, 'not_found');
    expectError(await s.t.call('GET', '/shipments/shp_nope', s.key), 404, 'not_found');
    const theirs = await list('', other);
    expect(theirs.body).toEqual([]);
    expect(theirs.headers['x-total-count']).toBe('0');
    expectError(await s.t.call('GET', '/shipments', undefined), 401, 'missing_api_key');
  });
});

describe('GET /pickups', () => {
  it('lists and reads pickups with their state; another tenant sees none', async () => {
    const date = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const body = {
      pickup: {
        shipping_account: s.account,
        carrier: 'carrier_a',
        location: address({ location_type: 'front desk' }),
        shipments: [{ packages: [{ weight: 5 }], service: 'carrier_a_ground' }],
        time: { date, ready_time: '10:00', close_time: '17:00' },
        dim_units: 'IN',
        weight_units: 'LB',
      },
    };
    const first = (await s.t.call('POST', '/pickup', s.key, body)).body.pickup;
    const second = (await s.t.call('POST', '/pickup', s.key, body)).body.pickup;
    expect(
      (
        await s.t.call('POST', '/pickup/cancel', s.key, {
          pickup_cancel: { shipping_account: s.account, confirmation_number: first.confirmation_number },
        })
      ).status,
    ).toBe(200);

    const all = await s.t.call('GET', '/pickups', s.key);
    expect(all.headers['x-total-count']).toBe('2');
    expect(ids(all)).toEqual([second.id, first.id]);
    expect(ids(await s.t.call('GET', '/pickups?status=cancelled', s.key))).toEqual([first.id]);
    expect(ids(await s.t.call('GET', `/pickups?search=${second.confirmation_number}`, s.key))).toEqual([second.id]);
    expect(ids(await s.t.call('GET', '/pickups?carrier=carrier_c', s.key))).toEqual([]);
    const one = await s.t.call('GET', `/pickups/${first.id}`, s.key);
    expect(one.body.pickup).toMatchObject({
      id: first.id,
      status: 'cancelled',
      confirmation_number: first.confirmation_number,
      pickup_date: date,
    });
    expect(one.body.pickup.cancelled).toMatch(/^\d{4}-/);

    const other = await s.t.key('globex');
    expectError(await s.t.call('GET', `/pickups/${first.id}`, other), 404, 'not_found');
    expect((await s.t.call('GET', '/pickups', other)).body).toEqual([]);
  });
});
