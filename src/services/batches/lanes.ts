/**
 * The lane of a batch item: the queue of the batch worker it is claimed from, stored in the item's
 * `carrier` column. Each lane has `WAYBILL_BATCH_CONCURRENCY` slots per process and backs off alone
 * when its bookings are throttled.
 *
 * An item with one `shipping_account` (or a `shipping_accounts` list of one carrier's accounts)
 * talks to one carrier only: its lane is that carrier's. A rate-shopping item over several carriers
 * cannot know which carrier books it until it is rated, and holding a slot of every carrier it
 * rates with would let one slow carrier stall another's single-carrier items; such items share one
 * lane of their own, SHOPPING_LANE. A slow carrier then holds at most its own slots and the
 * shopping lane's (rates end within the rate-shop budget, so mostly its bookings), never another
 * carrier's. The price: a carrier may see its own lane's calls plus the shopping lane's in flight.
 */
export const SHOPPING_LANE = 'shopping';

/** The lane of an item booked with accounts of these carriers. */
export function laneOf(carriers: readonly string[]): string {
  const distinct = new Set(carriers);
  return distinct.size === 1 ? carriers[0]! : SHOPPING_LANE;
}
