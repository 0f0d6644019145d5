/**
 * POST /track, single and batch, through one pipeline:
 *   1. each distinct request is answered locally when it can be: a test number, or a cached result
 *      younger than its stage's freshness (unless `refresh`);
 *   2. the rest go to the carriers grouped per account, several numbers per call where the carrier
 *      allows it, with at most `concurrency` calls in flight per carrier, so a slow carrier holds up
 *      only its own numbers.
 * Duplicates in one batch are fetched once; a failed element carries its error in its slot.
 */
import type { CarrierSlug } from '../../carriers/carrier.js';
import type { Clock } from '../../foundations/clock.js';
import { isTestTrackingNumber, testTrackingResult } from '../../domain/test-tracking.js';
import type { TrackingResult, TrackingStage } from '../../domain/types.js';
import { ApiError, toApiError, type ErrorBody } from '../../domain/errors.js';
import { TrackBody, type TrackInput } from '../../contract/operations.js';
import { checkerFor } from '../../contract/validator.js';
import type { Log } from '../../foundations/logger.js';
import type { Db } from '../../storage/database.js';
import { watch } from '../../storage/repositories/tracked-shipments.js';
import { withCarrierDetail, type CarrierCalls, type PreparedCall, type UsageCounter } from '../kernel/index.js';
import { createLimiter, type Limiter } from '../../foundations/limiter.js';
import type { TrackingCache } from './cache.js';
import { followReturns } from './returns-follow.js';

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
  db: Db;
  cache: TrackingCache;
  calls: CarrierCalls;
  clock: Clock;
  /** Carrier calls in flight per carrier. */
  concurrency: number;
  /** Counts the numbers asked of carriers, per tenant (GET /usage). */
  usage?: UsageCounter;
}

type Outcome = TrackingResult | ApiError;

/** Numbers of one account that still need the carrier. */
interface Group {
  prepared: PreparedCall<'track'>;
  items: { key: string; number: string }[];
}

const checkElement = checkerFor(TrackBody, '');

