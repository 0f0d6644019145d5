/**
 * Returns, always scoped by tenant. Each change to a return is one function running one
 * transaction (create, update, status from tracking), so whatever else must be written with that
 * change (an outbox event) has exactly one place to go.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ReturnsTable, Tables } from '../tables.js';
import { insertShipmentRows, type LabelRow, type ShipmentRow } from './shipments.js';

export type ReturnRow = ReturnsTable;
/** A return as the list shows it: without its lines and addresses. */
export type ReturnSummaryRow = Omit<ReturnRow, 'return_lines' | 'customer' | 'destination'>;

export interface CustomPair {
  name: string;
  value: unknown;
}

export interface ReturnFilter {
  /** ISO instants: created_at >= from, created_at < until. */
  from?: string;
  until?: string;
  search?: string;
  return_method?: string;
  customer_id?: string;
  order_id?: string;
  status?: string;
  custom?: { name: string; match: string }[];
}

/** What `custom=name:value` compares against: a string as is, any other JSON value as its text. */
export function customMatch(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function customRows(tenant: string, returnId: string, custom: CustomPair[]) {
  return custom.map((c) => ({ tenant, return_id: returnId, name: c.name, match: customMatch(c.value) }));
}

/** The booking (shipment and labels) and the return that owns it, stored together or not at all. */
export async function createReturn(db: Kysely<Tables>, booking: { shipment: ShipmentRow; labels: LabelRow[] }, row: ReturnRow, custom: CustomPair[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertShipmentRows(trx, booking.shipment, booking.labels);
    await trx.insertInto('returns').values(row).execute();
    const pairs = customRows(row.tenant, row.id, custom);
    if (pairs.length > 0) await trx.insertInto('return_custom').values(pairs).execute();
  });
}

export async function getReturn(db: Kysely<Tables>, tenant: string, id: string): Promise<ReturnRow | undefined> {
  return db.selectFrom('returns').selectAll().where('tenant', '=', tenant).where('id', '=', id).executeTakeFirst();
}

export interface ReturnChanges {
  custom?: CustomPair[];
  status?: string;
  pickup_state?: string;
  updated_at: string;
}

/** PATCH /returns/{id}: custom pairs replaced as a whole list, voided state stored; one transaction. */
export async function updateReturn(db: Kysely<Tables>, tenant: string, id: string, changes: ReturnChanges): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('returns')
      .set({
        updated_at: changes.updated_at,
        ...(changes.custom ? { custom: JSON.stringify(changes.custom) } : {}),
        ...(changes.status ? { status: changes.status } : {}),
        ...(changes.pickup_state ? { pickup_state: changes.pickup_state } : {}),
      })
      .where('tenant', '=', tenant)
      .where('id', '=', id)
      .execute();
    if (!changes.custom) return;
    await trx.deleteFrom('return_custom').where('tenant', '=', tenant).where('return_id', '=', id).execute();
    const pairs = customRows(tenant, id, changes.custom);
    if (pairs.length > 0) await trx.insertInto('return_custom').values(pairs).execute();
  });
}

/**
 * A fresh tracking stage for a carrier's number reaches the returns shipped under it. A return
 * voided here stays voided: a carrier without void (its label simply never moves) would otherwise
 * bring it back. Returns the ids of the returns that changed.
 */
export async function updateStatusFromTracking(db: Kysely<Tables>, tenant: string, carrier: string, trackingNumber: string, stage: string, at: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .selectFrom('returns')
      .select('id')
      .where('tenant', '=', tenant)
      .where('tracking_number', '=', trackingNumber)
      .where('carrier', '=', carrier)
      .where('status', '!=', stage)
      .where('status', '!=', 'SHIPMENT_VOIDED')
      .execute();
    const ids = changed.map((r) => r.id);
    if (ids.length > 0) await trx.updateTable('returns').set({ status: stage, updated_at: at }).where('tenant', '=', tenant).where('id', 'in', ids).execute();
    return ids;
  });
}

function filtered<O>(q: SelectQueryBuilder<Tables, 'returns', O>, tenant: string, f: ReturnFilter): SelectQueryBuilder<Tables, 'returns', O> {
  let out = q.where('returns.tenant', '=', tenant);
  if (f.from !== undefined) out = out.where('returns.created_at', '>=', f.from);
  if (f.until !== undefined) out = out.where('returns.created_at', '<', f.until);
  if (f.return_method !== undefined) out = out.where('returns.return_method_id', '=', f.return_method);
  if (f.customer_id !== undefined) out = out.where('returns.customer_id', '=', f.customer_id);
  if (f.order_id !== undefined) out = out.where('returns.order_id', '=', f.order_id);
  if (f.status !== undefined) out = out.where('returns.status', '=', f.status);
  const search = f.search;
  if (search !== undefined) {
    out = out.where((eb) => eb.or([eb('returns.tracking_number', '=', search), eb('returns.reference_number', '=', search), eb('returns.pickup_confirmation_number', '=', search)]));
  }
  for (const c of f.custom ?? []) {
    out = out.where('returns.id', 'in', (eb) => eb.selectFrom('return_custom').select('return_id').where('tenant', '=', tenant).where('name', '=', c.name).where('match', '=', c.match));
  }
  return out;
}

const SUMMARY_COLUMNS = [
  'id', 'tenant', 'return_method_id', 'method', 'customer_id', 'order_id', 'custom', 'shipping_account_id', 'carrier', 'test', 'shipment_id',
  'tracking_number', 'reference_number', 'label_id', 'status', 'pickup_id', 'pickup_confirmation_number', 'pickup_location_code', 'pickup_date',
  'pickup_state', 'created_at', 'updated_at',
] as const;

/** One page, newest first then id (stable when several returns share a timestamp). */
export async function listReturns(db: Kysely<Tables>, tenant: string, f: ReturnFilter, page: { limit: number; offset: number }): Promise<ReturnSummaryRow[]> {
  return filtered(db.selectFrom('returns').select(SUMMARY_COLUMNS.map((c) => `returns.${c}` as const)), tenant, f)
    .orderBy('returns.created_at', 'desc')
    .orderBy('returns.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countReturns(db: Kysely<Tables>, tenant: string, f: ReturnFilter): Promise<number> {
  const row = await filtered(db.selectFrom('returns').select((eb) => eb.fn.countAll<string | number>().as('n')), tenant, f).executeTakeFirstOrThrow();
  return Number(row.n);
}
