/**
 * The queue's flow with two slots per carrier: cancel stops the queued rest, one carrier's stuck
 * calls never hold another carrier's items, and a carrier answering 429 is backed off and retried.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from '../support/webhook-receiver.js';
import { address, recipientUS } from '../contract/support.js';
import { emulatorBookings, finished, item, useBatchApp } from './support.js';

const s = useBatchApp({ env: { WAYBILL_BATCH_CONCURRENCY: '2' } });
const named = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => item(s.account, { recipient: { ...recipientUS, name: `${prefix} ${i}` } }));
const post = async (shipments: unknown[]) => {
  const res = await s.t.call('POST', '/batches', s.key, { batch: { shipments } });
  expect(res.status, res.raw).toBe(202);
  return res.body.batch.id as string;
};
const batch = async (id: string) => (await s.t.call('GET', `/batches/${id}`, s.key)).body.batch;
const items = async (id: string) =>
  (await s.t.call('GET', `/batches/${id}/shipments?pageSize=500`, s.key)).body as any[];

describe('cancel', () => {
  it('cancels the queued rest; the items being booked finish and stay booked', async () => {
    // Both slots held by slow calls, so the rest of the batch is still queued when the cancel comes.
    await s.em.fault('carrier_a', 'ship', 'latency:1500', 2);
    const id = await post(named('Cancel', 6));
    await waitFor(async () => (await batch(id)).counts.in_progress === 2, 'two items in flight');
    const res = await s.t.call('POST', `/batches/${id}/cancel`, s.key);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.batch).toMatchObject({ status: 'cancelled', counts: { cancelled: 4, in_progress: 2 } });
    const done = await finished(s, id);
    expect(done).toMatchObject({ status: 'cancelled', counts: { booked: 2, cancelled: 4, queued: 0 } });
    expect((await items(id)).map((i) => i.status)).toEqual([
      'booked',
      'booked',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect((await s.t.call('POST', `/batches/${id}/cancel`, s.key)).status).toBe(409);
  });
});

describe('carrier throttling', () => {
  it('backs off a carrier answering 429 and books the throttled items afterwards, each once', async () => {
    const before = emulatorBookings(s.em).length;
    await s.em.fault('carrier_a', 'ship', 'http_429:1', 2);
    const id = await post(named('Throttled', 5));
    const done = await finished(s, id);
    expect(done).toMatchObject({ status: 'completed', counts: { booked: 5, failed: 0 } });
    const bookings = emulatorBookings(s.em).filter((b) => b.recipient.startsWith('Throttled '));
    expect(bookings.map((b) => b.recipient).sort()).toEqual(Array.from({ length: 5 }, (_, i) => `Throttled ${i}`));
    expect(emulatorBookings(s.em).length - before).toBe(5);
    expect(s.t.logs.some((l) => l.includes('carrier throttles batch bookings'))).toBe(true);
  });
});

// Last: carrier_a's hung calls hold its slots until the emulator closes.
describe('per-carrier slots', () => {
  it('books another carrier’s items while one carrier’s calls hang', async () => {
    const d = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_d', country: 'US', test: true, billing_address: address() },
      })
    ).body.shipping_account.id;
    const dItem = (name: string) => ({
      shipping_account: d,
      sender: address(),
      recipient: { ...recipientUS, name },
      packages: [{ weight: 2, length: 10, width: 8, height: 4 }],
      packaging: 'your_packaging',
      dim_units: 'IN',
      weight_units: 'LB',
      service: 'priority_mail',
    });
    // carrier_a's two slots hang (the emulator holds the connections); carrier_d has its own slots.
    await s.em.fault('carrier_a', 'ship', 'timeout', 2);
    const id = await post([...named('Hang', 3), dItem('D 0'), dItem('D 1'), dItem('D 2'), dItem('D 3')]);
    const list = await waitFor(async () => {
      const all = await items(id);
      return all.slice(3).every((i) => i.status === 'booked') && all;
    }, 'carrier_d items booked');
    expect(list.slice(0, 3).map((i) => i.status)).toEqual(['in_progress', 'in_progress', 'queued']);
    const cancelled = await s.t.call('POST', `/batches/${id}/cancel`, s.key);
    expect(cancelled.body.batch.counts).toMatchObject({ booked: 4, in_progress: 2, cancelled: 1 });
  });
});
