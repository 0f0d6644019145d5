/**
 * Batches and their items. The items are the durable queue of the batch worker: claimed with a
 * lease (on PostgreSQL with FOR UPDATE SKIP LOCKED, so instances never take the same row), each
 * claim writing the item's idempotency record in the same transaction (unless the caller writes it
 * later, just before the carrier is called), and settled once.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import type { BatchesTable, BatchItemsTable, IdempotencyTable, Tables } from '../tables.js';
import { published, STORING } from './batch-store.js';

export { deleteUnpublished, insertBatch, publishBatch, STORING, storeBatch, unpublished } from './batch-store.js';

export type BatchRow = BatchesTable;
export type BatchItemRow = BatchItemsTable;
export const ITEM_STATUSES = ['queued', 'in_progress', 'booked', 'failed', 'cancelled'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export type Counts = Record<ItemStatus, number> & { total: number };

/** The idempotency key of one booking attempt of one item. */
export function itemKey(item: { batch_id: string; idx: number; attempt: number }): string {
  return `batch:${item.batch_id}:${item.idx}:${item.attempt}`;
}

/** The idempotency record of an item's booking attempt, in progress: from then on the carrier may have been called. */
export function itemRecord(item: BatchItemRow, now: string, expiresAt: string): IdempotencyTable {
  return {
    tenant: item.tenant,
    key: itemKey(item),
    fingerprint: `batch item ${item.batch_id}/${item.idx}`,
    state: 'in_progress',
    status_code: null,
    response: null,
    created_at: now,
    expires_at: expiresAt,
    principal: null,
  };
}

export async function getBatch(db: Kysely<Tables>, tenant: string, id: string): Promise<BatchRow | undefined> {
  return db
    .selectFrom('batches')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .where('status', '!=', STORING)
    .executeTakeFirst();
}

