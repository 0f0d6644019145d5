/**
 * The batch worker's durable queue: a lane's queued items claimed with a lease (on PostgreSQL with
 * FOR UPDATE SKIP LOCKED, so instances never take the same row), each claim writing the item's
 * attempt record (batch-attempts.ts) in the same transaction unless the caller writes it later,
 * just before the carrier is called; leases renewed, abandoned items found, and each item settled once.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import type { Tables } from '../tables.js';
import { attemptRows } from './batch-attempts.js';
import { errorColumn, itemOf, type BatchItemRow, type ItemError } from './batch-records.js';
import { published } from './batch-store.js';

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
  const rows = await trx
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
  const claimed = rows.map(itemOf);
  // Booked in batch order, as they were picked (an UPDATE returns its rows in no given order).
  claimed.sort((a, b) => compare(a.queued_at, b.queued_at) || compare(a.batch_id, b.batch_id) || a.idx - b.idx);
  if (claimed.length === 0) return [];
  const records = attemptRows(
    claimed.filter((c) => q.recordAtClaim?.(c) ?? true),
    q.now,
    q.expiresAt,
  );
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
  return (await query.orderBy('lease_until').limit(q.limit).execute()).map(itemOf);
}

export type ItemOutcome =
  | { status: 'booked'; shipment_id: string; label_ids: string[] }
  | { status: 'failed'; error: ItemError }
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
        ? { status: 'failed', error: errorColumn(outcome.error) }
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
