/**
 * Last tracking result per tenant, carrier and number: the database row every instance shares, with
 * a few seconds of it kept in memory so that polling clients cost no database read. Writing a
 * result whose stage or latest checkpoint differs from the stored one records `tracking.updated`
 * in the same transaction, so each change is announced once whoever fetched it.
 */
import type { TrackingResult } from '../../domain/types.js';
import * as repo from '../../storage/repositories/tracking-cache.js';
import { updateShipmentStages } from '../../storage/repositories/shipments.js';
import { recordEvents } from '../kernel/index.js';
import { keyOf, type CachedTracking, type TrackingCacheState } from './cache-deps.js';
import type { CommitOptions } from './group-commit.js';

/** A number's last result and when it was fetched: from memory for a few seconds, else the shared row. */
export async function getCachedTracking(
  deps: TrackingCacheState,
  tenant: string,
  carrier: string,
  number: string,
  test: boolean,
): Promise<CachedTracking | undefined> {
  const { db, clock, memory } = deps;
  const key = keyOf(tenant, carrier, number, test);
  const now = clock.now().getTime();
  const hit = memory.get(key, now);
  if (hit) {
    deps.metrics?.trackingCache('hit');
    return hit;
  }
  const row = await repo.getCached(db, tenant, carrier, number, test);
  deps.metrics?.trackingCache(row ? 'hit' : 'miss');
  if (!row) return undefined;
  const cached = { result: row.result, fetchedAt: Date.parse(row.fetched_at) };
  memory.set(key, cached, now);
  return cached;
}

/** The memory entry alone at `now` (ms), without a promise: the hot path of a repeated /track. */
export function peekCachedTracking(
  deps: TrackingCacheState,
  tenant: string,
  carrier: string,
  number: string,
  test: boolean,
  now: number,
): CachedTracking | undefined {
  const { memory } = deps;
  const hit = memory.get(keyOf(tenant, carrier, number, test), now);
  if (hit) deps.metrics?.trackingCache('hit');
  return hit;
}

/**
 * The results of one carrier call, with the events of those that changed, in one transaction of
 * a few set-wise statements, shared with the other calls that answered in the same turn (group
 * commit): a batch of 1,000 numbers costs a few commits rather than one per number, and each call
 * the same handful of statements whatever its size. `more`: the request has other calls still to
 * answer, and the write may wait for a quiet moment (group-commit.ts).
 */
export async function putTrackingResults(
  deps: TrackingCacheState,
  tenant: string,
  carrier: string,
  test: boolean,
  results: { number: string; result: TrackingResult }[],
  options: CommitOptions = {},
): Promise<void> {
  const { clock, commit, memory } = deps;
  // A number asked twice in one call is written once, with its last answer.
  const latest = new Map(results.map((r) => [r.number, r.result]));
  if (latest.size === 0) return;
  const now = clock.now();
  const rows = [...latest].map(([number, result]) => ({
    tenant,
    carrier,
    tracking_number: number,
    test,
    stage: result.tracking_stage,
    result,
    fetched_at: now.toISOString(),
  }));
  await commit(async (trx) => {
    const before = await repo.storeResults(trx, deps.dialect, rows);
    const changed = [...latest].filter(([number, result]) => {
      const prior = before.get(number);
      return !prior || prior.kind === 'new' || (prior.kind === 'other' && trackingChanged(prior.result, result));
    });
    await recordEvents(
      trx,
      changed.map(([, result]) => ({ tenant, type: 'tracking.updated' as const, data: result, at: now })),
    );
    // GET /shipments?status= filters on the stage the shipment last reached.
    const byStage = new Map<string, string[]>();
    for (const [number, result] of changed)
      byStage.set(result.tracking_stage, [...(byStage.get(result.tracking_stage) ?? []), number]);
    for (const [stage, numbers] of byStage) await updateShipmentStages(trx, tenant, carrier, numbers, stage);
  }, options);
  for (const [number, result] of latest)
    memory.set(keyOf(tenant, carrier, number, test), { result, fetchedAt: now.getTime() }, now.getTime());
}

/** One number's result, as putTrackingResults writes a call's. */
export function putTrackingResult(
  deps: TrackingCacheState,
  tenant: string,
  carrier: string,
  number: string,
  test: boolean,
  result: TrackingResult,
): Promise<void> {
  return putTrackingResults(deps, tenant, carrier, test, [{ number, result }]);
}

/** After a cancellation: what the carrier says about the number has changed. */
export async function forgetTracking(
  deps: TrackingCacheState,
  tenant: string,
  carrier: string,
  number: string,
): Promise<void> {
  const { db, memory } = deps;
  memory.deletePrefix(`${tenant}\n${carrier}\n${number}\n`);
  await repo.forgetCached(db, tenant, carrier, number);
}

/** A change worth announcing: another stage, or another latest checkpoint. */
export function trackingChanged(before: TrackingResult, after: TrackingResult): boolean {
  return (
    before.tracking_stage !== after.tracking_stage ||
    JSON.stringify(before.checkpoints?.[0] ?? null) !== JSON.stringify(after.checkpoints?.[0] ?? null)
  );
}
