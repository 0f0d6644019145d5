/**
 * Returns, always scoped by tenant. Each change to a return is one function running one
 * transaction (create, update, status from tracking), so whatever else must be written with that
 * change (an outbox event) has exactly one place to go.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { decodeFlags, encodeFlags, type WithFlags } from '../flags.js';
import type { ReturnsTable, Tables } from '../tables.js';
import { insertShipmentRows, type LabelRow, type ShipmentRow } from './shipments.js';

export type ReturnRow = WithFlags<ReturnsTable, 'test'>;
const FLAGS = ['test'] as const;
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

function customRows(tenant: string, returnId: string, createdAt: string, custom: CustomPair[]) {
  return custom.map((c) => ({
    tenant,
    return_id: returnId,
    name: c.name,
    match: customMatch(c.value),
    created_at: createdAt,
  }));
}

/** The booking (shipment and labels) and the return that owns it, stored together or not at all. */
/** `also` runs in the same transaction (the return.created event). */
export async function createReturn(
  db: Kysely<Tables>,
  booking: { shipment: ShipmentRow; labels: LabelRow[] },
  row: ReturnRow,
  custom: CustomPair[],
  also?: (trx: Kysely<Tables>) => Promise<unknown>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertShipmentRows(trx, booking.shipment, booking.labels);
    await trx.insertInto('returns').values(encodeFlags<ReturnsTable, 'test'>(row, FLAGS)).execute();
    const pairs = customRows(row.tenant, row.id, row.created_at, custom);
    if (pairs.length > 0) await trx.insertInto('return_custom').values(pairs).execute();
    await also?.(trx);
  });
}

export async function getReturn(db: Kysely<Tables>, tenant: string, id: string): Promise<ReturnRow | undefined> {
  const row = await db
    .selectFrom('returns')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decodeFlags(row, FLAGS);
}

export interface ReturnChanges {
  custom?: CustomPair[];
  status?: string;
  pickup_state?: string;
  updated_at: string;
}

/**
 * PATCH /returns/{id}: custom pairs replaced as a whole list, voided state stored; one transaction,
 * in which `also` gets the updated row (the return.updated event). A state already stored (another
 * instance voided it first) is neither written again nor given to `also`.
 */
export async function updateReturn(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
  changes: ReturnChanges,
  also?: (trx: Kysely<Tables>, row: ReturnRow) => Promise<unknown>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('returns')
      .select('created_at')
      .where('tenant', '=', tenant)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return;
    const { status, pickup_state: pickup } = changes;
    const updated = await trx
      .updateTable('returns')
      .set({
        updated_at: changes.updated_at,
        ...(changes.custom ? { custom: JSON.stringify(changes.custom) } : {}),
        ...(changes.status ? { status: changes.status } : {}),
        ...(changes.pickup_state ? { pickup_state: changes.pickup_state } : {}),
      })
      .where('tenant', '=', tenant)
      .where('id', '=', id)
      // Checked by the update itself, so that of two concurrent ones the second finds the first's state.
      .$if(!changes.custom && status !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('status', '!=', status!),
            ...(pickup !== undefined ? [eb('pickup_state', 'is', null), eb('pickup_state', '!=', pickup)] : []),
          ]),
        ),
      )
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return;
    if (changes.custom) {
      await trx.deleteFrom('return_custom').where('tenant', '=', tenant).where('return_id', '=', id).execute();
      const pairs = customRows(tenant, id, current.created_at, changes.custom);
      if (pairs.length > 0) await trx.insertInto('return_custom').values(pairs).execute();
    }
    if (also)
      await also(
        trx,
        decodeFlags(
          await trx
            .selectFrom('returns')
            .selectAll()
            .where('tenant', '=', tenant)
            .where('id', '=', id)
            .executeTakeFirstOrThrow(),
          FLAGS,
        ),
      );
  });
}

/**
 * Which of a carrier's numbers some return (not voided) was shipped under: one indexed read for a
 * whole tracking answer, where most numbers are no return's.
 */
export async function numbersWithReturns(
  db: Kysely<Tables>,
  tenant: string,
  carrier: string,
  numbers: string[],
): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db
    .selectFrom('returns')
    .select('tracking_number')
    .where('tenant', '=', tenant)
    .where('carrier', '=', carrier)
    .where('tracking_number', 'in', numbers)
    .where('status', '!=', 'SHIPMENT_VOIDED')
    .execute();
  return new Set(rows.map((r) => r.tracking_number).filter((n): n is string => n !== null));
}

/**
 * A fresh tracking stage for a carrier's number reaches the returns shipped under it. A return
 * voided here stays voided: a carrier without void (its label simply never moves) would otherwise
 * bring it back. Returns the ids of the returns that changed.
 */
export async function updateStatusFromTracking(
  db: Kysely<Tables>,
  tenant: string,
  carrier: string,
  trackingNumber: string,
  stage: string,
  at: string,
  also?: (trx: Kysely<Tables>, ids: string[]) => Promise<void>,
): Promise<string[]> {
  const moving = (q: SelectQueryBuilder<Tables, 'returns', { id: string }>) =>
    q
      .where('tenant', '=', tenant)
      .where('tracking_number', '=', trackingNumber)
      .where('carrier', '=', carrier)
      .where('status', '!=', stage)
      .where('status', '!=', 'SHIPMENT_VOIDED');
  // Most tracked numbers are no return's: one indexed read answers them, without a transaction.
  if (!(await moving(db.selectFrom('returns').select('id')).executeTakeFirst())) return [];
  return db.transaction().execute(async (trx) => {
    const ids = (await moving(trx.selectFrom('returns').select('id')).execute()).map((r) => r.id);
    if (ids.length > 0) {
      await trx
        .updateTable('returns')
        .set({ status: stage, updated_at: at })
        .where('tenant', '=', tenant)
        .where('id', 'in', ids)
        .execute();
      await also?.(trx, ids);
    }
    return ids;
  });
}

