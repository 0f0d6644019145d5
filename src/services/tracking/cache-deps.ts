/** What the tracking cache's use cases are handed, once, by their face (cache.ts). */
import type { Clock } from '../../foundations/clock.js';
import type { TrackingResult } from '../../domain/types.js';
import type { Metrics } from '../../foundations/metrics.js';
import type { TtlCache } from '../../foundations/ttl-cache.js';
import type { Db, Dialect } from '../../storage/database.js';
import type { createGroupCommit } from './group-commit.js';

export interface CachedTracking {
  result: TrackingResult;
  fetchedAt: number;
}

export interface TrackingCacheDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  metrics?: Metrics;
}

/** The deps, the few seconds of results kept in memory, and the commit a turn's writes share. */
export interface TrackingCacheState extends TrackingCacheDeps {
  memory: TtlCache<CachedTracking>;
  commit: ReturnType<typeof createGroupCommit>;
}

/** The memory's key of a number's result. */
export const keyOf = (tenant: string, carrier: string, number: string, test: boolean) =>
  `${tenant}\n${carrier}\n${number}\n${test}`;
