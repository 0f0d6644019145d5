/**
 * Shipments tracked in the background for webhooks. Instances share the work through these rows:
 * a poller leases due rows (FOR UPDATE SKIP LOCKED on PostgreSQL) and moves their next poll on.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { decodeFlags, encodeFlags, flag, type WithFlags } from '../flags.js';
import type { Tables, TrackedShipmentsTable } from '../tables.js';

export type TrackedRow = WithFlags<TrackedShipmentsTable, 'test'>;
const FLAGS = ['test'] as const;
const decode = (row: TrackedShipmentsTable): TrackedRow => decodeFlags(row, FLAGS);
const encode = (record: TrackedRow): TrackedShipmentsTable => encodeFlags<TrackedShipmentsTable, 'test'>(record, FLAGS);

/** Starts (or restarts) background tracking of a number; due at once. */
export async function watch(
  db: Kysely<Tables>,
  row: Pick<TrackedRow, 'tenant' | 'shipping_account_id' | 'tracking_number' | 'carrier' | 'test'>,
  now: string,
): Promise<void> {
  await db
    .insertInto('tracked_shipments')
    .values({
      ...encodeFlags<
        Pick<TrackedShipmentsTable, 'tenant' | 'shipping_account_id' | 'tracking_number' | 'carrier' | 'test'>,
        'test'
      >(row, FLAGS),
      stage: null,
      state: 'active',
      started_at: now,
      next_poll_at: now,
      locked_until: null,
      last_error: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['tenant', 'shipping_account_id', 'tracking_number'])
        .doUpdateSet({ state: 'active', next_poll_at: now, test: flag(row.test) }),
    )
    .execute();
}

export async function claimDue(
  db: Kysely<Tables>,
  dialect: Dialect,
  q: { now: string; lockedUntil: string; limit: number },
): Promise<TrackedRow[]> {
  const dueIn = (d: Kysely<Tables>) =>
    d
      .selectFrom('tracked_shipments')
      .select(['tenant', 'shipping_account_id', 'tracking_number'])
      .where('state', '=', 'active')
      .where('next_poll_at', '<=', q.now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', q.now)]));
  // An idle poller only reads: no transaction until something is due.
  if (!(await dueIn(db).limit(1).executeTakeFirst())) return [];
  return db.transaction().execute(async (trx) => {
    let due = dueIn(trx).orderBy('next_poll_at').limit(q.limit);
    // PostgreSQL: rows another instance is claiming stay locked until its transaction ends, and are
    // skipped rather than waited for. SQLite runs one transaction at a time.
    if (dialect === 'postgres') due = due.forUpdate().skipLocked();
    const claimed: TrackedRow[] = [];
    for (const r of await due.execute()) {
      const row = await trx
        .updateTable('tracked_shipments')
        .set({ locked_until: q.lockedUntil })
        .where('tenant', '=', r.tenant)
        .where('shipping_account_id', '=', r.shipping_account_id)
        .where('tracking_number', '=', r.tracking_number)
        .returningAll()
        .executeTakeFirst();
      if (row) claimed.push(decode(row));
    }
    return claimed;
  });
}

export async function finishPoll(
  db: Kysely<Tables>,
  key: Pick<TrackedRow, 'tenant' | 'shipping_account_id' | 'tracking_number'>,
  next: Pick<TrackedRow, 'stage' | 'state' | 'next_poll_at' | 'last_error'>,
): Promise<void> {
  await db
    .updateTable('tracked_shipments')
    .set({ ...next, locked_until: null })
    .where('tenant', '=', key.tenant)
    .where('shipping_account_id', '=', key.shipping_account_id)
    .where('tracking_number', '=', key.tracking_number)
    .execute();
}
