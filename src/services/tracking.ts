/**
 * POST /track, single and batch. Results are cached per tenant, carrier and number with a freshness
 * that depends on the stage; a batch fetches each distinct number once and keeps at most
 * `concurrency` calls in flight per carrier, so one slow carrier never holds up another.
 */
import type { Kysely } from 'kysely';
import type { Log } from '../logger.js';
import type { CarrierSlug } from '../carriers/carrier.js';
import type { Clock } from '../clock.js';
import { isTestTrackingNumber, testTrackingResult } from '../domain/test-tracking.js';
import type { TrackingResult, TrackingStage } from '../domain/types.js';
import { ApiError, toApiError, type ErrorBody } from '../http/errors.js';
import { TrackBody, type TrackInput } from '../http/schemas/operations.js';
import { checkerFor } from '../http/schemas/validator.js';
import { getCached, putCached } from '../storage/repositories/tracking-cache.js';
import type { Tables } from '../storage/tables.js';
import type { CarrierCalls } from './carrier-calls.js';
import { createLimiter, type Limiter } from './limiter.js';

const MINUTE = 60_000;
/** How long a result stays fresh by stage: final stages barely change, moving ones do. */
export const FRESHNESS_MS: Record<TrackingStage, number> = {
  CREATION_PENDING: 30 * MINUTE,
  CREATED: 30 * MINUTE,
  PICKED_UP: 15 * MINUTE,
  IN_TRANSIT: 15 * MINUTE,
  OUT_FOR_DELIVERY: 5 * MINUTE,
  DRIVER_ASSIGNED: 5 * MINUTE,
  CHECKED_IN: 15 * MINUTE,
  EXCEPTION: 15 * MINUTE,
  DELIVERED: 24 * 60 * MINUTE,
  SHIPMENT_VOIDED: 24 * 60 * MINUTE,
};

export interface TrackingDeps {
  db: Kysely<Tables>;
  calls: CarrierCalls;
  clock: Clock;
  /** Carrier calls in flight per carrier during a batch. */
  concurrency: number;
}

const checkElement = checkerFor(TrackBody, '');

function present(result: TrackingResult, input: TrackInput): TrackingResult {
  if (input.checkpoints !== false) return result;
  const { checkpoints: _omitted, ...rest } = result;
  return rest as TrackingResult;
}

export function createTrackingService(deps: TrackingDeps) {
  const { db, calls, clock } = deps;
  const limiters = new Map<CarrierSlug, Limiter>();
  const limiterFor = (slug: CarrierSlug) => {
    let l = limiters.get(slug);
    if (!l) limiters.set(slug, (l = createLimiter(deps.concurrency)));
    return l;
  };

  async function fetchOne(tenant: string, input: TrackInput, log: Log): Promise<TrackingResult> {
    const number = input.tracking_number.trim();
    // Test numbers answer for every carrier, even one whose tracking is not available here.
    if (isTestTrackingNumber(number)) return testTrackingResult((await calls.resolveAccount(tenant, input)).carrier, number, clock.now());
    const { account, call, run } = await calls.prepare<'track'>(tenant, input, 'track', log);
    if (!input.refresh) {
      const hit = await getCached(db, tenant, account.carrier, number, call.test);
      if (hit && clock.now().getTime() - Date.parse(hit.fetched_at) < FRESHNESS_MS[hit.stage as TrackingStage]) return JSON.parse(hit.result) as TrackingResult;
    }
    const result = await limiterFor(account.carrier).run(() => run(call, number));
    await putCached(db, { tenant, carrier: account.carrier, tracking_number: number, test: call.test ? 1 : 0, stage: result.tracking_stage, result: JSON.stringify(result), fetched_at: clock.now().toISOString() });
    return result;
  }

  async function track(tenant: string, input: TrackInput, log: Log): Promise<TrackingResult> {
    return present(await fetchOne(tenant, input, log), input);
  }

  /** Array in, array out, same order; a failed element carries its error, the others succeed. */
  async function trackBatch(tenant: string, elements: unknown[], log: Log): Promise<(TrackingResult | ErrorBody)[]> {
    const inflight = new Map<string, Promise<TrackingResult>>();
    return Promise.all(
      elements.map(async (element, i): Promise<TrackingResult | ErrorBody> => {
        try {
          const invalid = checkElement(element);
          if (invalid) throw new ApiError(invalid.code, `[${i}].${invalid.message}`, `[${i}].${invalid.detail}`);
          const input = (element as { track: TrackInput }).track;
          // Duplicates in one batch are fetched once; `checkpoints` only shapes the answer.
          const key = JSON.stringify([input.shipping_account, input.tracking_number.trim(), input.carrier ?? '', input.test ?? null, input.refresh ?? false]);
          let pending = inflight.get(key);
          if (!pending) inflight.set(key, (pending = fetchOne(tenant, input, log)));
          return present(await pending, input);
        } catch (err) {
          const apiErr = toApiError(err);
          if (apiErr.code === 'unexpected_exception') log.error({ err, index: i }, 'batch track element failed');
          return apiErr.toBody();
        }
      }),
    );
  }

  return { track, trackBatch };
}
