/** Booked shipments and their label bytes, written in one transaction so neither exists alone. */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { decodeFlags, encodeFlags, type WithFlags } from '../flags.js';
import type { ShipmentsTable, Tables } from '../tables.js';
import type { Address } from '../../domain/types.js';

/** A booked shipment: its flag a boolean, its sender an address (absent or null on rows stored before senders were kept). */
export interface ShipmentRow extends Omit<WithFlags<ShipmentsTable, 'test'>, 'sender'> {
  sender?: Address | null;
}
const FLAGS = ['test'] as const;
/** The sender column holds the address as JSON (manifest-shipments.ts reads it too). */
export const decodeSender = (json: string): Address => JSON.parse(json) as Address;
const decode = (row: ShipmentsTable): ShipmentRow => {
  const { sender, ...rest } = decodeFlags(row, FLAGS);
  return {
    ...rest,
    ...(sender !== undefined ? { sender: sender === null ? null : decodeSender(sender) } : {}),
  };
};
const encode = ({ sender, ...record }: ShipmentRow): ShipmentsTable => ({
  ...encodeFlags<Omit<ShipmentsTable, 'sender'>, 'test'>(record, FLAGS),
  ...(sender !== undefined ? { sender: sender === null ? null : JSON.stringify(sender) } : {}),
});
/** A label of a shipment: its bytes in `format`, and the package's tracking number when it has its own. */
export interface LabelRow {
  id: string;
  tenant: string;
  shipment_id: string;
  tracking_number: string | null;
  format: string;
  data: Uint8Array;
  created_at: string;
}

/** The rows of one booking in a transaction of their own (what else a booking stores, the use case adds in its own: insertShipmentRows). */
export async function insertShipment(db: Kysely<Tables>, shipment: ShipmentRow, labels: LabelRow[]): Promise<void> {
  await db.transaction().execute((trx) => insertShipmentRows(trx, shipment, labels));
}

/** The rows of one booking, inside a transaction the caller owns (its event, a return's own rows). */
export async function insertShipmentRows(
  trx: Kysely<Tables>,
  shipment: ShipmentRow,
  labels: LabelRow[],
): Promise<void> {
  await trx.insertInto('shipments').values(encode(shipment)).execute();
  for (const label of labels) await trx.insertInto('labels').values(label).execute();
}

export async function getShipment(db: Kysely<Tables>, tenant: string, id: string): Promise<ShipmentRow | undefined> {
  const row = await db
    .selectFrom('shipments')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decode(row);
}

/** The newest shipment of the tenant with that master or package tracking number. */
export async function findShipmentByTracking(
  db: Kysely<Tables>,
  tenant: string,
  trackingNumber: string,
): Promise<ShipmentRow | undefined> {
  const direct = await db
    .selectFrom('shipments')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('tracking_number', '=', trackingNumber)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (direct) return decode(direct);
  const viaLabel = await db
    .selectFrom('shipments')
    .innerJoin('labels', 'labels.shipment_id', 'shipments.id')
    .selectAll('shipments')
    .where('shipments.tenant', '=', tenant)
    .where('labels.tracking_number', '=', trackingNumber)
    .orderBy('shipments.created_at', 'desc')
    .executeTakeFirst();
  return viaLabel && decode(viaLabel);
}