function present(result: TrackingResult, input: TrackInput): TrackingResult {
  if (input.checkpoints !== false) return result;
  const { checkpoints: _omitted, ...rest } = result;
  return rest as TrackingResult;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function createTrackingService(deps: TrackingDeps) {
  const { cache, calls, clock } = deps;
  const limiters = new Map<CarrierSlug, Limiter>();
  const limiterFor = (slug: CarrierSlug) => {
    let l = limiters.get(slug);
    if (!l) limiters.set(slug, (l = createLimiter(deps.concurrency)));
    return l;
  };

  /** Phase 1: the answer without a carrier call, or the group this number must be fetched in. */
  async function answerLocally(
    tenant: string,
    input: TrackInput,
    number: string,
    prepare: (input: TrackInput) => Promise<PreparedCall<'track'>>,
  ): Promise<Outcome | PreparedCall<'track'>> {
    // Test numbers answer for every carrier, even one whose tracking is not available here.
    if (isTestTrackingNumber(number))
      return testTrackingResult((await calls.resolveAccount(tenant, input)).carrier, number, clock.now());
    const prepared = await prepare(input);
    if (!input.refresh) {
      const hit = await cache.get(tenant, prepared.account.carrier, number, prepared.call.test);
      if (hit && clock.now().getTime() - hit.fetchedAt < FRESHNESS_MS[hit.result.tracking_stage]) return hit.result;
    }
    return prepared;
  }

  /** Phase 2: one group's numbers from its carrier, in calls as large as the carrier takes. */
  async function fetchGroup(tenant: string, group: Group, outcomes: Map<string, Outcome>): Promise<void> {
    const { prepared } = group;
    const { adapter, account, call } = prepared;
    const limiter = limiterFor(account.carrier);
    const size = adapter.trackMany ? (adapter.declaration.trackBatchSize ?? 1) : 1;
    const fetchChunk = async (items: Group['items']): Promise<Outcome[]> => {
      const numbers = items.map((i) => i.number);
      try {
        if (adapter.trackMany && numbers.length > 1) {
          const results = await limiter.run(() => adapter.trackMany!(call, numbers));
          return results.map((r) =>
            r instanceof ApiError ? toApiError(withCarrierDetail(r, account.carrier, 'track')) : r,
          );
        }
        return [await limiter.run(() => prepared.run(call, numbers[0]!))];
      } catch (err) {
        return numbers.map(() => toApiError(withCarrierDetail(err, account.carrier, 'track')));
      }
    };
    await Promise.all(
      chunks(group.items, size).map(async (items) => {
        deps.usage?.trackingCalls(tenant, account.carrier, items.length);
        const results = await fetchChunk(items);
        const fetched: { number: string; result: TrackingResult }[] = [];
        items.forEach((item, i) => {
          const outcome =
            results[i] ??
            new ApiError(
              'carrier_http_exception',
              `${account.carrier} returned no result for ${item.number}`,
              item.number,
            );
          outcomes.set(item.key, outcome);
          if (!(outcome instanceof ApiError)) fetched.push({ number: item.number, result: outcome });
        });
        await cache.putMany(tenant, account.carrier, call.test, fetched);
        await followReturns(deps, tenant, account.carrier, fetched);
      }),
    );
  }

  /** Answers for distinct inputs, keyed by what makes a request distinct. */
  async function resolveAll(tenant: string, inputs: Map<string, TrackInput>, log: Log): Promise<Map<string, Outcome>> {
    const outcomes = new Map<string, Outcome>();
    const groups = new Map<string, Group>();
    // One account lookup per account and flags, however many numbers name it.
    const preparedCalls = new Map<string, Promise<PreparedCall<'track'>>>();
    const prepare = (input: TrackInput) => {
      const id = JSON.stringify([
        input.shipping_account,
        input.carrier ?? '',
        input.test ?? null,
        input.debug ?? false,
      ]);
      let p = preparedCalls.get(id);
      if (!p) preparedCalls.set(id, (p = calls.prepare<'track'>(tenant, input, 'track', log)));
      return p;
    };
    await Promise.all(
      [...inputs].map(async ([key, input]) => {
        const number = input.tracking_number.trim();
        try {
          const local = await answerLocally(tenant, input, number, prepare);
          if (!('run' in local)) return void outcomes.set(key, local);
          const groupId = JSON.stringify([local.account.id, local.call.test, local.call.debug]);
          let group = groups.get(groupId);
          if (!group) groups.set(groupId, (group = { prepared: local, items: [] }));
          group.items.push({ key, number });
        } catch (err) {
          outcomes.set(key, toApiError(err));
        }
      }),
    );
    await Promise.all([...groups.values()].map((g) => fetchGroup(tenant, g, outcomes)));
    return outcomes;
  }

  /** `webhooks: true` asks for background tracking of the number (tracking-poller.ts). */
  async function watchRequested(tenant: string, tracked: [TrackInput, Outcome][]): Promise<void> {
    const now = clock.now().toISOString();
    for (const [input, outcome] of tracked) {
      const number = input.tracking_number.trim();
      if (!input.webhooks || outcome instanceof ApiError || isTestTrackingNumber(number)) continue;
      await watch(
        deps.db,
        {
          tenant,
          shipping_account_id: input.shipping_account,
          tracking_number: number,
          carrier: outcome.carrier,
          test: input.test === true,
        },
        now,
      );
    }
  }

  const keyOf = (input: TrackInput) =>
    JSON.stringify([
      input.shipping_account,
      input.tracking_number.trim(),
      input.carrier ?? '',
      input.test ?? null,
      input.refresh ?? false,
      input.debug ?? false,
    ]);

  /**
   * A fresh result held in memory, found without a promise or a database read when the account is
   * in memory too: most /track calls are clients polling a number they asked about seconds ago.
   * Undefined when the answer needs more than memory (`lookUp` then finds it).
   */
  function fromMemory(tenant: string, input: TrackInput): TrackingResult | undefined {
    const number = input.tracking_number.trim();
    if (input.refresh || input.webhooks || isTestTrackingNumber(number)) return undefined;
    const now = clock.now().getTime();
    const account = calls.peekAccount(tenant, input, now);
    if (account === undefined || !calls.supports(account.carrier, 'track')) return undefined;
    const hit = cache.peek(tenant, account.carrier, number, account.test || input.test === true, now);
    return hit && now - hit.fetchedAt < FRESHNESS_MS[hit.result.tracking_stage]
      ? present(hit.result, input)
      : undefined;
  }

  /** What `fromMemory` did not have: the stored result or the carrier's, and the watch it asked for. */
  async function lookUp(tenant: string, input: TrackInput, log: Log): Promise<TrackingResult> {
    const key = keyOf(input);
    const outcome = (await resolveAll(tenant, new Map([[key, input]]), log)).get(key)!;
    await watchRequested(tenant, [[input, outcome]]);
    if (outcome instanceof ApiError) throw outcome;
    return present(outcome, input);
  }

  async function track(tenant: string, input: TrackInput, log: Log): Promise<TrackingResult> {
    return fromMemory(tenant, input) ?? lookUp(tenant, input, log);
  }

  /** Array in, array out, same order; a failed element carries its error, the others succeed. */
  async function trackBatch(tenant: string, elements: unknown[], log: Log): Promise<(TrackingResult | ErrorBody)[]> {
    const slots = elements.map((element, i): { input: TrackInput; key: string } | ApiError => {
      const invalid = checkElement(element);
      if (invalid) return new ApiError(invalid.code, `[${i}].${invalid.message}`, `[${i}].${invalid.detail}`);
      const input = (element as { track: TrackInput }).track;
      return { input, key: keyOf(input) };
    });
    const inputs = new Map<string, TrackInput>();
    for (const s of slots) if (!(s instanceof ApiError)) inputs.set(s.key, s.input);
    const outcomes = await resolveAll(tenant, inputs, log);
    await watchRequested(
      tenant,
      [...inputs].map(([key, input]) => [input, outcomes.get(key)!]),
    );
    return slots.map((s, i) => {
      const outcome = s instanceof ApiError ? s : outcomes.get(s.key)!;
      if (!(outcome instanceof ApiError)) return present(outcome, (s as { input: TrackInput }).input);
      if (outcome.code === 'unexpected_exception')
        log.error({ err: outcome.cause, index: i }, 'batch track element failed');
      return outcome.toBody();
    });
  }

  return { track, trackBatch, fromMemory, lookUp };
}
