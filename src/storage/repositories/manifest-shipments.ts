/** The shipments an end-of-day form (manifest) takes: those not on one yet, or those it names, and marking them. */
import type { Kysely } from 'kysely';
import type { Address } from '../../domain/types.js';
import type { Tables } from '../tables.js';
import { decodeSender } from './shipments.js';

/** A shipment as an end-of-day form sees it: its labels' tracking numbers and its sender. */
export interface ManifestCandidate {
  id: string;
  trackingNumbers: string[];
  /** The sender the shipment was booked from (stored as JSON); null for one stored before senders were kept. */
  sender: Address | null;
}

async function withLabels(
  db: Kysely<Tables>,
  tenant: string,
  rows: { id: string; tracking_number: string; sender?: string | null }[],
): Promise<ManifestCandidate[]> {
  if (rows.length === 0) return [];
  const labels = await db
    .selectFrom('labels')
    .select(['shipment_id', 'tracking_number'])
    .where('tenant', '=', tenant)
    .where(
      'shipment_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((r) => {
    const numbers = labels
      .filter((l) => l.shipment_id === r.id && l.tracking_number !== null)
      .map((l) => l.tracking_number as string);
    return {
      id: r.id,
      trackingNumbers: numbers.length > 0 ? [...new Set(numbers)] : [r.tracking_number],
      sender: r.sender ? decodeSender(r.sender) : null,
    };
  });
}

/** The account's booked shipments of that ship date not yet on an end-of-day form, oldest first. */
export async function unmanifestedShipments(
  db: Kysely<Tables>,
  tenant: string,
  accountId: string,
  shipDate: string,
): Promise<ManifestCandidate[]> {
  const rows = await db
    .selectFrom('shipments')
    .select(['id', 'tracking_number', 'sender'])
    .where('tenant', '=', tenant)
    .where('shipping_account_id', '=', accountId)
    .where('ship_date', '=', shipDate)
    .where('status', '=', 'booked')
    .where('manifest_id', 'is', null)
    .orderBy('created_at')
    .execute();
  return withLabels(db, tenant, rows);
}

/** The account's stored shipments with any of these master or package tracking numbers. */
export async function shipmentsByTracking(
  db: Kysely<Tables>,
  tenant: string,
  accountId: string,
  trackingNumbers: string[],
): Promise<ManifestCandidate[]> {
  if (trackingNumbers.length === 0) return [];
  const rows = await db
    .selectFrom('shipments')
    .leftJoin('labels', 'labels.shipment_id', 'shipments.id')
    .select(['shipments.id', 'shipments.tracking_number', 'shipments.sender'])
    .distinct()
    .where('shipments.tenant', '=', tenant)
    .where('shipments.shipping_account_id', '=', accountId)
    .where((eb) =>
      eb.or([
        eb('shipments.tracking_number', 'in', trackingNumbers),
        eb('labels.tracking_number', 'in', trackingNumbers),
      ]),
    )
    .execute();
  return withLabels(db, tenant, rows);
}

/** Records the form the shipments' labels went on. */
export async function markManifested(
  db: Kysely<Tables>,
  tenant: string,
  ids: string[],
  manifestId: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('shipments')
    .set({ manifest_id: manifestId })
    .where('tenant', '=', tenant)
    .where('id', 'in', ids)
    .execute();
}
