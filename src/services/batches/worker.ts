/**
 * The batch worker of one `waybill serve` process: claims queued batch items (leased; on
 * PostgreSQL with FOR UPDATE SKIP LOCKED, so instances share a batch) and books them.
 *
 * Each lane (a carrier's, or the rate-shopping items' own: lanes.ts) has its own
 * `concurrency` slots per process, so a slow or failing carrier only ever holds its own items and
 * the shopping lane's. A lane whose booking is answered 429 is backed off (its Retry-After, else
 * 1 s doubling to 30 s) and its throttled items go back to the queue. Leases are renewed while
 * calls run; items of a worker that died (lease run out, or on SQLite any item a previous process
 * held) are settled by recover-item.ts `recoverBatchItem` before anything else is claimed. Batches whose
 * items were never all stored (the request failed or its process died while storing them: storage
 * publishes a batch with its last items) are removed once no store can still be running.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import type { Log } from '../../foundations/logger.js';
import type { Db, Dialect } from '../../storage/database.js';
import * as repo from '../../storage/repositories/batches.js';
import { timeSlicer } from '../../foundations/time-slice.js';
import { IDEMPOTENCY_TTL_MS, startLoop, type BackgroundLoop } from '../kernel/index.js';
import type { BatchBooking } from './booking.js';
import { callsBeforeBooking, itemShipment } from './booking-deps.js';
import { SHOPPING_LANE } from './lanes.js';
import { laneSlots } from './worker-lanes.js';

export interface BatchWorkerDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  log: Log;
  booking: BatchBooking;
  /** The carriers' slugs: a lane each, besides the shopping lane. */
  carriers: readonly string[];
  config: { concurrency: number; leaseMs: number; pollMs: number };
}

/** Past this, no request is still storing a batch's items (10,000 take seconds): an unpublished batch is left over. */
export const UNPUBLISHED_AFTER_MS = 10 * 60_000;
const UNPUBLISHED_SWEEP_MS = 60_000;

// Items that rate or check an address first write their record themselves, just before booking.
const recordAtClaim = (item: repo.BatchItemRow) => !callsBeforeBooking(itemShipment(item));

/** What a lane's claim asks for, at the clock's time: `limit` items leased to `owner`. */
function claimQueryOf(clock: Clock, owner: string, leaseMs: number, lane: string, limit: number): repo.ClaimQuery {
  const t = clock.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    carrier: lane,
    owner,
    now: iso(t),
    leaseUntil: iso(t + leaseMs),
    expiresAt: iso(t + IDEMPOTENCY_TTL_MS),
    limit,
    recordAtClaim,
  };
}

export function startBatchWorker(deps: BatchWorkerDeps): Pick<BackgroundLoop, 'nudge' | 'stop'> {
  const { db, clock, log, booking, config } = deps;
  const owner = randomUUID();
  const slots = laneSlots(clock, log, config.concurrency);
  const active = new Map<string, { item: repo.BatchItemRow; done: Promise<void> }>();
  let renewedAt = 0;
  let sweptAt = 0;
  let unpublishedSweptAt = 0;
  const startedAt = clock.now().getTime();
  let started = false;
  let stopping = false;
  const iso = (ms: number) => new Date(ms).toISOString();
  if (deps.carriers.includes(SHOPPING_LANE))
    throw new Error(`a carrier is named ${SHOPPING_LANE}, like the batch worker's lane of rate-shopping items`);
  const lanes = [...deps.carriers, SHOPPING_LANE];
  const queuedLanes = repo.queuedLanes(db, lanes);
  const claimQuery = (lane: string, limit: number) => claimQueryOf(clock, owner, config.leaseMs, lane, limit);

  function dispatch(item: repo.BatchItemRow): void {
    const lane = item.carrier!;
    const key = `${item.batch_id}:${item.idx}`;
    slots.take(lane);
    // The slot's next item is claimed with this one's booking, in its transaction.
    const claimNext = (trx: Db) =>
      stopping || slots.backingOff(lane)
        ? Promise.resolve([])
        : repo.claimIn(trx, deps.dialect, { ...claimQuery(lane, 1), inProgress: item.batch_id });
    const done = booking
      .book(item, owner, log, claimNext)
      .then((outcome) => {
        if (outcome.kind === 'booked') for (const next of outcome.next) dispatch(next);
        slots.settled(lane, outcome);
      })
      .catch((err: unknown) =>
        log.error(
          { err, batch: item.batch_id, index: item.idx },
          'batch item could not be settled; a restart resolves it',
        ),
      )
      .finally(() => {
        slots.give(lane);
        active.delete(key);
        loop.nudge();
      });
    active.set(key, { item, done });
  }

  async function step(): Promise<boolean> {
    const t = clock.now().getTime();
    if (t - renewedAt >= config.leaseMs / 3) {
      renewedAt = t;
      await repo.renewLeases(
        db,
        owner,
        [...active.values()].map((a) => a.item),
        iso(t + config.leaseMs),
      );
    }
    if (!started || t - sweptAt >= Math.min(config.leaseMs / 2, 1000)) {
      sweptAt = t;
      // SQLite has one process: whatever is in progress at start was left by a previous one.
      const allOthers = !started && deps.dialect === 'sqlite';
      started = true;
      for (const item of await repo.abandoned(db, { now: iso(t), owner, allOthers, limit: 100 }))
        await booking.recover(item, log);
    }
    if (t - unpublishedSweptAt >= UNPUBLISHED_SWEEP_MS) {
      unpublishedSweptAt = t;
      // On SQLite (one process) a batch begun before this process started is left over at once.
      await removeUnpublished(
        db,
        log,
        iso(Math.max(t - UNPUBLISHED_AFTER_MS, deps.dialect === 'sqlite' ? startedAt : 0)),
      );
    }
    // One read says which lanes have items queued; a lane with free slots claims them in one transaction.
    for (const lane of await queuedLanes()) {
      if (slots.backingOff(lane)) continue;
      const capacity = slots.free(lane);
      if (capacity <= 0) continue;
      const claimed = await db
        .transaction()
        .execute((trx) => repo.claimIn(trx, deps.dialect, claimQuery(lane, capacity)));
      for (const item of claimed) dispatch(item);
    }
    // Finishing items nudge the loop; idle turns find new batches and back-offs that ran out.
    return false;
  }

  const loop = startLoop('batch worker', step, { idleMs: config.pollMs, log });
  return {
    nudge: loop.nudge,
    async stop() {
      stopping = true;
      await loop.stop();
      // An item settling now may have claimed its successor before `stopping` was seen: wait for that one too.
      while (active.size > 0) await Promise.all([...active.values()].map((a) => a.done));
    },
  };
}

/** Removes the batches begun before `before` whose items were never all stored. */
export async function removeUnpublished(db: Db, log: Log, before: string): Promise<void> {
  const slice = timeSlicer();
  for (const batch of await repo.unpublished(db, before, 10)) {
    await repo.deleteUnpublished(db, batch, slice);
    log.info({ batch: batch.id, items: batch.total }, 'removed a batch whose items were never all stored');
  }
}
