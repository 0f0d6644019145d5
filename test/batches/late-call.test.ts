/**
 * Finding (two instances, short leases, a loaded machine): a worker starved past its lease between
 * claiming an item and calling the carrier made its call after another instance's recovery had
 * taken "not found at the carrier" as never booked and queued the item again: the item was booked
 * twice. A worker now calls only while the item's attempt is still the one it claimed, and a call
 * made long after the claim moves the claim's time to the call, from which a recovery measures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatchBooking } from '../../src/services/batches/index.js';
import { bookingReference } from '../../src/services/kernel/booking-lookup.js';
import * as batches from '../../src/storage/repositories/batches.js';
import * as idempotency from '../../src/storage/repositories/idempotency.js';
import type { TestApp } from '../support/app.js';
import { waitFor } from '../support/webhook-receiver.js';
import type { TestEmulator } from '../support/emulator.js';
import { movableClock, startBookingApp } from '../support/booking-app.js';
import { item, sender } from './support.js';

const clock = movableClock();
let em: TestEmulator;
let t: TestApp;
let key: string;
let account: string;
let close: () => Promise<void>;

beforeAll(async () => {
  // No background work: this suite claims and books items itself, as two workers would.
  ({ em, t, key, account, close } = await startBookingApp({
    clock,
    account: { carrier: 'carrier_a', country: 'US', test: true, billing_address: sender },
  }));
});
afterAll(() => close?.());

const iso = (ms: number) => new Date(ms).toISOString();

async function claimOne(owner: string, atMs: number): Promise<batches.BatchItemRow> {
  const [claimed] = await batches.claim(t.db.database.db, t.db.database.dialect, {
    carrier: 'carrier_a',
    owner,
    now: iso(atMs),
    leaseUntil: iso(atMs + 1500),
    expiresAt: iso(atMs + 86_400_000),
    limit: 1,
  });
  expect(claimed, `claimed by ${owner}`).toBeDefined();
  return claimed!;
}

async function postOne(name: string): Promise<string> {
  const res = await t.call('POST', '/batches', key, {
    batch: { shipments: [item(account, { recipient: { ...item(account).recipient, name } })] },
  });
  expect(res.status, res.raw).toBe(202);
  return res.body.batch.id;
}

const booking = () =>
  createBatchBooking({
    db: t.db.database.db,
    clock,
    shipping: t.services.shipping,
    lookup: t.services.lookup,
    labelBaseUrl: 'http://127.0.0.1',
  });
const atCarrier = async (it: batches.BatchItemRow) =>
  (await em.bookings('carrier_a')).filter((b) =>
    b.references.includes(bookingReference(it.tenant, batches.itemKey(it))),
  );

describe('a batch worker that calls the carrier late', () => {
  it('does not call once another worker holds the item’s attempt; that worker books it once', async () => {
    await postOne('Starved');
    const first = await claimOne('worker-a', clock.now().getTime());
    // A recovery found nothing at the carrier, released the attempt and queued the item; worker B claimed it.
    const db = t.db.database.db;
    await idempotency.release(db, first.tenant, batches.itemKey(first));
    expect(await batches.settle(db, first, 'worker-a', { status: 'queued' }, clock.now().toISOString())).toBe(true);
    const second = await claimOne('worker-b', clock.now().getTime() + 1);
    // Worker A wakes up and would book now.
    expect(await booking().book(first, 'worker-a', t.app.log)).toEqual({ kind: 'lost' });
    expect(await atCarrier(first)).toEqual([]);
    expect((await booking().book(second, 'worker-b', t.app.log)).kind).toBe('booked');
    expect(await atCarrier(second)).toHaveLength(1);
  });

  it('a call made long after its claim moves the claim to the call', async () => {
    await postOne('Late');
    const claimedAt = clock.now().getTime();
    const claimed = await claimOne('worker-c', claimedAt);
    clock.advance(5000);
    expect((await booking().book(claimed, 'worker-c', t.app.log)).kind).toBe('booked');
    expect(await atCarrier(claimed)).toHaveLength(1);
    const record = await idempotency.find(t.db.database.db, claimed.tenant, batches.itemKey(claimed));
    expect(Date.parse(record!.created_at)).toBeGreaterThanOrEqual(claimedAt + 5000);
  });

  it('a call made soon after its claim costs no write', async () => {
    await postOne('Prompt');
    const claimed = await claimOne('worker-d', clock.now().getTime());
    const before = await idempotency.find(t.db.database.db, claimed.tenant, batches.itemKey(claimed));
    expect(before?.created_at).toBe(claimed.updated_at);
    expect((await booking().book(claimed, 'worker-d', t.app.log)).kind).toBe('booked');
  });

  it('a recovery that found the booking while its worker waited for the answer: the worker stores nothing more', async () => {
    await postOne('Slow answer');
    const claimed = await claimOne('worker-e', clock.now().getTime());
    // The carrier books at once and answers 3 s later: the worker's lease (1.5 s) runs out meanwhile.
    await em.fault('carrier_a', 'ship', 'latency:3000', 1);
    const late = booking().book(claimed, 'worker-e', t.app.log);
    await waitFor(async () => (await atCarrier(claimed)).length === 1, 'the carrier booking');
    clock.advance(2000);
    await booking().recover(claimed, t.app.log);
    expect(await late).toEqual({ kind: 'lost' });
    const [atTheCarrier] = await atCarrier(claimed);
    const stored = await t.db.database.db
      .selectFrom('shipments')
      .select('id')
      .where('tracking_number', '=', atTheCarrier!.tracking_number)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('a recovery that found nothing does not requeue an attempt its worker moved to a late call meanwhile', async () => {
    await postOne('Moved');
    const claimed = await claimOne('worker-f', clock.now().getTime());
    const db = t.db.database.db;
    // The recovery read the attempt as claimed; then the worker woke, moved its claim to its call and called.
    const seen = await idempotency.find(db, claimed.tenant, batches.itemKey(claimed));
    expect(
      await idempotency.moveClaim(
        db,
        claimed.tenant,
        batches.itemKey(claimed),
        seen!.created_at,
        clock.now().toISOString().replace(/Z$/, '1Z'),
      ),
    ).toBe(true);
    expect(await idempotency.releaseClaimedAt(db, claimed.tenant, batches.itemKey(claimed), seen!.created_at)).toBe(
      false,
    );
    expect((await idempotency.find(db, claimed.tenant, batches.itemKey(claimed)))?.state).toBe('in_progress');
  });
});
