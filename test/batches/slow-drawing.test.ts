/**
 * Finding (kill -9 of a carrier_a batch on a loaded machine, 308 carrier bookings for 300 items): the
 * first items' calls reached the emulator at once, but its drawing threads were starting cold, and
 * their labels took some 8 s to draw. The emulator kept a booking only once its labels were drawn, so
 * the worker's call was cut off at its timeout (5 s), the recovery's lookup after the timeout and the
 * indexing delay (7 s) found nothing, queued the item again and booked it a second time; the first
 * booking appeared two seconds later. The carrier broke the delay it declared, not Waybill: the emulator
 * now keeps a booking as soon as it takes the call up, before drawing its documents. Here the drawing
 * is held by the test until the lookup has answered, and the call is cut off meanwhile by closing its
 * connection (on the loaded machine it was the call's timeout: both leave the outcome unknown).
 *
 * Found with it: a worker whose answer came while a recovery was asking the carrier about its item
 * (its lease had run out) stored the booking, and the recovery stored it a second time (one label,
 * two shipments), as it ignored that the item was no longer the dead worker's to settle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf, renderLabel } from '../../src/documents/drawing/index.js';
import { createBatchBooking } from '../../src/services/batches/index.js';
import { bookingReference } from '../../src/services/kernel/booking-lookup.js';
import * as batches from '../../src/storage/repositories/batches.js';
import type { TestApp } from '../support/app.js';
import type { TestEmulator } from '../support/emulator.js';
import { carrierTimes, movableClock, startBookingApp } from '../support/booking-app.js';
import { item, sender } from './support.js';

// Long enough that a held call never times out on a loaded machine: the first case cuts its call off itself.
const TIMEOUT_MS = 60_000;
const LOOKUP_DELAY_MS = 2000;
const clock = movableClock();
let em: TestEmulator;
let t: TestApp;
let key: string;
let account: string;
let close: () => Promise<void>;

/** The drawing the next label waits for: `started` once the carrier draws, drawn once `release` is called. */
let held: { started: () => void; release: Promise<void> } | undefined;

beforeAll(async () => {
  ({ em, t, key, account, close } = await startBookingApp({
    clock,
    env: carrierTimes(TIMEOUT_MS, LOOKUP_DELAY_MS),
    account: { carrier: 'carrier_a', country: 'US', test: true, billing_address: sender },
    drawing: {
      renderInvoicePdf,
      async renderLabel(...args) {
        const hold = held;
        held = undefined;
        if (hold) {
          hold.started();
          await hold.release;
        }
        return renderLabel(...args);
      },
    },
  }));
});
afterAll(() => close?.());

const booking = (lookup = t.services.lookup) =>
  createBatchBooking({
    db: t.db.database.db,
    clock,
    shipping: t.services.shipping,
    lookup,
    labelBaseUrl: 'http://127.0.0.1',
  });

async function postOne(name: string): Promise<string> {
  const posted = await t.call('POST', '/batches', key, {
    batch: { shipments: [item(account, { recipient: { ...item(account).recipient, name } })] },
  });
  expect(posted.status, posted.raw).toBe(202);
  return posted.body.batch.id as string;
}

async function claimOne(owner: string): Promise<batches.BatchItemRow> {
  const at = clock.now().getTime();
  const [claimed] = await batches.claim(t.db.database.db, t.db.database.dialect, {
    carrier: 'carrier_a',
    owner,
    now: new Date(at).toISOString(),
    leaseUntil: new Date(at + 1500).toISOString(),
    expiresAt: new Date(at + 86_400_000).toISOString(),
    limit: 1,
  });
  expect(claimed, `claimed by ${owner}`).toBeDefined();
  return claimed!;
}

/** The next label's drawing held: `drawing` resolves once the carrier draws it, `release` lets it finish. */
function holdNextDrawing(): { drawing: Promise<void>; release: () => void } {
  let release!: () => void;
  const drawing = new Promise<void>((started) => {
    held = { started, release: new Promise<void>((r) => (release = r)) };
  });
  return { drawing, release };
}

const madeFor = async (it: batches.BatchItemRow) =>
  (await em.bookings('carrier_a')).filter((b) =>
    b.references.includes(bookingReference(it.tenant, batches.itemKey(it))),
  );

describe('a carrier whose labels take long to draw', () => {
  it('has booked from the moment it took the call up: a lookup meanwhile finds the booking, and the item is booked once', async () => {
    const id = await postOne('Slow drawing');
    const claimed = await claimOne('worker-a');
    const { drawing, release } = holdNextDrawing();
    const call = booking().book(claimed, 'worker-a', t.app.log);
    // The carrier has taken the call up and is drawing its label; the call is cut off meanwhile.
    await drawing;
    em.emulator.app.server.closeAllConnections();
    expect(await call).toEqual({ kind: 'lost' });
    // Past the call's timeout and the indexing delay: "not found" would now be taken as never booked.
    clock.advance(TIMEOUT_MS + LOOKUP_DELAY_MS + 1000);
    await booking().recover(claimed, t.app.log);
    release();
    const items = (await t.call('GET', `/batches/${id}/shipments`, key)).body as any[];
    expect(items.map((i) => [i.status, i.shipment?.recovered !== undefined])).toEqual([['booked', true]]);
    expect((await madeFor(claimed)).map((b) => b.tracking_number)).toEqual([items[0].shipment.tracking_number]);
  });

  it('a worker whose answer is stored while a recovery looks its item up: the recovery stores no second shipment', async () => {
    const id = await postOne('Answer during lookup');
    const claimed = await claimOne('worker-b');
    const { drawing, release } = holdNextDrawing();
    const call = booking().book(claimed, 'worker-b', t.app.log);
    await drawing;
    // The worker's lease has run out: a recovery reads its attempt as in progress and asks the
    // carrier, which has the booking; before the recovery stores it, the worker's answer comes and is stored.
    clock.advance(TIMEOUT_MS + LOOKUP_DELAY_MS + 1000);
    const lookup: typeof t.services.lookup = {
      ...t.services.lookup,
      async lookup(...args) {
        const answer = await t.services.lookup.lookup(...args);
        release();
        expect((await call).kind).toBe('booked');
        return answer;
      },
    };
    await booking(lookup).recover(claimed, t.app.log);
    const [made] = await madeFor(claimed);
    const items = (await t.call('GET', `/batches/${id}/shipments`, key)).body as any[];
    expect(items.map((i) => [i.status, i.shipment?.tracking_number])).toEqual([['booked', made!.tracking_number]]);
    const stored = await t.db.database.db
      .selectFrom('shipments')
      .select('id')
      .where('tracking_number', '=', made!.tracking_number)
      .execute();
    expect(stored.map((s) => s.id)).toEqual([items[0].shipment.id]);
  });
});
