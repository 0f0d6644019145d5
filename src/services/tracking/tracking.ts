/**
 * POST /track, single and batch, through one pipeline:
 *   1. each distinct request is answered locally when it can be: a test number, or a cached result
 *      younger than its stage's freshness (unless `refresh`);
 *   2. the rest go to the carriers grouped per account, several numbers per call where the carrier
 *      allows it, with at most `concurrency` calls in flight per carrier, so a slow carrier holds up
 *      only its own numbers.
 * Duplicates in one batch are fetched once; a failed element carries its error in its slot.
 *
 * The face binds the dependencies to the use cases, each a named function of its own: track,
 * trackBatch, fromMemory and lookUp (track.ts), over resolveAll (resolve.ts).
 */
import type { CarrierSlug } from '../../carriers/carrier.js';
import { bind } from '../../foundations/bind.js';
import { createLimiter, type Limiter } from '../../foundations/limiter.js';
import { fromMemory, lookUp, track, trackBatch } from './track.js';
import type { TrackingDeps, TrackingState } from './tracking-deps.js';

export type { TrackingDeps };

export function createTrackingService(deps: TrackingDeps) {
  // At most `concurrency` calls in flight per carrier, so a slow carrier holds up only its own numbers.
  const limiters = new Map<CarrierSlug, Limiter>();
  const limiterFor = (slug: CarrierSlug) => {
    let l = limiters.get(slug);
    if (!l) limiters.set(slug, (l = createLimiter(deps.concurrency)));
    return l;
  };
  const state: TrackingState = { ...deps, limiterFor };
  return {
    track: bind(state, track),
    trackBatch: bind(state, trackBatch),
    fromMemory: bind(state, fromMemory),
    lookUp: bind(state, lookUp),
  };
}
