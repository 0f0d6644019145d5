/**
 * Tracking calls counted for GET /usage without a write per call: each is added to a number in
 * memory (per tenant, month and carrier), and the numbers are added to the stored counters by a
 * flush, which the background loop runs every few seconds, GET /usage runs before it reads (so an
 * instance's own calls are never missing from its answer), and stopping runs once more. A flush
 * that fails puts its numbers back for the next one; at most what one instance counted since its
 * last flush is lost if it dies.
 */
import type { Clock } from '../../foundations/clock.js';
import type { Db } from '../../storage/database.js';
import { addCounters, type CounterAdd } from '../../storage/repositories/usage.js';

export interface UsageCounter {
  /** `n` tracking numbers asked of the carrier for the tenant. */
  trackingCalls(tenant: string, carrier: string, n: number): void;
  flush(): Promise<void>;
}

export function createUsageCounter(deps: { db: Db; clock: Clock }): UsageCounter {
  let pending = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();
  return {
    trackingCalls(tenant, carrier, n) {
      const key = `${tenant}\n${deps.clock.now().toISOString().slice(0, 7)}\n${carrier}`;
      pending.set(key, (pending.get(key) ?? 0) + n);
    },
    flush() {
      // One flush at a time: a second waits for the first, then writes what came in meanwhile.
      flushing = flushing.then(async () => {
        if (pending.size === 0) return;
        const taken = pending;
        pending = new Map();
        const adds: CounterAdd[] = [...taken].map(([key, count]) => {
          const [tenant, month, carrier] = key.split('\n') as [string, string, string];
          return { tenant, month, carrier, metric: 'tracking_calls', count };
        });
        try {
          await addCounters(deps.db, adds);
        } catch (err) {
          for (const [key, n] of taken) pending.set(key, (pending.get(key) ?? 0) + n);
          throw err;
        }
      });
      const done = flushing;
      // The chain goes on after a failure; the caller of this flush is the one told of it.
      flushing = flushing.catch(() => undefined);
      return done;
    },
  };
}
