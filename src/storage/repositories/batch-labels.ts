/** What a batch's print file, manifest and item list read of its shipments and labels. */
import type { Kysely } from 'kysely';
import type { Tables } from '../tables.js';
import { labelIdsOf, type BatchItemRow } from './batch-records.js';

/** Booked items from position `afterIdx` on, in batch order: the print file reads them page by page. */
export async function bookedAfter(
  db: Kysely<Tables>,
  batchId: string,
  afterIdx: number,
  limit: number,
): Promise<Pick<BatchItemRow, 'idx' | 'label_ids'>[]> {
  const rows = await db
    .selectFrom('batch_items')
    .select(['idx', 'label_ids'])
    .where('batch_id', '=', batchId)
    .where('status', '=', 'booked')
    .where('idx', '>', afterIdx)
    .orderBy('idx')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ idx: r.idx, label_ids: labelIdsOf(r.label_ids) }));
}

/** Label formats among the batch's booked package labels. */
export async function labelFormats(db: Kysely<Tables>, tenant: string, batchId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('labels')
    .innerJoin('shipments', 'shipments.id', 'labels.shipment_id')
    .select('labels.format')
    .where('shipments.tenant', '=', tenant)
    .where('shipments.batch_id', '=', batchId)
    .where('labels.tracking_number', 'is not', null)
    .groupBy('labels.format')
    .execute();
  return rows.map((r) => r.format);
}

/** Those of the labels whose shipment was not voided since (a voided label is not printed). */
export async function labelsByIds(
  db: Kysely<Tables>,
  tenant: string,
  ids: string[],
): Promise<{ id: string; data: Uint8Array }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('labels')
    .innerJoin('shipments', 'shipments.id', 'labels.shipment_id')
    .select(['labels.id', 'labels.data'])
    .where('labels.tenant', '=', tenant)
    .where('labels.id', 'in', ids)
    .where('shipments.status', '!=', 'voided')
    .execute();
}

/** What a manifest needs: the batch's live shipments per account and ship date. */
export async function bookedShipments(
  db: Kysely<Tables>,
  tenant: string,
  batchId: string,
): Promise<{ shipping_account_id: string; carrier: string; tracking_number: string; ship_date: string | null }[]> {
  return db
    .selectFrom('shipments')
    .select(['shipping_account_id', 'carrier', 'tracking_number', 'ship_date'])
    .where('tenant', '=', tenant)
    .where('batch_id', '=', batchId)
    .where('status', '=', 'booked')
    .orderBy('created_at')
    .execute();
}

export async function shipmentSummaries(
  db: Kysely<Tables>,
  ids: string[],
): Promise<{ id: string; tracking_number: string; carrier: string; service: string | null; response: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('shipments')
    .select(['id', 'tracking_number', 'carrier', 'service', 'response'])
    .where('id', 'in', ids)
    .execute();
}
