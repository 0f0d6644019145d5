/**
 * The tracking cache, the face: binds the dependencies, the memory and the group commit to the use
 * cases of cached-results.ts (getCachedTracking, peekCachedTracking, putTrackingResults,
 * putTrackingResult, forgetTracking).
 */
import { bind } from '../../foundations/bind.js';
import { createTtlCache } from '../../foundations/ttl-cache.js';
import type { CachedTracking, TrackingCacheDeps } from './cache-deps.js';
import {
  forgetTracking,
  getCachedTracking,
  peekCachedTracking,
  putTrackingResult,
  putTrackingResults,
} from './cached-results.js';
import { createGroupCommit } from './group-commit.js';

export type { CachedTracking, TrackingCacheDeps };

export function createTrackingCache(deps: TrackingCacheDeps) {
  const state = {
    ...deps,
    memory: createTtlCache<CachedTracking>({ ttlMs: 5_000 }),
    commit: createGroupCommit(deps.db),
  };
  return {
    get: bind(state, getCachedTracking),
    peek: bind(state, peekCachedTracking),
    put: bind(state, putTrackingResult),
    putMany: bind(state, putTrackingResults),
    forget: bind(state, forgetTracking),
  };
}

export type TrackingCache = ReturnType<typeof createTrackingCache>;