/** Marks the shipment voided unless it already was; false when another request voided it first. */
export async function markVoided(db: Kysely<Tables>, tenant: string, id: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('shipments')
    .set({ status: 'voided', voided_at: at, stage: 'SHIPMENT_VOIDED' })
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .where('status', '!=', 'voided')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function getLabel(db: Kysely<Tables>, tenant: string, id: string): Promise<LabelRow | undefined> {
  return db.selectFrom('labels').selectAll().where('tenant', '=', tenant).where('id', '=', id).executeTakeFirst();
}

/** The ids of a shipment's package labels (those with a tracking number), as a batch item lists them. */
export async function packageLabelIds(db: Kysely<Tables>, shipmentId: string): Promise<string[]> {
  const labels = await db
    .selectFrom('labels')
    .select('id')
    .where('shipment_id', '=', shipmentId)
    .where('tracking_number', 'is not', null)
    .execute();
  return labels.map((l) => l.id);
}

/** A label by id alone, for a signed link: the caller checks the link against the row's tenant. */
export async function getLabelById(db: Kysely<Tables>, id: string): Promise<LabelRow | undefined> {
  return db.selectFrom('labels').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A shipment by id alone, for a signed tracking link: the caller checks it against the row's tenant. */
export async function getShipmentById(db: Kysely<Tables>, id: string): Promise<ShipmentRow | undefined> {
  const row = await db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decode(row);
}

/** The reference values one per line, with a line break before and after, so a search matches a whole value. */
export function referenceValues(references: readonly { value?: string }[] | undefined): string | null {
  const values = (references ?? []).map((r) => r.value).filter((v): v is string => typeof v === 'string' && v !== '');
  return values.length > 0 ? `\n${values.join('\n')}\n` : null;
}

/** A fresh tracking stage reaches the shipments booked under that number; a voided one stays voided. */
export async function updateShipmentStages(
  db: Kysely<Tables>,
  tenant: string,
  carrier: string,
  trackingNumbers: string[],
  stage: string,
): Promise<void> {
  await db
    .updateTable('shipments')
    .set({ stage })
    .where('tenant', '=', tenant)
    .where('carrier', '=', carrier)
    .where('tracking_number', 'in', trackingNumbers)
    .where('status', '!=', 'voided')
    .where('stage', '!=', stage)
    .execute();
}

export interface ShipmentFilter {
  carrier?: string;
  shipping_account?: string;
  /** The batch that booked them. */
  batch?: string;
  stage?: string;
  /** A tracking number or reference value (exact), or part of the recipient's name (any case). */
  search?: string;
  /** created_at >= from and < until (ISO instants). */
  from?: string;
  until?: string;
}

function filteredShipments<O>(
  q: SelectQueryBuilder<Tables, 'shipments', O>,
  tenant: string,
  f: ShipmentFilter,
): SelectQueryBuilder<Tables, 'shipments', O> {
  let out = q.where('tenant', '=', tenant);
  if (f.carrier !== undefined) out = out.where('carrier', '=', f.carrier);
  if (f.shipping_account !== undefined) out = out.where('shipping_account_id', '=', f.shipping_account);
  if (f.batch !== undefined) out = out.where('batch_id', '=', f.batch);
  if (f.stage !== undefined) out = out.where('stage', '=', f.stage);
  if (f.from !== undefined) out = out.where('created_at', '>=', f.from);
  if (f.until !== undefined) out = out.where('created_at', '<', f.until);
  if (f.search !== undefined) {
    const s = f.search;
    // LIKE wildcards typed by the user are matched literally (ESCAPE works alike in both databases).
    const literal = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
    out = out.where((eb) =>
      eb.or([
        eb('tracking_number', '=', s),
        sql<boolean>`reference_values like ${`%\n${literal(s)}\n%`} escape '\\'`,
        sql<boolean>`lower(recipient_name) like ${`%${literal(s.toLowerCase())}%`} escape '\\'`,
        eb(
          'id',
          'in',
          eb.selectFrom('labels').select('shipment_id').where('tenant', '=', tenant).where('tracking_number', '=', s),
        ),
      ]),
    );
  }
  return out;
}

/** The live (not voided) shipments of an account carrying any of these reference values, newest first. */
export async function liveWithReferences(
  db: Kysely<Tables>,
  tenant: string,
  accountId: string,
  values: readonly string[],
): Promise<{ id: string; tracking_number: string; created_at: string }[]> {
  if (values.length === 0) return [];
  const literal = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .selectFrom('shipments')
    .select(['id', 'tracking_number', 'created_at'])
    .where('tenant', '=', tenant)
    .where('shipping_account_id', '=', accountId)
    .where('status', '=', 'booked')
    .where((eb) => eb.or(values.map((v) => sql<boolean>`reference_values like ${`%\n${literal(v)}\n%`} escape '\\'`)))
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
}

/** One page, newest first then id (stable when several shipments share a timestamp). */
export async function listShipments(
  db: Kysely<Tables>,
  tenant: string,
  f: ShipmentFilter,
  page: { limit: number; offset: number },
): Promise<ShipmentRow[]> {
  const rows = await filteredShipments(db.selectFrom('shipments').selectAll(), tenant, f)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(decode);
}

export async function countShipments(db: Kysely<Tables>, tenant: string, f: ShipmentFilter): Promise<number> {
  const row = await filteredShipments(
    db.selectFrom('shipments').select((eb) => eb.fn.countAll<string | number>().as('n')),
    tenant,
    f,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of the numbers (master or package) belong to a shipment of the tenant with that carrier. */
export async function ownedTrackingNumbers(
  db: Kysely<Tables>,
  tenant: string,
  carrier: string,
  numbers: readonly string[],
): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const direct = await db
    .selectFrom('shipments')
    .select('tracking_number')
    .where('tenant', '=', tenant)
    .where('carrier', '=', carrier)
    .where('tracking_number', 'in', [...numbers])
    .execute();
  const packages = await db
    .selectFrom('labels')
    .innerJoin('shipments', 'labels.shipment_id', 'shipments.id')
    .select('labels.tracking_number')
    .where('shipments.tenant', '=', tenant)
    .where('shipments.carrier', '=', carrier)
    .where('labels.tracking_number', 'in', [...numbers])
    .execute();
  return new Set([
    ...direct.map((r) => r.tracking_number),
    ...packages.flatMap((r) => (r.tracking_number ? [r.tracking_number] : [])),
  ]);
}
