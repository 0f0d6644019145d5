/**
 * The list of returns (GET /returns): its filters, shaped so each is answered from an index, and
 * its pages, always scoped by tenant.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { decodeFlags } from '../flags.js';
import type { Tables } from '../tables.js';
import { decodeDocuments, FLAGS, type ReturnRow } from './returns.js';

/** A return as the list shows it: without its lines and addresses. */
export type ReturnSummaryRow = Omit<ReturnRow, 'return_lines' | 'customer' | 'destination'>;

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
  const byId = new Map(
    rows
      .filter((r) => r.tenant === tenant)
      .map((r) => [r.id, decodeFlags(decodeDocuments(r), FLAGS) as ReturnSummaryRow]),
  );
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
