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

type ReturnsQuery<O> = SelectQueryBuilder<Tables, 'returns', O>;

/**
 * The filters as a query on returns. Numbers searched for are looked up first (one indexed lookup
 * each, a handful of ids), so the planner never answers an OR by walking every return; custom pairs
 * are joins, so the planner can start from the few returns that carry the pair.
 */
async function filtered<O>(db: Kysely<Tables>, q: ReturnsQuery<O>, tenant: string, f: ReturnFilter): Promise<ReturnsQuery<O> | undefined> {
  let out: ReturnsQuery<O>;
  if (f.search !== undefined) {
    const found = await db
      .selectFrom('returns')
      .select('id')
      .where('tenant', '=', tenant)
      .where('tracking_number', '=', f.search)
      .unionAll(db.selectFrom('returns').select('id').where('tenant', '=', tenant).where('reference_number', '=', f.search))
      .unionAll(db.selectFrom('returns').select('id').where('tenant', '=', tenant).where('pickup_confirmation_number', '=', f.search))
      .execute();
    if (found.length === 0) return undefined;
    // These ids are the tenant's already. Naming the tenant again would let a planner without
    // statistics walk every row of the tenant instead of fetching these few by primary key.
    out = q.where('returns.id', 'in', [...new Set(found.map((r) => r.id))]);
  } else {
    out = q.where('returns.tenant', '=', tenant);
  }
  if (f.from !== undefined) out = out.where('returns.created_at', '>=', f.from);
  if (f.until !== undefined) out = out.where('returns.created_at', '<', f.until);
  if (f.return_method !== undefined) out = out.where('returns.return_method_id', '=', f.return_method);
  if (f.customer_id !== undefined) out = out.where('returns.customer_id', '=', f.customer_id);
  if (f.order_id !== undefined) out = out.where('returns.order_id', '=', f.order_id);
  if (f.status !== undefined) out = out.where('returns.status', '=', f.status);
  for (const [i, c] of (f.custom ?? []).entries()) {
    const alias = `c${i}` as 'c';
    // The join only narrows the rows; the selection and its type stay those of returns.
    out = out.innerJoin(`return_custom as ${alias}`, (j) =>
      j.onRef(`${alias}.return_id`, '=', 'returns.id').on(`${alias}.tenant`, '=', tenant).on(`${alias}.name`, '=', c.name).on(`${alias}.match`, '=', c.match),
    ) as unknown as ReturnsQuery<O>;
  }
  return out;
}

const SUMMARY_COLUMNS = [
  'id', 'tenant', 'return_method_id', 'method', 'customer_id', 'order_id', 'custom', 'shipping_account_id', 'carrier', 'test', 'shipment_id',
  'tracking_number', 'reference_number', 'label_id', 'status', 'pickup_id', 'pickup_confirmation_number', 'pickup_location_code', 'pickup_date',
  'pickup_state', 'created_at', 'updated_at',
] as const;

/**
 * One page, newest first then id (stable when several returns share a timestamp). The page's ids
 * come from an index alone (tenant, filter column, created_at, id), so skipping to a deep page reads
 * index entries, not rows; then only the page's rows are read, by primary key.
 */
export async function listReturns(db: Kysely<Tables>, tenant: string, f: ReturnFilter, page: { limit: number; offset: number }): Promise<ReturnSummaryRow[]> {
  const q = await filtered(db, db.selectFrom('returns').select('returns.id'), tenant, f);
  if (!q) return [];
  const ids = (await q.orderBy('returns.created_at', 'desc').orderBy('returns.id', 'desc').limit(page.limit).offset(page.offset).execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  // By primary key alone: with the tenant in this query too, a planner without statistics may walk
  // the tenant's rows instead. The ids are the tenant's already; the check below keeps it certain.
  const rows = await db.selectFrom('returns').select(SUMMARY_COLUMNS).where('id', 'in', ids).execute();
  const byId = new Map(rows.filter((r) => r.tenant === tenant).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function countReturns(db: Kysely<Tables>, tenant: string, f: ReturnFilter): Promise<number> {
  const q = await filtered(db, db.selectFrom('returns').select((eb) => eb.fn.countAll<string | number>().as('n')), tenant, f);
  if (!q) return 0;
  return Number((await q.executeTakeFirstOrThrow()).n);
}
