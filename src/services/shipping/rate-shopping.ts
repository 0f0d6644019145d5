/**
 * Rate shopping: one shipment rated with several of the tenant's accounts at once. Every account is
 * resolved first (an unknown one fails the whole request with 404), then rated in parallel, each
 * within the time budget: an account that has not answered by then is listed with carrier_timeout
 * and its carrier call is aborted, so the answer never waits for it. Any other failure of one
 * account is listed too; the others' rates are still answered.
 */
import type { Log } from '../../foundations/logger.js';
import type { Clock } from '../../foundations/clock.js';
import type { CarrierSlug } from '../../carriers/carrier.js';
import { ApiError, toApiError } from '../../domain/errors.js';
import type { ShipmentInput, ShipmentRequestInput } from '../../contract/shipment.js';
import type { ResolvedAccount } from '../accounts/index.js';
import type { CarrierCalls } from '../kernel/index.js';
import { sortRates, type ShoppedRate } from './rate-selection.js';
import { checkShipDate, toShipmentRequest } from '../kernel/index.js';
import { rateFromList, type PriceLists } from '../accounts/index.js';
import { declarations } from '../../carriers/declarations.js';

export interface ShopError {
  shipping_account: string;
  carrier: string;
  error: { code: ApiError['code']; message: string; detail: string };
}

export interface ShopResult {
  rates: ShoppedRate[];
  errors: ShopError[];
  /** The accounts rated, by id: booking the selected rate needs its account's defaults. */
  accounts: ReadonlyMap<string, ResolvedAccount>;
}

/** The members that only steer shopping, off a request; what is left is one account's shipment. */
export type ShipmentBase = Omit<
  ShipmentRequestInput,
  'shipping_accounts' | 'select' | 'deliver_by' | 'validate_address'
>;

/** Runs `work` with an abort signal; past `ms` the signal fires and carrier_timeout is thrown at once. */
export async function withinBudget<T>(
  ms: number,
  slug: CarrierSlug,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(
        new ApiError(
          'carrier_timeout',
          `${slug} did not answer within the rate-shopping budget of ${ms} ms; its call was abandoned`,
          `${slug} rate`,
        ),
      );
    }, ms);
  });
  const running = work(controller.signal);
  // A call that fails after the budget has nobody left to tell.
  running.catch(() => undefined);
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** What refuses a shopping request before any account is looked up. */
export function checkShoppable(input: ShipmentBase): void {
  if (input.carrier !== undefined) {
    throw new ApiError(
      'schema_validation_error',
      'shipment.carrier cannot be combined with shipping_accounts: each account rates with its own carrier',
      'shipment.carrier',
    );
  }
}

export function createRateShopping(deps: {
  calls: CarrierCalls;
  clock: Clock;
  budgetMs: number;
  priceLists: PriceLists;
}) {
  const { calls, clock } = deps;

  async function rateOne(account: ResolvedAccount, input: ShipmentBase, log: Log): Promise<ShoppedRate[]> {
    const target = { test: input.test, debug: input.debug };
    const shipment: ShipmentInput = { ...input, shipping_account: account.id };
    // An uploaded price list prices the account's rates, whatever its carrier can answer.
    const list = await deps.priceLists.uploadedFor(account.tenant, account.id);
    if (list) {
      const listed = rateFromList(
        list,
        toShipmentRequest(shipment, account, declarations[account.carrier], { operation: 'rate', now: clock.now() }),
      );
      return listed.map((r) => ({ ...r, carrier: account.carrier, shipping_account: account.id }));
    }
    const { adapter, call, run } = await calls.prepareFor<'rate'>(account, target, 'rate', log);
    const req = toShipmentRequest(shipment, account, adapter.declaration, { operation: 'rate', now: clock.now() });
    const rates = await withinBudget(deps.budgetMs, account.carrier, (signal) => run({ ...call, signal }, req));
    return rates
      .filter((r) => !req.service || r.service_type === req.service)
      .map((r) => ({ ...r, carrier: account.carrier, shipping_account: account.id }));
  }

  async function shop(tenant: string, input: ShipmentBase, ids: readonly string[], log: Log): Promise<ShopResult> {
    checkShoppable(input);
    // A date in the past is wrong for every account: the request is refused rather than listed N times.
    checkShipDate(input.ship_date, clock.now(), 'shipment.ship_date');
    const unique = [...new Set(ids.map(String))];
    const accounts = await Promise.all(unique.map((id) => calls.resolveAccount(tenant, { shipping_account: id })));
    const outcomes = await Promise.all(
      accounts.map(async (account) => {
        try {
          return { rates: await rateOne(account, input, log) };
        } catch (err) {
          const e = toApiError(err);
          if (e.code === 'unexpected_exception')
            log.error(
              { err, carrier: account.carrier, shipping_account: account.id },
              'rate shopping: an account failed unexpectedly',
            );
          return { error: { shipping_account: account.id, carrier: account.carrier, error: e.toBody().error } };
        }
      }),
    );
    const rates = outcomes.flatMap((o) => o.rates ?? []);
    return {
      rates: sortRates(rates, input.currency ?? 'USD'),
      errors: outcomes.flatMap((o) => (o.error ? [o.error] : [])),
      accounts: new Map(accounts.map((a) => [a.id, a])),
    };
  }

  return { shop };
}

export type RateShopping = ReturnType<typeof createRateShopping>;
