import type { Log } from '../../foundations/logger.js';

/**
 * Stores what the carrier booked; a failure is logged loudly, since the carrier may bill that label.
 * `store` throws the `declined` it is handed to roll back on purpose (someone else stored this
 * booking first): false then, and nothing is logged.
 */
export async function storeBooked(
  log: Log,
  record: { shipment: { carrier: string; tracking_number: string | null } },
  store: (declined: Error) => Promise<void>,
): Promise<boolean> {
  const declined = new Error('declined');
  try {
    await store(declined);
    return true;
  } catch (err) {
    if (err === declined) return false;
    log.error(
      { err, carrier: record.shipment.carrier, tracking_number: record.shipment.tracking_number },
      'booked with the carrier but could not store the shipment',
    );
    throw err;
  }
}
