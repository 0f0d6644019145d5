/**
 * A batch and its items as the repositories hand them out: statuses typed, an item's label ids and
 * error decoded from their JSON columns here and nowhere else (the batch repositories encode them).
 */
import type { BatchesTable, BatchItemsTable } from '../tables.js';

export const ITEM_STATUSES = ['queued', 'in_progress', 'booked', 'failed', 'cancelled'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export type Counts = Record<ItemStatus, number> & { total: number };

export type BatchStatus = 'queued' | 'in_progress' | 'completed' | 'completed_with_errors' | 'cancelled';

export interface BatchRow {
  id: string;
  tenant: string;
  status: BatchStatus;
  reference: string | null;
  label_type: string | null;
  source: 'json' | 'csv';
  total: number;
  created_at: string;
  completed_at: string | null;
}

/** Why an item failed, as the API shows it. */
export interface ItemError {
  code: string;
  message: string;
  detail: string;
}

/** One shipment of a batch: the queue entry the batch worker claims, leases and settles. */
export interface BatchItemRow {
  batch_id: string;
  /** Position in the batch, from 0. */
  idx: number;
  tenant: string;
  /** CSV line number (the header is line 1); null for JSON batches. */
  row: number | null;
  reference: string | null;
  /** The worker's lane (services/batches/lanes.ts); null when the item failed before it had one. */
  carrier: string | null;
  /**
   * The /ship shipment as the JSON text it was checked as: a batch holds 10,000 of them as strings,
   * never as trees of objects; the booking that needs one reads it with `itemInput`.
   */
  input: string;
  status: ItemStatus;
  /** Booking attempts made (retry starts a new one); part of the item's idempotency key. */
  attempt: number;
  queued_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  shipment_id: string | null;
  /** Package label ids in package order. */
  label_ids: string[] | null;
  error: ItemError | null;
  updated_at: string;
}

/** The shipment an item books, decoded from its text. */
export function itemInput(item: Pick<BatchItemRow, 'input'>): unknown {
  return JSON.parse(item.input) as unknown;
}

/** An item's label ids as its column holds them (JSON). */
export const labelIdsOf = (column: string | null): string[] | null =>
  column === null ? null : (JSON.parse(column) as string[]);

export function batchOf(row: BatchesTable): BatchRow {
  return { ...row, status: row.status as BatchStatus, source: row.source as BatchRow['source'] };
}

export function itemOf(row: BatchItemsTable): BatchItemRow {
  return {
    ...row,
    status: row.status as ItemStatus,
    label_ids: labelIdsOf(row.label_ids),
    error: row.error === null ? null : (JSON.parse(row.error) as ItemError),
  };
}

export function itemRow(item: BatchItemRow): BatchItemsTable {
  return {
    ...item,
    label_ids: item.label_ids === null ? null : JSON.stringify(item.label_ids),
    error: item.error === null ? null : errorColumn(item.error),
  };
}

/** An error as its column holds it. */
export const errorColumn = (e: ItemError): string =>
  JSON.stringify({ code: e.code, message: e.message, detail: e.detail });