type ReturnsQuery<O> = SelectQueryBuilder<Tables, 'returns', O>;

/** A filtered query and the columns that give the list order (created_at, then id). */
interface Filtered<O> {
  q: ReturnsQuery<O>;
  created: 'returns.created_at' | 'c0.created_at';
  id: 'returns.id' | 'c0.return_id';
}

/**
 * The filters as a query on returns, shaped so each is answered from an index:
 * - numbers searched for are looked up first (one indexed lookup each, a handful of ids), so the
 *   planner never answers an OR by walking every return;
 * - custom pairs are joins, the first one driving: its index (tenant, name, match, created_at,
 *   return_id) yields the matching returns already in list order.
 */
async function filtered<O>(
  db: Kysely<Tables>,
  q: ReturnsQuery<O>,
  tenant: string,
  f: ReturnFilter,
): Promise<Filtered<O> | undefined> {
  let out = q;
  const custom = f.custom ?? [];
  for (const [i, c] of custom.entries()) {
    const alias = `c${i}` as 'c';
    // The join only narrows the rows; the selection and its type stay those of returns.
    out = out.innerJoin(`return_custom as ${alias}`, (j) =>
      j
        .onRef(`${alias}.return_id`, '=', 'returns.id')
        .on(`${alias}.tenant`, '=', tenant)
        .on(`${alias}.name`, '=', c.name)
        .on(`${alias}.match`, '=', c.match),
    ) as unknown as ReturnsQuery<O>;
  }
  const created = custom.length > 0 ? 'c0.created_at' : 'returns.created_at';
  const id = custom.length > 0 ? 'c0.return_id' : 'returns.id';
  if (f.search !== undefined) {
    const found = await db
      .selectFrom('returns')
      .select('id')
      .where('tenant', '=', tenant)
      .where('tracking_number', '=', f.search)
      .unionAll(
        db.selectFrom('returns').select('id').where('tenant', '=', tenant).where('reference_number', '=', f.search),
      )
      .unionAll(
        db
          .selectFrom('returns')
          .select('id')
          .where('tenant', '=', tenant)
          .where('pickup_confirmation_number', '=', f.search),
      )
      .execute();
    if (found.length === 0) return undefined;
    out = out.where('returns.id', 'in', [...new Set(found.map((r) => r.id))]);
  }
  // Found ids and custom rows are the tenant's already. Naming the tenant on returns again would let
  // a planner without statistics walk every return of the tenant instead of those few.
  if (f.search === undefined && custom.length === 0) out = out.where('returns.tenant', '=', tenant);
  if (f.from !== undefined) out = out.where(sql.ref(created), '>=', f.from);
  if (f.until !== undefined) out = out.where(sql.ref(created), '<', f.until);
  if (f.return_method !== undefined) out = out.where('returns.return_method_id', '=', f.return_method);
  if (f.customer_id !== undefined) out = out.where('returns.customer_id', '=', f.customer_id);
  if (f.order_id !== undefined) out = out.where('returns.order_id', '=', f.order_id);
  if (f.status !== undefined) out = out.where('returns.status', '=', f.status);
  return { q: out, created, id };
}

const SUMMARY_COLUMNS = [
  'id',
  'tenant',
  'return_method_id',
  'method',
  'customer_id',
  'order_id',
  'custom',
  'shipping_account_id',
  'carrier',
  'test',
  'shipment_id',
  'tracking_number',
  'reference_number',
  'label_id',
  'status',
  'pickup_id',
  'pickup_confirmation_number',
  'pickup_location_code',
  'pickup_date',
  'pickup_state',
  'created_at',
  'updated_at',
] as const;

/**
 * One page, newest first then id (stable when several returns share a timestamp). The page's ids
 * come from an index alone (tenant, filter column, created_at, id), so skipping to a deep page reads
 * index entries, not rows; then only the page's rows are read, by primary key.
 */
export async function listReturns(
  db: Kysely<Tables>,
  tenant: string,
  f: ReturnFilter,
  page: { limit: number; offset: number },
): Promise<ReturnSummaryRow[]> {
  const plan = await filtered(db, db.selectFrom('returns').select('returns.id'), tenant, f);
  if (!plan) return [];
  const ordered = plan.q.orderBy(sql.ref(plan.created), 'desc').orderBy(sql.ref(plan.id), 'desc');
  const ids = (await ordered.limit(page.limit).offset(page.offset).execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  // By primary key alone: with the tenant in this query too, a planner without statistics may walk
  // the tenant's rows instead. The ids are the tenant's already; the check below keeps it certain.
  const rows = await db.selectFrom('returns').select(SUMMARY_COLUMNS).where('id', 'in', ids).execute();
  const byId = new Map(rows.filter((r) => r.tenant === tenant).map((r) => [r.id, decodeFlags(r, FLAGS)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function countReturns(db: Kysely<Tables>, tenant: string, f: ReturnFilter): Promise<number> {
  const plan = await filtered(
    db,
    db.selectFrom('returns').select((eb) => eb.fn.countAll<string | number>().as('n')),
    tenant,
    f,
  );
  if (!plan) return 0;
  return Number((await plan.q.executeTakeFirstOrThrow()).n);
}
