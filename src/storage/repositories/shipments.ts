/** Booked shipments and their label bytes, written in one transaction so neither exists alone. */
import type { Kysely } from 'kysely';
import type { LabelsTable, ShipmentsTable, Tables } from '../tables.js';

export type ShipmentRow = ShipmentsTable;
export type LabelRow = LabelsTable;

export async function insertShipment(db: Kysely<Tables>, shipment: ShipmentRow, labels: LabelRow[], alsoInTransaction?: (trx: Kysely<Tables>) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertShipmentRows(trx, shipment, labels);
    await alsoInTransaction?.(trx);
  });
}

/** The rows of one booking, inside a transaction the caller owns (a return adds its own rows to it). */
export async function insertShipmentRows(trx: Kysely<Tables>, shipment: ShipmentRow, labels: LabelRow[]): Promise<void> {
  await trx.insertInto('shipments').values(shipment).execute();
  for (const label of labels) await trx.insertInto('labels').values(label).execute();
}

export async function getShipment(db: Kysely<Tables>, tenant: string, id: string): Promise<ShipmentRow | undefined> {
  return db.selectFrom('shipments').selectAll().where('tenant', '=', tenant).where('id', '=', id).executeTakeFirst();
}

/** The newest shipment of the tenant with that master or package tracking number. */
export async function findShipmentByTracking(db: Kysely<Tables>, tenant: string, trackingNumber: string): Promise<ShipmentRow | undefined> {
  const direct = await db
    .selectFrom('shipments')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('tracking_number', '=', trackingNumber)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (direct) return direct;
  return db
    .selectFrom('shipments')
    .innerJoin('labels', 'labels.shipment_id', 'shipments.id')
    .selectAll('shipments')
    .where('shipments.tenant', '=', tenant)
    .where('labels.tracking_number', '=', trackingNumber)
    .orderBy('shipments.created_at', 'desc')
    .executeTakeFirst();
}

/** Marks the shipment voided unless it already was; false when another request voided it first. */
export async function markVoided(db: Kysely<Tables>, tenant: string, id: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('shipments')
    .set({ status: 'voided', voided_at: at })
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .where('status', '!=', 'voided')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function getLabel(db: Kysely<Tables>, tenant: string, id: string): Promise<LabelRow | undefined> {
  return db.selectFrom('labels').selectAll().where('tenant', '=', tenant).where('id', '=', id).executeTakeFirst();
}

/** A label by id alone, for a signed link: the caller checks the link against the row's tenant. */
export async function getLabelById(db: Kysely<Tables>, id: string): Promise<LabelRow | undefined> {
  return db.selectFrom('labels').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A shipment by id alone, for a signed tracking link: the caller checks it against the row's tenant. */
export async function getShipmentById(db: Kysely<Tables>, id: string): Promise<ShipmentRow | undefined> {
  return db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirst();
}
