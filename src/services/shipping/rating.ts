/**
 * POST /rate: estimated cost and transit time for a shipment, per service; with
 * `shipping_accounts`, per service of every account at once (rate-shopping.ts), and with `select`
 * or `deliver_by` the rate chosen among them (rate-selection.ts).
 */
import type { Log } from '../../foundations/logger.js';
import type { Clock } from '../../foundations/clock.js';
import { ApiError } from '../../domain/errors.js';
import type { Rate } from '../../domain/types.js';
import type { ShipmentInput, ShipmentRequestInput } from '../../contract/shipment.js';
import type { CarrierCalls } from '../kernel/index.js';
import type { RateShopping, ShopError } from './rate-shopping.js';
import { selectRate, type ShoppedRate } from './rate-selection.js';
import { toShipmentRequest } from '../kernel/index.js';
import { rateFromList, type PriceLists } from '../accounts/index.js';
import { declarations } from '../../carriers/declarations.js';

export type RateAnswer = { rates: Rate[] } | { rates: ShoppedRate[]; errors: ShopError[]; selected?: ShoppedRate };

/**
 * The one-account shipment of a request that names no `shipping_accounts`; the shopping members
 * need several accounts (a list of one is fine).
 */
export function singleAccountShipment(input: ShipmentRequestInput): ShipmentInput {
  const {
    shipping_accounts: _list,
    select,
    deliver_by,
    validate_address: _check,
    reject_duplicates: _dup,
    shipping_account,
    ...rest
  } = input;
  for (const [name, value] of [
    ['select', select],
    ['deliver_by', deliver_by],
  ] as const) {
    if (value !== undefined)
      throw new ApiError(
        'schema_validation_error',
        `shipment.${name} chooses among the rates of shipping_accounts; send shipping_accounts (a list of one account is fine)`,
        `shipment.${name}`,
      );
  }
  if (shipping_account === undefined)
    throw new ApiError(
      'schema_field_required',
      'shipment.shipping_account (or shipping_accounts, a list of accounts to rate at once) is required',
      'shipment.shipping_account',
    );
  return { ...rest, shipping_account: String(shipping_account) };
}

export function createRatingService(deps: {
  calls: CarrierCalls;
  clock: Clock;
  shopping: RateShopping;
  priceLists: PriceLists;
}) {
  async function rateOne(tenant: string, input: ShipmentInput, log: Log): Promise<{ rates: Rate[] }> {
    const account = await deps.calls.resolveAccount(tenant, input);
    // An uploaded price list prices the account's rates, whatever its carrier can answer.
    const list = await deps.priceLists.uploadedFor(tenant, account.id);
    if (list)
      return {
        rates: rateFromList(
          list,
          toShipmentRequest(input, account, declarations[account.carrier], {
            operation: 'rate',
            now: deps.clock.now(),
          }),
        ),
      };
    const { adapter, call, run } = await deps.calls.prepareFor<'rate'>(account, input, 'rate', log);
    const req = toShipmentRequest(input, account, adapter.declaration, { operation: 'rate', now: deps.clock.now() });
    const rates = await run(call, req);
    // Carriers that cannot filter server-side still answer only for the service asked for.
    return { rates: req.service ? rates.filter((r) => r.service_type === req.service) : rates };
  }

  async function rate(tenant: string, input: ShipmentRequestInput, log: Log): Promise<RateAnswer> {
    // One account is the common case: its shipment is copied once, by singleAccountShipment.
    if (input.shipping_accounts === undefined) return rateOne(tenant, singleAccountShipment(input), log);
    const { shipping_accounts: ids, select, deliver_by, validate_address: _check, ...base } = input;
    if (base.shipping_account !== undefined)
      throw new ApiError(
        'schema_validation_error',
        'send shipping_account or shipping_accounts, not both',
        'shipment.shipping_accounts',
      );
    const { rates, errors } = await deps.shopping.shop(tenant, base, ids, log);
    // deliver_by alone asks for the cheapest rate that arrives in time.
    if (select === undefined && deliver_by === undefined) return { rates, errors };
    const selected = selectRate(rates, {
      select: select ?? 'cheapest',
      deliver_by,
      currency: base.currency ?? 'USD',
      failed: errors.length,
    });
    return { rates, errors, selected };
  }

  return { rate };
}
