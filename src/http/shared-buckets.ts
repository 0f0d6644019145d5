/**
 * Token buckets shared by every instance through the database they already share (PostgreSQL), so
 * that N instances behind a balancer allow the configured rate, not N times it. Asking the database
 * on every request would put a round trip on the cached key's path, so an instance takes a small
 * lease of tokens at once (a twentieth of the burst, at least one) and spends it from memory for at
 * most a second; a bucket found empty is refused from memory until its next token is due. So the
 * database sees about one statement per lease, and N instances together may exceed a burst by at
 * most N leases. When the database cannot be asked, or has not answered within ASK_MS (its pool
 * busy), the lease is granted: a limit must not turn a database outage into refusing, or holding,
 * every request that is cached and could be answered.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../foundations/clock.js';
import type { SharedBuckets } from '../services/index.js';
import type { TokenBuckets, Wait } from './rate-limit.js';

/** A lease not spent within this is given up: tokens held in one instance must not outlive their time. */
const LEASE_MS = 1_000;
/** The longest a request waits for the database's answer about its bucket. */
const ASK_MS = 1_000;
/** Entries kept before spent ones are dropped; a flood of new ids cannot grow memory unbounded. */
const MAX_ENTRIES = 50_000;
/** How often idle buckets are deleted, and after how long idle. */
const SWEEP_MS = 60_000;
const IDLE_MS = 3_600_000;

/** The answer, or a rejection once ASK_MS has passed (the answer, when it comes, is dropped). */
function withinAskTime<T>(answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the database did not answer in time')), ASK_MS);
  });
  answer.catch(() => undefined);
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

interface Entry {
  leased: number;
  leasedAt: number;
  refusedUntil: number;
  asking?: Promise<void>;
}

export function createSharedTokenBuckets(opts: {
  name: string;
  ratePerSec: number;
  burst: number;
  clock: Clock;
  store: SharedBuckets;
}): TokenBuckets {
  const { name, ratePerSec, burst, clock, store } = opts;
  const lease = Math.max(1, Math.floor(burst / 20));
  const entries = new Map<string, Entry>();
  let sweptAt = 0;

  function prune(now: number): void {
    for (const [id, e] of entries)
      if (!e.asking && (e.leased < 1 || now - e.leasedAt > LEASE_MS) && now >= e.refusedUntil) entries.delete(id);
    for (const id of entries.keys()) {
      if (entries.size < MAX_ENTRIES) break;
      entries.delete(id);
    }
  }

  function sweep(now: number): void {
    if (now - sweptAt < SWEEP_MS) return;
    sweptAt = now;
    store.dropIdle(now - IDLE_MS).catch(() => undefined);
  }

  function ask(id: string, e: Entry): Promise<void> {
    const now = clock.now().getTime();
    sweep(now);
    // What the row is named by: never a key itself, which the database must not hold in clear.
    const row = `${name}:${createHash('sha256').update(id).digest('base64url')}`;
    e.asking = withinAskTime(store.take(row, lease, { ratePerSec, burst, nowMs: now })).then(
      (got) => {
        e.leased = got.granted;
        e.leasedAt = clock.now().getTime();
        // Left with less than a token: the bucket is empty until the next one is due, without asking again.
        if (got.tokens < 1) e.refusedUntil = clock.now().getTime() + ((1 - got.tokens) / ratePerSec) * 1000;
      },
      () => {
        e.leased = lease;
        e.leasedAt = clock.now().getTime();
      },
    );
    return e.asking.finally(() => {
      e.asking = undefined;
    });
  }

  function take(id: string): Wait | Promise<Wait> {
    const now = clock.now().getTime();
    let e = entries.get(id);
    if (!e) {
      if (entries.size >= MAX_ENTRIES) prune(now);
      e = { leased: 0, leasedAt: now, refusedUntil: 0 };
      entries.set(id, e);
    }
    if (e.leased >= 1 && now - e.leasedAt <= LEASE_MS) {
      e.leased -= 1;
      return undefined;
    }
    if (now < e.refusedUntil) return (e.refusedUntil - now) / 1000;
    // Requests arriving while this instance asks wait for that answer instead of asking again.
    const asked = e.asking ?? ask(id, e);
    return asked.then(() => take(id));
  }

  return { take };
}
