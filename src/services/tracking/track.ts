/** POST /track, single (from memory when it can be) and batch, and the watch `webhooks: true` asks for. */
import { isTestTrackingNumber } from '../../domain/test-tracking.js';
import type { TrackingResult } from '../../domain/types.js';
import { ApiError, type ErrorBody } from '../../domain/errors.js';
import { TrackBody, type TrackInput } from '../../contract/operations.js';
import { checkerFor } from '../../contract/validator.js';
import type { Log } from '../../foundations/logger.js';
import { watch } from '../../storage/repositories/tracked-shipments.js';
import { resolveAll } from './resolve.js';
import { FRESHNESS_MS, type Outcome, type TrackingState } from './tracking-deps.js';

const checkElement = checkerFor(TrackBody, '');

function present(result: TrackingResult, input: TrackInput): TrackingResult {
  if (input.checkpoints !== false) return result;
  const { checkpoints: _omitted, ...rest } = result;
  return rest as TrackingResult;
}

/** `webhooks: true` asks for background tracking of the number (tracking-poller.ts). */
async function watchRequested(deps: TrackingState, tenant: string, tracked: [TrackInput, Outcome][]): Promise<void> {
  const { clock } = deps;
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

/** What makes a request distinct: a batch fetches each once. */
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
export function fromMemory(deps: TrackingState, tenant: string, input: TrackInput): TrackingResult | undefined {
  const { cache, calls, clock } = deps;
  const number = input.tracking_number.trim();
  if (input.refresh || input.webhooks || isTestTrackingNumber(number)) return undefined;
  const now = clock.now().getTime();
  const account = calls.peekAccount(tenant, input, now);
  if (account === undefined || !calls.supports(account.carrier, 'track')) return undefined;
  const hit = cache.peek(tenant, account.carrier, number, account.test || input.test === true, now);
  return hit && now - hit.fetchedAt < FRESHNESS_MS[hit.result.tracking_stage] ? present(hit.result, input) : undefined;
}

/** What `fromMemory` did not have: the stored result or the carrier's, and the watch it asked for. */
export async function lookUp(
  deps: TrackingState,
  tenant: string,
  input: TrackInput,
  log: Log,
): Promise<TrackingResult> {
  const key = keyOf(input);
  const outcome = (await resolveAll(deps, tenant, new Map([[key, input]]), log)).get(key)!;
  await watchRequested(deps, tenant, [[input, outcome]]);
  if (outcome instanceof ApiError) throw outcome;
  return present(outcome, input);
}

/** POST /track with one number: from memory when it can be, else looked up. */
export async function track(deps: TrackingState, tenant: string, input: TrackInput, log: Log): Promise<TrackingResult> {
  return fromMemory(deps, tenant, input) ?? lookUp(deps, tenant, input, log);
}

/** Array in, array out, same order; a failed element carries its error, the others succeed. */
export async function trackBatch(
  deps: TrackingState,
  tenant: string,
  elements: unknown[],
  log: Log,
): Promise<(TrackingResult | ErrorBody)[]> {
  const slots = elements.map((element, i): { input: TrackInput; key: string } | ApiError => {
    const invalid = checkElement(element);
    if (invalid) return new ApiError(invalid.code, `[${i}].${invalid.message}`, `[${i}].${invalid.detail}`);
    const input = (element as { track: TrackInput }).track;
    return { input, key: keyOf(input) };
  });
  const inputs = new Map<string, TrackInput>();
  for (const s of slots) if (!(s instanceof ApiError)) inputs.set(s.key, s.input);
  const outcomes = await resolveAll(deps, tenant, inputs, log);
  await watchRequested(
    deps,
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
