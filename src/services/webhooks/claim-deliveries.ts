/**
 * One turn of the worker: events past their retention purged (once an hour), then due deliveries
 * claimed under a lease, as many as it has slots for, each sent while the loop goes on.
 */
import * as outbox from '../../storage/repositories/events.js';
import { EVENT_RETENTION_MS, type BackgroundLoop } from '../kernel/index.js';
import { deliverWebhook } from './deliver-webhook.js';
import type { WorkerState } from './worker-deps.js';

const HOUR = 3_600_000;

type Slots = Pick<BackgroundLoop, 'spawn' | 'inFlight'>;

function dispatch(state: WorkerState, loop: Slots, c: outbox.ClaimedDelivery): void {
  const { inFlight } = state;
  inFlight.set(c.endpoint_id, (inFlight.get(c.endpoint_id) ?? 0) + 1);
  const work = deliverWebhook(state, c).finally(() => {
    const n = (inFlight.get(c.endpoint_id) ?? 1) - 1;
    if (n === 0) inFlight.delete(c.endpoint_id);
    else inFlight.set(c.endpoint_id, n);
  });
  loop.spawn(work, (err) => state.log.error({ err, delivery: c.id }, 'webhook delivery could not be recorded'));
}

/** True when it claimed all it asked for: more may be due at once. */
export async function claimDeliveries(state: WorkerState, loop: Slots): Promise<boolean> {
  const { db, clock, config } = state;
  const now = clock.now();
  if (now.getTime() - state.purgedAt >= HOUR) {
    state.purgedAt = now.getTime();
    await outbox.purgeBefore(db, new Date(now.getTime() - EVENT_RETENTION_MS).toISOString());
  }
  const capacity = config.concurrency - loop.inFlight;
  if (capacity <= 0) return false;
  // Small claims, each skipping endpoints that already have their share in flight.
  const limit = Math.min(capacity, state.perEndpoint);
  const skipEndpoints = [...state.inFlight].filter(([, n]) => n >= state.perEndpoint).map(([id]) => id);
  const lockedUntil = new Date(now.getTime() + config.timeoutMs + 60_000).toISOString();
  const claimed = await outbox.claimDue(db, state.dialect, {
    owner: state.owner,
    now: now.toISOString(),
    lockedUntil,
    limit,
    skipEndpoints,
  });
  for (const c of claimed) dispatch(state, loop, c);
  return claimed.length === limit;
}
