/**
 * Events written with the change they report and delivered signed to a real receiver: retries,
 * rotation, replay and redelivery, the events API, and a slow endpoint beside a fast one.
 */
import { describe, expect, it } from 'vitest';
import { address, shipment } from '../contract/support.js';
import { expectError } from '../support/app.js';
import { waitFor } from '../support/webhook-receiver.js';
import { register, useWebhookSuite } from './support.js';

const s = useWebhookSuite();
const book = async (extra: Record<string, unknown> = {}) => {
  const res = await s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'carrier_a_ground', ...extra }));
  expect(res.status).toBe(200);
  return res.body.shipment as { id: string; tracking_number: string };
};
const createdFor = (path: string, number: string) =>
  s.rx.at(path).filter((r) => r.body.type === 'shipment.created' && r.body.data.tracking_number === number);

describe('deliveries', () => {
  it('delivers shipment.created, signed, with the event id header, and lists it', async () => {
    const hook = await register(s, '/basic', ['shipment.created']);
    const booked = await book();
    const [got] = await waitFor(
      () => createdFor('/basic', booked.tracking_number).length > 0 && createdFor('/basic', booked.tracking_number),
      'shipment.created',
    );
    expect(got!.verifiedWith).toEqual([hook.secret]);
    expect(got!.signature).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(got!.eventId).toBe(got!.body.id);
    expect(Object.keys(got!.body)).toEqual(['id', 'type', 'created', 'data']);
    expect(got!.body.data).toMatchObject({
      id: booked.id,
      tracking_number: booked.tracking_number,
      carrier: 'carrier_a',
    });
    expect(got!.body.data.packages[0].label).toMatch(/^http:\/\/.+\/labels\/lbl_/);

    const event = await s.t.call('GET', `/events/${got!.eventId}`, s.key);
    expect(event.body.event).toEqual(got!.body);
    const listed = await s.t.call('GET', '/events?type=shipment.created', s.key);
    expect(listed.body.events.map((e: { id: string }) => e.id)).toContain(got!.eventId);

    const deliveries = await waitFor(async () => {
      const d = (await s.t.call('GET', `/webhooks/${hook.id}/deliveries?event_id=${got!.eventId}`, s.key)).body
        .deliveries;
      return d[0]?.status === 'succeeded' && d;
    }, 'a succeeded delivery');
    expect(deliveries[0]).toMatchObject({
      webhook_id: hook.id,
      event_id: got!.eventId,
      event_type: 'shipment.created',
      status: 'succeeded',
      attempts: [{ status_code: 200 }],
    });
    expect(deliveries[0].next_attempt).toBeUndefined();
    expect(deliveries[0].completed).toMatch(/Z$/);
  });

  it('retries failures with backoff until a 2xx, listing every attempt', async () => {
    const hook = await register(s, '/flaky', ['shipment.created']);
    let calls = 0;
    const previous = s.rx.respond;
    s.rx.respond = (r) => (r.path === '/flaky' ? (++calls <= 2 ? 503 : 204) : previous(r, undefined as never));
    try {
      const booked = await book();
      const deliveries = await waitFor(async () => {
        const d = (await s.t.call('GET', `/webhooks/${hook.id}/deliveries`, s.key)).body.deliveries;
        return d[0]?.status === 'succeeded' && d;
      }, 'the third attempt to succeed');
      expect(deliveries[0].attempts.map((a: { status_code: number }) => a.status_code)).toEqual([503, 503, 204]);
      expect(deliveries[0].attempts[0].error).toBe('HTTP 503');
      const arrivals = createdFor('/flaky', booked.tracking_number);
      expect(new Set(arrivals.map((a) => a.eventId)).size).toBe(1);
      expect(arrivals).toHaveLength(3);
    } finally {
      s.rx.respond = previous;
    }
  });

  it('does not follow redirects', async () => {
    const hook = await register(s, '/moved', ['shipment.created']);
    const previous = s.rx.respond;
    s.rx.respond = (r) => (r.path === '/moved' ? 302 : 200);
    try {
      await book();
      const d = await waitFor(
        async () => (await s.t.call('GET', `/webhooks/${hook.id}/deliveries`, s.key)).body.deliveries[0]?.attempts[0],
        'an attempt',
      );
      expect(d).toMatchObject({ status_code: 302, error: 'HTTP 302: redirects are not followed' });
      expect(s.rx.at('/elsewhere')).toHaveLength(0);
    } finally {
      s.rx.respond = previous;
      await s.t.call('DELETE', `/webhooks/${hook.id}`, s.key);
    }
  });

  it('signs with both secrets while a rotation overlaps', async () => {
    const hook = await register(s, '/rotating', ['shipment.created']);
    const rotated = (await s.t.call('POST', `/webhooks/${hook.id}/rotate-secret`, s.key)).body.webhook;
    s.rx.secrets.push(rotated.secret);
    const booked = await book();
    const [got] = await waitFor(
      () =>
        createdFor('/rotating', booked.tracking_number).length > 0 && createdFor('/rotating', booked.tracking_number),
      'a delivery',
    );
    expect(got!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(got!.verifiedWith.sort()).toEqual([hook.secret, rotated.secret].sort());
  });

  it('replays a delivery and redelivers an event with the same event id', async () => {
    const hook = await register(s, '/replay', ['shipment.created']);
    const booked = await book();
    const [first] = await waitFor(
      () => createdFor('/replay', booked.tracking_number).length > 0 && createdFor('/replay', booked.tracking_number),
      'a delivery',
    );
    const delivery = (await s.t.call('GET', `/webhooks/${hook.id}/deliveries?event_id=${first!.eventId}`, s.key)).body
      .deliveries[0];
    const replay = await s.t.call('POST', `/webhooks/${hook.id}/deliveries/${delivery.id}/replay`, s.key);
    expect(replay.status).toBe(200);
    expect(replay.body.delivery).toMatchObject({ event_id: first!.eventId, status: 'pending', attempts: [] });
    expect(replay.body.delivery.id).not.toBe(delivery.id);
    await waitFor(() => createdFor('/replay', booked.tracking_number).length === 2, 'the replay');

    const redeliver = await s.t.call('POST', `/events/${first!.eventId}/redeliver`, s.key);
    expect(redeliver.status).toBe(200);
    expect(redeliver.body.deliveries.map((d: { webhook_id: string }) => d.webhook_id)).toContain(hook.id);
    const all = await waitFor(
      () => createdFor('/replay', booked.tracking_number).length === 3 && createdFor('/replay', booked.tracking_number),
      'the redelivery',
    );
    expect(new Set(all.map((r) => r.eventId))).toEqual(new Set([first!.eventId]));
    expect(new Set(all.map((r) => r.raw)).size).toBe(1);

    expectError(await s.t.call('POST', `/webhooks/${hook.id}/deliveries/dlv_nope/replay`, s.key), 404, 'not_found');
    expectError(await s.t.call('POST', '/events/evt_nope/redeliver', s.key), 404, 'not_found');
    await s.t.call('PATCH', `/webhooks/${hook.id}`, s.key, { webhook: { enabled: false } });
    expectError(
      await s.t.call('POST', `/webhooks/${hook.id}/deliveries/${delivery.id}/replay`, s.key),
      409,
      'conflict',
    );
  });

  it('announces a cancellation with shipment.cancelled', async () => {
    await register(s, '/cancel', ['shipment.cancelled']);
    const booked = await book();
    expect(
      (
        await s.t.call('POST', '/cancel', s.key, {
          cancel: { shipping_account: s.account, tracking_number: booked.tracking_number },
        })
      ).status,
    ).toBe(200);
    const [got] = await waitFor(
      () =>
        s.rx.at('/cancel').filter((r) => r.body.data.tracking_number === booked.tracking_number).length > 0 &&
        s.rx.at('/cancel'),
      'shipment.cancelled',
    );
    expect(got!.body).toMatchObject({
      type: 'shipment.cancelled',
      data: {
        id: booked.id,
        carrier: 'carrier_a',
        shipping_account: s.account,
        tracking_number: booked.tracking_number,
      },
    });
    expect(s.rx.at('/cancel').every((r) => r.body.type === 'shipment.cancelled')).toBe(true);
  });

  it('announces a scheduled pickup with pickup.scheduled', async () => {
    await register(s, '/pickups', ['pickup.scheduled']);
    const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await s.t.call('POST', '/pickup', s.key, {
      pickup: {
        shipping_account: s.account,
        carrier: 'carrier_a',
        location: address({ location_type: 'front desk' }),
        shipments: [{ packages: [{ weight: 5 }] }],
        time: { date, ready_time: '10:00', close_time: '17:00' },
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expect(res.status).toBe(200);
    const [got] = await waitFor(() => s.rx.at('/pickups').length > 0 && s.rx.at('/pickups'), 'pickup.scheduled');
    expect(got!.body.type).toBe('pickup.scheduled');
    expect(got!.body.data).toMatchObject({
      confirmation_number: res.body.pickup.confirmation_number,
      carrier: 'carrier_a',
      shipping_account: s.account,
      pickup_date: date,
    });
  });

  it('keeps delivering to a fast endpoint while a slow one holds every request', async () => {
    await register(s, '/slow', ['shipment.created']);
    await register(s, '/fast', ['shipment.created']);
    let release!: () => void;
    const held = new Promise<number>((resolve) => (release = () => resolve(200)));
    const previous = s.rx.respond;
    s.rx.respond = (r) => (r.path === '/slow' ? held : 200);
    try {
      const numbers: string[] = [];
      for (let i = 0; i < 12; i++) numbers.push((await book()).tracking_number);
      await waitFor(
        () => numbers.every((n) => createdFor('/fast', n).length === 1),
        'every delivery to the fast endpoint',
      );
      // The slow endpoint has some of its deliveries in flight, never more than its share.
      expect(numbers.filter((n) => createdFor('/slow', n).length > 0).length).toBeLessThan(12);
      release();
      await waitFor(() => numbers.every((n) => createdFor('/slow', n).length === 1), 'the slow endpoint to catch up');
    } finally {
      s.rx.respond = previous;
      release();
    }
  });
});

describe('GET /events', () => {
  it('pages oldest first with an event id or a time as the cursor', async () => {
    for (let i = 0; i < 3; i++) await book();
    const all = (await s.t.call('GET', '/events?limit=500', s.key)).body.events as { id: string; created: string }[];
    expect(all.length).toBeGreaterThanOrEqual(3);
    const sorted = [...all].sort((a, b) =>
      a.created === b.created ? a.id.localeCompare(b.id) : a.created.localeCompare(b.created),
    );
    expect(all).toEqual(sorted);
    const page1 = (await s.t.call('GET', '/events?limit=2', s.key)).body;
    expect(page1.has_more).toBe(true);
    expect(page1.events).toEqual(all.slice(0, 2));
    const page2 = (await s.t.call('GET', `/events?limit=2&after=${page1.events[1].id}`, s.key)).body;
    expect(page2.events).toEqual(all.slice(2, 4));
    const byTime = (await s.t.call('GET', `/events?after=${encodeURIComponent(all.at(-1)!.created)}`, s.key)).body;
    expect(byTime).toEqual({ events: [], has_more: false });
    expectError(await s.t.call('GET', '/events?after=yesterday', s.key), 400, 'schema_validation_error');
    expectError(await s.t.call('GET', '/events?type=shipment.exploded', s.key), 400, 'schema_validation_error');
    expectError(await s.t.call('GET', '/events?order=sideways', s.key), 400, 'schema_validation_error');
  });

  it('pages newest first on asking, the cursor then naming the event the next page is older than', async () => {
    for (let i = 0; i < 3; i++) await book();
    const all = (await s.t.call('GET', '/events?limit=500', s.key)).body.events as { id: string; created: string }[];
    const newest = [...all].reverse();
    const page1 = (await s.t.call('GET', '/events?limit=2&order=newest_first', s.key)).body;
    expect(page1).toEqual({ events: newest.slice(0, 2), has_more: true });
    const page2 = (await s.t.call('GET', `/events?limit=2&order=newest_first&after=${page1.events[1].id}`, s.key)).body;
    expect(page2.events).toEqual(newest.slice(2, 4));
    const byTime = (
      await s.t.call('GET', `/events?order=newest_first&after=${encodeURIComponent(all[0]!.created)}`, s.key)
    ).body;
    expect(byTime).toEqual({ events: [], has_more: false });
    expectError(await s.t.call('GET', '/events/evt_nope', s.key), 404, 'not_found');
    const other = await s.t.key('globex');
    expect((await s.t.call('GET', '/events', other)).body.events).toEqual([]);
    expectError(await s.t.call('GET', `/events/${all[0]!.id}`, other), 404, 'not_found');
  });
});
