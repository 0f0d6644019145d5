/**
 * The tracking pipeline (tracking.ts): each distinct request answered locally when it can be, the
 * rest fetched from the carriers grouped per account, in calls as large as each carrier takes.
 */
import { isTestTrackingNumber, testTrackingResult } from '../../domain/test-tracking.js';
import type { TrackingResult } from '../../domain/types.js';
import { ApiError, toApiError } from '../../domain/errors.js';
import type { TrackInput } from '../../contract/operations.js';
import type { Log } from '../../foundations/logger.js';
import { withCarrierDetail, type PreparedCall } from '../kernel/index.js';
import { followReturns } from './returns-follow.js';
import { FRESHNESS_MS, type Outcome, type TrackingState } from './tracking-deps.js';

/** Numbers of one account that still need the carrier. */
interface Group {
  prepared: PreparedCall<'track'>;
  items: { key: string; number: string }[];
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Phase 1: the answer without a carrier call, or the group this number must be fetched in. */
async function answerLocally(
  deps: TrackingState,
  tenant: string,
  input: TrackInput,
  number: string,
  prepare: (input: TrackInput) => Promise<PreparedCall<'track'>>,
): Promise<Outcome | PreparedCall<'track'>> {
  const { cache, calls, clock } = deps;
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

/** How many numbers one call of the group's carrier takes. */
function callSize({ prepared: { adapter } }: Group): number {
  return adapter.trackMany ? (adapter.declaration.trackBatchSize ?? 1) : 1;
}

/** How many carrier calls fetch the group's numbers. */
function callsOf(group: Group): number {
  return Math.ceil(group.items.length / callSize(group));
}

/**
 * Phase 2: one group's numbers from its carrier, in calls as large as the carrier takes. `pending`
 * counts the request's calls not answered yet, every group's: while some are, a call's results may
 * be written at a quiet moment rather than while the others' answers arrive.
 */
async function fetchGroup(
  deps: TrackingState,
  tenant: string,
  group: Group,
  outcomes: Map<string, Outcome>,
  pending: { calls: number },
): Promise<void> {
  const { prepared } = group;
  const { adapter, account, call } = prepared;
  const limiter = deps.limiterFor(account.carrier);
  const size = callSize(group);
  const fetchChunk = async (items: Group['items']): Promise<Outcome[]> => {
    const numbers = items.map((i) => i.number);
    try {
      if (adapter.trackMany && numbers.length > 1) {
        // The slot goes to the next call as soon as this one's answer is read (CarrierCall.answered).
        const results = await limiter.run((release) => adapter.trackMany!({ ...call, answered: release }, numbers));
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
      const more = --pending.calls > 0;
      await deps.cache.putMany(tenant, account.carrier, call.test, fetched, { more });
      await followReturns(deps, tenant, account.carrier, fetched);
    }),
  );
}

/** Answers for distinct inputs, keyed by what makes a request distinct. */
export async function resolveAll(
  deps: TrackingState,
  tenant: string,
  inputs: Map<string, TrackInput>,
  log: Log,
): Promise<Map<string, Outcome>> {
  const { calls } = deps;
  const outcomes = new Map<string, Outcome>();
  const groups = new Map<string, Group>();
  // One account lookup per account and flags, however many numbers name it.
  const preparedCalls = new Map<string, Promise<PreparedCall<'track'>>>();
  const prepare = (input: TrackInput) => {
    const id = JSON.stringify([input.shipping_account, input.carrier ?? '', input.test ?? null, input.debug ?? false]);
    let p = preparedCalls.get(id);
    if (!p) preparedCalls.set(id, (p = calls.prepare<'track'>(tenant, input, 'track', log)));
    return p;
  };
  await Promise.all(
    [...inputs].map(async ([key, input]) => {
      const number = input.tracking_number.trim();
      try {
        const local = await answerLocally(deps, tenant, input, number, prepare);
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
  const pending = { calls: 0 };
  for (const g of groups.values()) pending.calls += callsOf(g);
  await Promise.all([...groups.values()].map((g) => fetchGroup(deps, tenant, g, outcomes, pending)));
  return outcomes;
}
