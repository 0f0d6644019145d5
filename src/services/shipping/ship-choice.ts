/**
 * What POST /ship books when the request asks more than one account's booking: with
 * `shipping_accounts` and `select`, the selected rate (its account and service); with
 * `validate_address`, the recipient as the carrier corrected it, or nothing when it is invalid or
 * ambiguous. The answer tells what was chosen (`selected_rate`, `address_validation`).
 */
import type { Log } from '../../foundations/logger.js';
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import { ApiError } from '../../domain/errors.js';
import type { AddressValidation } from '../../domain/types.js';
import type { Selection, ShipmentInput, ShipmentRequestInput } from '../../contract/shipment.js';
import type { AddressValidationService } from './address-validation.js';
import { correctedAddress, requireDeliverable } from './address-validation.js';
import { singleAccountShipment } from './rating.js';
import { checkShoppable, type RateShopping, type ShipmentBase } from './rate-shopping.js';
import { selectRate, type ShoppedRate } from './rate-selection.js';
import { defaultPackaging } from '../kernel/index.js';

export interface ShipChoice {
  shipment: ShipmentInput;
  selected_rate?: ShoppedRate;
  address_validation?: AddressValidation;
}

/** A shopping booking's parts, once the members that go with shipping_accounts are checked. */
function shoppingBooking(input: ShipmentRequestInput): {
  ids: string[];
  select: Selection;
  deliver_by: string | undefined;
  base: ShipmentBase;
} {
  const {
    shipping_accounts: ids = [],
    select,
    deliver_by,
    validate_address: _check,
    reject_duplicates: _dup,
    ...base
  } = input;
  if (base.shipping_account !== undefined)
    throw new ApiError(
      'schema_validation_error',
      'send shipping_account or shipping_accounts, not both',
      'shipment.shipping_accounts',
    );
  if (select === undefined)
    throw new ApiError(
      'schema_field_required',
      'shipment.select (cheapest, fastest or best_value) is required to book with shipping_accounts',
      'shipment.select',
    );
  if (base.service !== undefined)
    throw new ApiError(
      'schema_validation_error',
      'shipment.service cannot be combined with shipping_accounts on /ship: the selected rate names the service',
      'shipment.service',
    );
  checkShoppable(base);
  return { ids: ids.map(String), select, deliver_by, base };
}

/**
 * The accounts a /ship request books with (one, or those it shops among), after every check /ship
 * makes before it looks an account up or calls a carrier; throws the error /ship would answer.
 * Batches check their items with it when the batch is posted.
 */
export function bookingAccounts(input: ShipmentRequestInput): string[] {
  return input.shipping_accounts === undefined
    ? [singleAccountShipment(input).shipping_account]
    : shoppingBooking(input).ids;
}

export function createShipChoice(deps: {
  shopping: RateShopping;
  addresses: AddressValidationService;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
}) {
  async function selectBooking(
    tenant: string,
    input: ShipmentRequestInput,
    log: Log,
  ): Promise<{ shipment: ShipmentInput; selected_rate: ShoppedRate }> {
    const { ids, select, deliver_by, base } = shoppingBooking(input);
    const { rates, errors, accounts } = await deps.shopping.shop(tenant, base, ids, log);
    const chosen = selectRate(rates, { select, deliver_by, currency: base.currency ?? 'USD', failed: errors.length });
    const account = accounts.get(chosen.shipping_account)!;
    // Book the packaging the rate quoted: the request's, else what rating defaulted to.
    const packaging = base.packaging ?? defaultPackaging(deps.declarations[account.carrier], account.defaults);
    const shipment: ShipmentInput = {
      ...base,
      shipping_account: account.id,
      service: chosen.service_type,
      ...(packaging !== undefined ? { packaging } : {}),
    };
    return { shipment, selected_rate: chosen };
  }

  async function choose(tenant: string, input: ShipmentRequestInput, log: Log): Promise<ShipChoice> {
    const choice: ShipChoice =
      input.shipping_accounts === undefined
        ? { shipment: singleAccountShipment(input) }
        : await selectBooking(tenant, input, log);
    if (input.validate_address !== true) return choice;
    const { shipment } = choice;
    const target = {
      shipping_account: shipment.shipping_account,
      address: shipment.recipient,
      test: shipment.test,
      debug: shipment.debug,
      carrier: shipment.carrier,
    };
    const checked = await deps.addresses.validate(tenant, target, log);
    requireDeliverable(checked, 'shipment.recipient');
    const recipient =
      checked.status === 'corrected' ? correctedAddress(shipment.recipient, checked) : shipment.recipient;
    return { ...choice, shipment: { ...shipment, recipient }, address_validation: checked };
  }

  return { choose };
}

export type ShipChoiceService = ReturnType<typeof createShipChoice>;
