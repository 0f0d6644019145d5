/** The batch queue's tables (services/batches/worker.ts claims, leases and settles their rows through repositories/batch-queue.ts). */

export interface BatchesTable {
  id: string;
  tenant: string;
  /** queued | in_progress | completed | completed_with_errors | cancelled */
  status: string;
  reference: string | null;
  label_type: string | null;
  /** json | csv */
  source: string;
  total: number;
  created_at: string;
  completed_at: string | null;
}

/** One shipment of a batch: the queue row the batch worker claims, leases and settles. */
export interface BatchItemsTable {
  batch_id: string;
  /** Position in the batch, from 0. */
  idx: number;
  tenant: string;
  /** CSV line number (the header is line 1); null for JSON batches. */
  row: number | null;
  reference: string | null;
  /**
   * The worker's lane, resolved when the batch is made: the account's carrier, or for a rate-shopping
   * item over several carriers the shopping lane (services/batches/lanes.ts); null when the item failed before.
   */
  carrier: string | null;
  /** The /ship shipment, JSON. */
  input: string;
  /** queued | in_progress | booked | failed | cancelled */
  status: string;
  /** Booking attempts made (retry starts a new one); part of the item's idempotency key. */
  attempt: number;
  queued_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  shipment_id: string | null;
  /** Package label ids in package order, JSON. */
  label_ids: string | null;
  /** {code, message, detail}, JSON. */
  error: string | null;
  updated_at: string;
}
