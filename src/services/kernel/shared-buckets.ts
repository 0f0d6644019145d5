/**
 * The request-rate buckets every instance shares through the database (PostgreSQL): the HTTP
 * layer's throttle (http/shared-buckets.ts) leases tokens from them without knowing the storage.
 */
import type { Db } from '../../storage/database.js';
import { dropIdle, takeTokens, type Take } from '../../storage/repositories/rate-limits.js';

export type { Take };

export interface SharedBuckets {
  /** Refills bucket `id` and takes `want` tokens from it, or one, or none (storage/repositories/rate-limits.ts). */
  take(id: string, want: number, opts: { ratePerSec: number; burst: number; nowMs: number }): Promise<Take>;
  /** Drops buckets nobody took from since `beforeMs`. */
  dropIdle(beforeMs: number): Promise<void>;
}

export function createSharedBuckets(db: Db): SharedBuckets {
  return {
    take: (id, want, opts) => takeTokens(db, id, want, opts),
    dropIdle: (beforeMs) => dropIdle(db, beforeMs),
  };
}