/** Newest first. */
/** A batch by id alone, for the worker that settles it (the id came from the tenant's own item). */
export async function getBatchById(db: Kysely<Tables>, id: string): Promise<BatchRow> {
  return db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function listBatches(
  db: Kysely<Tables>,
  tenant: string,
  q: { limit: number; offset: number },
): Promise<{ rows: BatchRow[]; total: number }> {
  const rows = await db
    .selectFrom('batches')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('status', '!=', STORING)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  const { n } = await db
    .selectFrom('batches')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('tenant', '=', tenant)
    .where('status', '!=', STORING)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

const emptyCounts = (): Counts => ({ total: 0, queued: 0, in_progress: 0, booked: 0, failed: 0, cancelled: 0 });

/** Items per status of each batch, counted (not kept as counters, which instances would contend on). */
export async function countsOf(db: Kysely<Tables>, batchIds: string[]): Promise<Map<string, Counts>> {
  const out = new Map(batchIds.map((id) => [id, emptyCounts()]));
  if (batchIds.length === 0) return out;
  const rows = await db
    .selectFrom('batch_items')
    .select(['batch_id', 'status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('batch_id', 'in', batchIds)
    .groupBy(['batch_id', 'status'])
    .execute();
  for (const r of rows) {
    const c = out.get(r.batch_id)!;
    c[r.status as ItemStatus] = Number(r.n);
    c.total += Number(r.n);
  }
  return out;
}

export async function listItems(
  db: Kysely<Tables>,
  batchId: string,
  q: { status?: ItemStatus; limit: number; offset: number },
): Promise<{ rows: BatchItemRow[]; total: number }> {
  let query = db.selectFrom('batch_items').where('batch_id', '=', batchId);
  if (q.status) query = query.where('status', '=', q.status);
  const rows = await query.selectAll().orderBy('idx').limit(q.limit).offset(q.offset).execute();
  const { n } = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/**
 * Leases up to `limit` queued items of one lane (the `carrier` column: a carrier, or the shopping
 * lane), oldest batch first, and writes each one's idempotency record (in_progress) in the same
 * transaction: from then on a restart finds the record and knows the carrier may have been called
 * for that attempt.
 */
export interface ClaimQuery {
  carrier: string;
  owner: string;
  now: string;
  leaseUntil: string;
  expiresAt: string;
  limit: number;
  /** Whether an item's idempotency record is written with its claim (default: every item's). */
  recordAtClaim?: (item: BatchItemRow) => boolean;
  /** A batch already in progress (the one whose item the claim's transaction settles): its status is not written again. */
  inProgress?: string;
}

/**
 * Which of the lanes have an item to claim: one statement, an indexed probe per lane, compiled once.
 * The worker asks it every turn; one read to learn whether anything was queued and one more per
 * lane with free slots cost a turn during a batch eight statements (bench/README.md, fourth round).
 */
export function queuedLanes(db: Kysely<Tables>, lanes: readonly string[]): () => Promise<Set<string>> {
  const compiled = db
    .selectNoFrom((eb) =>
      lanes.map((lane, i) =>
        eb
          .exists(
            eb
              .selectFrom('batch_items')
              .select('idx')
              .where('status', '=', 'queued')
              .where('carrier', '=', lane)
              .where(published),
          )
          .as(`l${i}`),
      ),
    )
    .compile();
  return async () => {
    const row = (await db.executeQuery(compiled)).rows[0] as Record<string, unknown> | undefined;
    // PostgreSQL answers booleans, SQLite 1 or 0.
    return new Set(lanes.filter((_, i) => row?.[`l${i}`] === true || row?.[`l${i}`] === 1));
  };
}

export async function claim(db: Kysely<Tables>, dialect: Dialect, q: ClaimQuery): Promise<BatchItemRow[]> {
  // An idle carrier costs one indexed read, no transaction.
  const any = await db
    .selectFrom('batch_items')
    .select('idx')
    .where('status', '=', 'queued')
    .where('carrier', '=', q.carrier)
    .where(published)
    .limit(1)
    .executeTakeFirst();
  if (!any) return [];
  return db.transaction().execute((trx) => claimIn(trx, dialect, q));
}

/** The claim inside a transaction the caller holds: the one that settles a slot's previous item, so a slot's turn costs one commit. */
export async function claimIn(trx: Kysely<Tables>, dialect: Dialect, q: ClaimQuery): Promise<BatchItemRow[]> {
  // One statement takes them: the rows picked (and on PostgreSQL locked, skipping those another
  // instance holds) are updated and returned, rather than read and then updated one by one.
  const claimed = await trx
    .with(
      (cte) => cte('picked').materialized(),
      (db) => {
        const due = db
          .selectFrom('batch_items')
          .select(['batch_id', 'idx'])
          .where('status', '=', 'queued')
          .where('carrier', '=', q.carrier)
          .where(published)
          // A merchant its platform suspended books nothing more; its items wait for it to be reactivated.
          .where((eb) => eb('tenant', 'not in', eb.selectFrom('tenants').select('id').where('status', '!=', 'active')))
          // In batch order: oldest batch first, each batch's items by index.
          .orderBy('queued_at')
          .orderBy('batch_id')
          .orderBy('idx')
          .limit(q.limit);
        return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
      },
    )
    .updateTable('batch_items')
    .set({ status: 'in_progress', lease_owner: q.owner, lease_until: q.leaseUntil, updated_at: q.now })
    .where((eb) =>
      eb(
        eb.refTuple('batch_id', 'idx'),
        'in',
        eb.selectFrom('picked').select(['batch_id', 'idx']).$asTuple('batch_id', 'idx'),
      ),
    )
    .where('status', '=', 'queued')
    .returningAll()
    .execute();
  // Booked in batch order, as they were picked (an UPDATE returns its rows in no given order).
  claimed.sort((a, b) => compare(a.queued_at, b.queued_at) || compare(a.batch_id, b.batch_id) || a.idx - b.idx);
  if (claimed.length === 0) return [];
  const records = claimed.filter((c) => q.recordAtClaim?.(c) ?? true).map((c) => itemRecord(c, q.now, q.expiresAt));
  if (records.length > 0)
    await trx
      .insertInto('idempotency')
      .values(records)
      .onConflict((oc) => oc.columns(['tenant', 'key']).doNothing())
      .execute();
  const batchIds = [...new Set(claimed.map((c) => c.batch_id))].filter((id) => id !== q.inProgress);
  if (batchIds.length > 0)
    await trx
      .updateTable('batches')
      .set({ status: 'in_progress' })
      .where('id', 'in', batchIds)
      .where('status', '=', 'queued')
      .execute();
  return claimed;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Keeps the leases of the items this worker is booking right now alive. */
export async function renewLeases(
  db: Kysely<Tables>,
  owner: string,
  items: { batch_id: string; idx: number }[],
  leaseUntil: string,
): Promise<void> {
  if (items.length === 0) return;
  await db
    .updateTable('batch_items')
    .set({ lease_until: leaseUntil })
    .where('status', '=', 'in_progress')
    .where('lease_owner', '=', owner)
    .where((eb) => eb.or(items.map((i) => eb.and([eb('batch_id', '=', i.batch_id), eb('idx', '=', i.idx)]))))
    .execute();
}

/** Items whose worker stopped renewing its lease (it died), or, `allOthers`, held by any other worker. */
export async function abandoned(
  db: Kysely<Tables>,
  q: { now: string; owner: string; allOthers: boolean; limit: number },
): Promise<BatchItemRow[]> {
  let query = db.selectFrom('batch_items').selectAll().where('status', '=', 'in_progress');
  query = q.allOthers ? query.where('lease_owner', '!=', q.owner) : query.where('lease_until', '<', q.now);
  return query.orderBy('lease_until').limit(q.limit).execute();
}

export type ItemOutcome =
  | { status: 'booked'; shipment_id: string; label_ids: string[] }
  | { status: 'failed'; error: { code: string; message: string; detail: string } }
  | { status: 'queued' };

/**
 * Settles one item, only while it is still in progress under `owner` (null: whoever held it, for
 * a booking the carrier confirmed, which must be kept whatever happened to the lease). false when
 * another worker settled it first.
 */
export async function settle(
  db: Kysely<Tables>,
  item: { batch_id: string; idx: number },
  owner: string | null,
  outcome: ItemOutcome,
  now: string,
): Promise<boolean> {
  const values =
    outcome.status === 'booked'
      ? {
          status: 'booked',
          shipment_id: outcome.shipment_id,
          label_ids: JSON.stringify(outcome.label_ids),
          error: null,
        }
      : outcome.status === 'failed'
        ? { status: 'failed', error: JSON.stringify(outcome.error) }
        : { status: 'queued' };
  let query = db
    .updateTable('batch_items')
    .set({ ...values, lease_owner: null, lease_until: null, updated_at: now })
    .where('batch_id', '=', item.batch_id)
    .where('idx', '=', item.idx);
  query =
    owner === null
      ? query.where('status', 'in', ['in_progress', 'failed', 'queued'])
      : query.where('status', '=', 'in_progress').where('lease_owner', '=', owner);
  const res = await query.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Whether any item is still to do: one index entry read, however large the batch (it runs after every item). */
export async function hasRemaining(db: Kysely<Tables>, batchId: string): Promise<boolean> {
  const row = await db
    .selectFrom('batch_items')
    .select('idx')
    .where('batch_id', '=', batchId)
    .where('status', 'in', ['queued', 'in_progress'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the batch to a final status once; false when it already was (another instance won). */
export async function finishBatch(db: Kysely<Tables>, batchId: string, status: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('batches')
    .set({ status, completed_at: at })
    .where('id', '=', batchId)
    .where('status', 'in', ['queued', 'in_progress'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Items a cancel's statement marks (by position: the primary key's order). */
const ROWS_PER_UPDATE = 500;

/**
 * The batch's queued items cancelled, `ROWS_PER_UPDATE` positions a statement with `between` before
 * each: one statement over 10,000 items held the event loop 190 ms (SQLite runs it synchronously).
 */
export async function cancelQueued(
  db: Kysely<Tables>,
  batchId: string,
  total: number,
  at: string,
  between: () => Promise<void> = async () => {},
): Promise<void> {
  for (let from = 0; from < total; from += ROWS_PER_UPDATE) {
    await between();
    await db
      .updateTable('batch_items')
      .set({ status: 'cancelled', updated_at: at })
      .where('batch_id', '=', batchId)
      .where('status', '=', 'queued')
      .where('idx', '>=', from)
      .where('idx', '<', from + ROWS_PER_UPDATE)
      .execute();
  }
}

/**
 * Failed items back in the queue, each under a new attempt (so a new idempotency record), marked
 * `ROWS_PER_UPDATE` positions a statement with `between` before each, as cancelQueued does.
 */
export async function requeueFailed(
  db: Kysely<Tables>,
  batchId: string,
  total: number,
  q: { includeInterrupted: boolean; indexes?: number[]; at: string },
  between: () => Promise<void> = async () => {},
): Promise<number> {
  let requeued = 0;
  for (let from = 0; from < total; from += ROWS_PER_UPDATE) {
    await between();
    let query = db
      .updateTable('batch_items')
      .set({ status: 'queued', attempt: sql`attempt + 1`, error: null, queued_at: q.at, updated_at: q.at })
      .where('batch_id', '=', batchId)
      .where('idx', '>=', from)
      .where('idx', '<', from + ROWS_PER_UPDATE)
      .where('status', '=', 'failed')
      // Items that failed before a lane was known (schema errors, unknown accounts) cannot succeed on a retry.
      .where('carrier', 'is not', null);
    if (q.indexes) query = query.where('idx', 'in', q.indexes.length > 0 ? q.indexes : [-1]);
    else if (!q.includeInterrupted)
      query = query.where((eb) =>
        eb.or([eb('error', 'is', null), eb('error', 'not like', '%"detail":"interrupted"%')]),
      );
    requeued += Number((await query.executeTakeFirst()).numUpdatedRows);
  }
  return requeued;
}

export async function setBatchStatus(
  db: Kysely<Tables>,
  batchId: string,
  status: string,
  completedAt: string | null,
): Promise<void> {
  await db.updateTable('batches').set({ status, completed_at: completedAt }).where('id', '=', batchId).execute();
}

/** Booked items from position `afterIdx` on, in batch order: the print file reads them page by page. */
export async function bookedAfter(
  db: Kysely<Tables>,
  batchId: string,
  afterIdx: number,
  limit: number,
): Promise<Pick<BatchItemRow, 'idx' | 'label_ids'>[]> {
  return db
    .selectFrom('batch_items')
    .select(['idx', 'label_ids'])
    .where('batch_id', '=', batchId)
    .where('status', '=', 'booked')
    .where('idx', '>', afterIdx)
    .orderBy('idx')
    .limit(limit)
    .execute();
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
