/**
 * A new batch's items checked one by one, as /ship checks a shipment: an element that is not a valid
 * shipment, or books with an account that is not the tenant's, fails itself and the others go on.
 */
import { ShipmentRequestInput } from '../../contract/shipment.js';
import { checkerFor } from '../../contract/validator.js';
import { ApiError, toApiError } from '../../domain/errors.js';
import type { AccountsService, ResolvedAccount } from '../accounts/index.js';
import { bookingAccounts } from '../shipping/index.js';
import { csvItemError, type NewItem } from './csv-items.js';
import { failedInputJson, referenceOf } from './input.js';
import { laneOf } from './lanes.js';

const checkShipment = checkerFor(ShipmentRequestInput, 'shipment');

export interface CheckedItem {
  error: ApiError | undefined;
  lane: string | null;
  reference: string | null;
}

/**
 * Each item parsed from its text and written back as checked (the check fills defaults and coerces
 * types), so that the batch is held as 10,000 strings, never as 10,000 shipments' objects. `slice`
 * gives the event loop its turns: checking 10,000 shipments at once held it for a second.
 */
export async function checkItems(
  accounts: AccountsService,
  tenant: string,
  items: NewItem[],
  labelType: string | undefined,
  slice: () => Promise<void>,
): Promise<CheckedItem[]> {
  const resolving = new Map<string, Promise<ResolvedAccount | ApiError>>();
  const accountOf = (ref: string) => {
    let p = resolving.get(ref);
    if (!p) resolving.set(ref, (p = accounts.resolve(tenant, ref).catch((err: unknown) => toApiError(err))));
    return p;
  };
  // Every account the item books with (its one, or those it shops among) must be the tenant's, as on /ship.
  const accountsOf = async (input: ShipmentRequestInput): Promise<ResolvedAccount[] | ApiError> => {
    let refs;
    try {
      refs = bookingAccounts(input);
    } catch (err) {
      return toApiError(err);
    }
    const resolved = [];
    for (const ref of new Set(refs)) {
      const account = await accountOf(ref);
      if (account instanceof ApiError) return account;
      resolved.push(account);
    }
    return resolved;
  };
  const checked: CheckedItem[] = [];
  for (const item of items) {
    await slice();
    const input = JSON.parse(item.text) as Record<string, unknown>;
    if (labelType !== undefined && input.label_type === undefined && !item.error) input.label_type = labelType;
    let error = item.error ?? checkShipment(input);
    let lane: string | null = null;
    if (!error) {
      const resolved = await accountsOf(input as ShipmentRequestInput);
      if (resolved instanceof ApiError) error = resolved;
      else lane = laneOf(resolved.map((a) => a.carrier));
    }
    if (error && item.row !== undefined) error = csvItemError(error, item.row);
    // A text the check left as it was stays the one string the request holds too.
    const text = error ? failedInputJson(input) : JSON.stringify(input);
    if (text !== item.text) item.text = text;
    checked.push({ error, lane, reference: item.reference ?? referenceOf(input) });
  }
  return checked;
}
