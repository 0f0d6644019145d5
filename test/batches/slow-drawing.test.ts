/**
 * Finding (kill -9 of a carrier_a batch on a loaded machine, 308 carrier bookings for 300 items): the
 * first items' calls reached the emulator at once, but its drawing threads were starting cold, and
 * their labels took some 8 s to draw. The emulator kept a booking only once its labels were drawn, so
 * the worker's call was cut off at its timeout (5 s), the recovery's lookup after the timeout and the
 * indexing delay (7 s) found nothing, queued the item again and booked it a second time; the first
 * booking appeared a second later. The carrier broke the delay it declared, not Waybill: the emulator
 * now keeps a booking as soon as it takes the call up, before drawing its documents. Here the drawing
 * is held by the test until the lookup has answered, and the call is cut off meanwhile by closing its
 * connection (on the loaded machine it was the call's timeout: both leave the outcome unknown).
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

const TIMEOUT_MS = 5000;
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

const booking = () =>
  createBatchBooking({
    db: t.db.database.db,
    clock,
    shipping: t.services.shipping,
    lookup: t.services.lookup,
    labelBaseUrl: 'http://127.0.0.1',
  });

describe('a carrier whose labels take long to draw', () => {
  it('has booked from the moment it took the call up: a lookup meanwhile finds the booking, and the item is booked once', async () => {
    const posted = await t.call('POST', '/batches', key, {
      batch: { shipments: [item(account, { recipient: { ...item(account).recipient, name: 'Slow drawing' } })] },
    });
    expect(posted.status, posted.raw).toBe(202);
    const id = posted.body.batch.id as string;
    const at = clock.now().getTime();
    const [claimed] = await batches.claim(t.db.database.db, t.db.database.dialect, {
      carrier: 'carrier_a',
      owner: 'worker-a',
      now: new Date(at).toISOString(),
      leaseUntil: new Date(at + 1500).toISOString(),
      expiresAt: new Date(at + 86_400_000).toISOString(),
      limit: 1,
    });
    let release!: () => void;
    const drawing = new Promise<void>((started) => {
      held = { started, release: new Promise<void>((r) => (release = r)) };
    });
    const call = booking().book(claimed!, 'worker-a', t.app.log);
    // The carrier has taken the call up and is drawing its label; the call is cut off meanwhile.
    await drawing;
    em.emulator.app.server.closeAllConnections();
    expect(await call).toEqual({ kind: 'lost' });
    // Past the call's timeout and the indexing delay: "not found" would now be taken as never booked.
    clock.advance(TIMEOUT_MS + LOOKUP_DELAY_MS + 1000);
    await booking().recover(claimed!, t.app.log);
    release();
    const items = (await t.call('GET', `/batches/${id}/shipments`, key)).body as any[];
    expect(items.map((i) => [i.status, i.shipment?.recovered !== undefined])).toEqual([['booked', true]]);
    const reference = bookingReference(claimed!.tenant, batches.itemKey(claimed!));
    const made = (await em.bookings('carrier_a')).filter((b) => b.references.includes(reference));
    expect(made.map((b) => b.tracking_number)).toEqual([items[0].shipment.tracking_number]);
  });
});
