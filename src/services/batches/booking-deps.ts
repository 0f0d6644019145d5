/** What booking a batch item is handed, once, by its face (booking.ts), and what its two halves share. */
import type { Clock } from '../../foundations/clock.js';
import type { ShipmentRequestInput } from '../../contract/shipment.js';
import type { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import * as repo from '../../storage/repositories/batches.js';
import type { Log } from '../../foundations/logger.js';
import { bookingReference, type BookingLookup } from '../kernel/index.js';
import type { BookingExtras, PreparedBooking, createShippingService } from '../shipping/index.js';

export interface BatchBookingDeps {
  db: Db;
  clock: Clock;
  shipping: ReturnType<typeof createShippingService>;
  lookup: BookingLookup;
  labelBaseUrl: string;
}

export type BookOutcome =
  | { kind: 'booked'; next: repo.BatchItemRow[] }
  | { kind: 'failed' }
  | { kind: 'throttled'; retryAfterMs?: number }
  | { kind: 'lost' };

/** An item's error as it is stored and shown. */
export const errorOf = (e: ApiError): repo.ItemError => ({ code: e.code, message: e.message, detail: e.detail });

export const INTERRUPTED = 'interrupted';

/**
 * Whether booking the item first calls a carrier for something else (rates, an address check).
 * Its idempotency record is then written after those calls rather than with its claim.
 */
export function callsBeforeBooking(
  input: Pick<ShipmentRequestInput, 'shipping_accounts' | 'validate_address'>,
): boolean {
  return input.shipping_accounts !== undefined || input.validate_address === true;
}

/** The shipment an item books. */
export const itemShipment = (item: Pick<repo.BatchItemRow, 'input'>): ShipmentRequestInput =>
  repo.itemInput(item) as ShipmentRequestInput;

/**
 * The item's shipment chosen (rated first when it names several accounts) and prepared for booking
 * under the item's own reference, the one a lookup at the carrier finds it by.
 */
export async function prepareItem(
  deps: Pick<BatchBookingDeps, 'shipping'>,
  item: repo.BatchItemRow,
  input: ShipmentRequestInput,
  log: Log,
): Promise<{ prepared: PreparedBooking; extras: BookingExtras }> {
  const { shipment, ...extras } = await deps.shipping.choose(item.tenant, input, log);
  const reference = bookingReference(item.tenant, repo.itemKey(item));
  return { prepared: await deps.shipping.prepareBooking(item.tenant, shipment, log, reference), extras };
}
