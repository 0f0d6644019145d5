/**
 * Last tracking result per tenant, carrier and number: the database row every instance shares, with
 * a few seconds of it kept in memory so that polling clients cost no database read. Writing a
 * result whose stage or latest checkpoint differs from the stored one records `tracking.updated`
 * in the same transaction, so each change is announced once whoever fetched it.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { TrackingResult } from '../domain/types.js';
import type { Metrics } from '../metrics.js';
import * as repo from '../storage/repositories/tracking-cache.js';
import type { Tables } from '../storage/tables.js';
import { recordEvent } from './events.js';
import { updateShipmentStage } from '../storage/repositories/shipments.js';
import { createTtlCache } from '../ttl-cache.js';

export interface CachedTracking {
  result: TrackingResult;
  fetchedAt: number;
}

export function createTrackingCache(deps: { db: Kysely<Tables>; clock: Clock; metrics?: Metrics }) {
  const { db, clock } = deps;
  const memory = createTtlCache<CachedTracking>({ ttlMs: 5_000 });
  const keyOf = (tenant: string, carrier: string, number: string, test: boolean) => `${tenant}\n${carrier}\n${number}\n${test ? 1 : 0}`;

  async function get(tenant: string, carrier: string, number: string, test: boolean): Promise<CachedTracking | undefined> {
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
    const cached = { result: JSON.parse(row.result) as TrackingResult, fetchedAt: Date.parse(row.fetched_at) };
    memory.set(key, cached, now);
    return cached;
  }

  /** The memory entry alone, without a promise: the hot path of a repeated /track. */
  function peek(tenant: string, carrier: string, number: string, test: boolean): CachedTracking | undefined {
    const hit = memory.get(keyOf(tenant, carrier, number, test), clock.now().getTime());
    if (hit) deps.metrics?.trackingCache('hit');
    return hit;
  }

  /**
   * The results of one carrier call, with the events of those that changed, in one transaction: a
   * batch of 1,000 numbers commits once per carrier call rather than once per number.
   */
  async function putMany(tenant: string, carrier: string, test: boolean, results: { number: string; result: TrackingResult }[]): Promise<void> {
    if (results.length === 0) return;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      for (const { number, result } of results) {
        const row = { tenant, carrier, tracking_number: number, test: test ? 1 : 0, stage: result.tracking_stage, result: JSON.stringify(result), fetched_at: now.toISOString() };
        let changed = await repo.insertIfAbsent(trx, row);
        if (!changed) {
          const before = await repo.getCachedForUpdate(trx, tenant, carrier, number, test);
          changed = !before || trackingChanged(JSON.parse(before.result) as TrackingResult, result);
          await repo.putCached(trx, row);
        }
        if (changed) {
          await recordEvent(trx, { tenant, type: 'tracking.updated', data: result, at: now });
          // GET /shipments?status= filters on the stage the shipment last reached.
          await updateShipmentStage(trx, tenant, carrier, number, result.tracking_stage);
        }
      }
    });
    for (const { number, result } of results) memory.set(keyOf(tenant, carrier, number, test), { result, fetchedAt: now.getTime() }, now.getTime());
  }

  const put = (tenant: string, carrier: string, number: string, test: boolean, result: TrackingResult) => putMany(tenant, carrier, test, [{ number, result }]);

  /** After a cancellation: what the carrier says about the number has changed. */
  async function forget(tenant: string, carrier: string, number: string): Promise<void> {
    memory.deletePrefix(`${tenant}\n${carrier}\n${number}\n`);
    await repo.forgetCached(db, tenant, carrier, number);
  }

  return { get, peek, put, putMany, forget };
}

/** A change worth announcing: another stage, or another latest checkpoint. */
export function trackingChanged(before: TrackingResult, after: TrackingResult): boolean {
  return before.tracking_stage !== after.tracking_stage || JSON.stringify(before.checkpoints?.[0] ?? null) !== JSON.stringify(after.checkpoints?.[0] ?? null);
}

export type TrackingCache = ReturnType<typeof createTrackingCache>;
