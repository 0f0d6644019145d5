/**
 * tracking.updated: pushed by the background poller for shipments booked, tracked or cancelled
 * with `webhooks: true`, and by any /track that finds a change; one event per change.
 */
import { describe, expect, it } from 'vitest';
import { plannedEvents } from '../../src/emulator/carrier_a/timeline.js';
import { shipment } from '../contract/support.js';
import { waitFor } from '../support/webhook-receiver.js';
import { register, useWebhookSuite } from './support.js';

const s = useWebhookSuite();

const book = async (extra: Record<string, unknown> = {}) =>
  (await s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'carrier_a_ground', ...extra }))).body.shipment
    .tracking_number as string;
const updates = (number: string) =>
  s.rx.at('/tracking').filter((r) => r.body.type === 'tracking.updated' && r.body.data.tracking_number === number);
const trackedRow = (number: string) =>
  s.t.db.database.db
    .selectFrom('tracked_shipments')
    .selectAll()
    .where('tracking_number', '=', number)
    .executeTakeFirst();

/** Moves the emulator's clock to `at` (it only goes forward here). */
async function emulatorTo(at: Date): Promise<void> {
  const now = s.em.emulator.state.clock.now().getTime();
  if (at.getTime() > now) await s.em.advance(at.getTime() - now);
}

describe('background tracking', () => {
  it('pushes CREATED → … → DELIVERED as signed deliveries as the carrier moves, without any /track', async () => {
    await register(s, '/tracking', ['tracking.updated']);
    const number = await book({ webhooks: true });
    try {
      await waitFor(() => updates(number).length === 1, 'the first tracking.updated');
      const planned = plannedEvents(s.em.emulator.state.carrier_a.shipments.get(number)!);
      for (const [i, event] of planned.entries()) {
        if (i === 0) continue;
        await emulatorTo(new Date(event.at.getTime() + 60_000));
        await waitFor(
          () => updates(number).length === i + 1,
          `the update for ${event.eventType} (${i + 1} of ${planned.length})`,
        );
      }
      const got = updates(number);
      expect(got.map((r) => r.body.data.checkpoints.length)).toEqual(planned.map((_, i) => i + 1));
      // The journey as the latest checkpoint tells it (carrier_a's overall stage stays IN_TRANSIT
      // while out for delivery: FedEx derives IT for OD scans).
      const stages = got
        .map((r) => r.body.data.checkpoints[0].tracking_stage as string)
        .filter((stage, i, all) => stage !== all[i - 1]);
      expect(stages).toEqual(['CREATED', 'PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']);
      expect(got.at(-1)!.body.data.tracking_stage).toBe('DELIVERED');
      expect(got.every((r) => r.verifiedWith.length === 1)).toBe(true);
      expect(new Set(got.map((r) => r.eventId)).size).toBe(got.length);
      expect(got.at(-1)!.body.data).toMatchObject({ carrier: 'carrier_a', delivered: true });
      // Tracking stops at a final stage.
      await waitFor(async () => (await trackedRow(number))?.state === 'done', 'background tracking to stop');
      expect((await trackedRow(number))!.stage).toBe('DELIVERED');
    } finally {
      await s.em.resetClock();
    }
  });

  it('starts for a number tracked with webhooks: true, and for a cancellation', async () => {
    const tracked = await book();
    expect(await trackedRow(tracked)).toBeUndefined();
    expect(
      (
        await s.t.call('POST', '/track', s.key, {
          track: { shipping_account: s.account, tracking_number: tracked, webhooks: true },
        })
      ).status,
    ).toBe(200);
    expect((await trackedRow(tracked))?.state).toBe('active');

    const cancelled = await book();
    expect(
      (
        await s.t.call('POST', '/cancel', s.key, {
          cancel: { shipping_account: s.account, tracking_number: cancelled, webhooks: true },
        })
      ).status,
    ).toBe(200);
    await waitFor(
      () => updates(cancelled).some((r) => r.body.data.tracking_stage === 'SHIPMENT_VOIDED'),
      'SHIPMENT_VOIDED',
    );
    await waitFor(
      async () => (await trackedRow(cancelled))?.state === 'done',
      'background tracking of the voided shipment to stop',
    );
  });

  it('stops after 60 days without a final stage', async () => {
    const number = await book();
    const longAgo = new Date(Date.now() - 61 * 86_400_000).toISOString();
    await s.t.db.database.db
      .insertInto('tracked_shipments')
      .values({
        tenant: 'acme',
        shipping_account_id: s.account,
        tracking_number: number,
        carrier: 'carrier_a',
        test: 0,
        stage: 'IN_TRANSIT',
        state: 'active',
        started_at: longAgo,
        next_poll_at: longAgo,
        locked_until: null,
        last_error: null,
      })
      .execute();
    await waitFor(async () => (await trackedRow(number))?.state === 'done', 'background tracking to give up');
    expect((await trackedRow(number))!.stage).toBe('CREATED');
  });
});

describe('tracking.updated from /track', () => {
  it('is recorded once per change, however many requests see it', async () => {
    const number = await book();
    const track = (refresh: boolean) =>
      s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number: number, refresh } });
    const events = async () =>
      (await s.t.call('GET', '/events?type=tracking.updated&limit=500', s.key)).body.events.filter(
        (e: { data: { tracking_number: string } }) => e.data.tracking_number === number,
      );
    try {
      await track(false);
      await Promise.all([track(true), track(true), track(true)]);
      expect(await events()).toHaveLength(1);
      const planned = plannedEvents(s.em.emulator.state.carrier_a.shipments.get(number)!);
      await emulatorTo(new Date(planned[1]!.at.getTime() + 60_000));
      await Promise.all([track(true), track(true), track(true)]);
      const seen = await events();
      expect(seen.map((e: { data: { tracking_stage: string } }) => e.data.tracking_stage)).toEqual([
        'CREATED',
        'PICKED_UP',
      ]);
      expect(seen[1].data.checkpoints).toHaveLength(2);
    } finally {
      await s.em.resetClock();
    }
  });
});
