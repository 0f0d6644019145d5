/**
 * Token buckets, kept in this instance's memory: each instance limits on its own, so N instances
 * behind a balancer would let through up to N times the rate; instances sharing a PostgreSQL
 * database share their buckets instead (shared-buckets.ts, README "Security"). A bucket holds up to
 * `burst` tokens and refills at `ratePerSec`; a request takes one or is refused with the seconds until
 * the next token. Time comes from the injected clock, so tests need no sleeps.
 */
import type { Clock } from '../foundations/clock.js';

/** Undefined when a token was granted, else the seconds to wait for the next one. */
export type Wait = number | undefined;

export interface TokenBuckets {
  /** Takes a token of bucket `id`; a shared bucket may have to ask the database first. */
  take(id: string): Wait | Promise<Wait>;
}

/** Buckets kept before idle (full) ones are dropped; a flood of new ids cannot grow memory unbounded. */
const MAX_BUCKETS = 50_000;

export function createTokenBuckets(opts: { ratePerSec: number; burst: number; clock: Clock }): TokenBuckets {
  const { ratePerSec, burst, clock } = opts;
  const buckets = new Map<string, { tokens: number; at: number }>();

  function refill(b: { tokens: number; at: number }, now: number): void {
    b.tokens = Math.min(burst, b.tokens + (Math.max(0, now - b.at) / 1000) * ratePerSec);
    b.at = now;
  }

  function prune(now: number): void {
    for (const [id, b] of buckets) {
      refill(b, now);
      if (b.tokens >= burst) buckets.delete(id);
    }
    // Still full of busy buckets: drop the oldest; their owners start again with a full bucket.
    for (const id of buckets.keys()) {
      if (buckets.size < MAX_BUCKETS) break;
      buckets.delete(id);
    }
  }

  return {
    take(id) {
      const now = clock.now().getTime();
      let b = buckets.get(id);
      if (!b) {
        if (buckets.size >= MAX_BUCKETS) prune(now);
        b = { tokens: burst, at: now };
        buckets.set(id, b);
      } else refill(b, now);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return undefined;
      }
      return (1 - b.tokens) / ratePerSec;
    },
  };
}

/** No limit: every request is granted (WAYBILL_RATE_LIMIT=0). */
export const unlimited: TokenBuckets = { take: () => undefined };
