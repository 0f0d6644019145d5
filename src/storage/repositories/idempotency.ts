/**
 * Idempotency records: the first request with a key claims it (in_progress); its response is kept
 * (done) and replayed to retries until the record expires.
 */
import type { Kysely } from 'kysely';
import type { IdempotencyTable, Tables } from '../tables.js';

/** Who made the request a key was claimed for: its actor and the permissions it held then. */
export interface KeyMaker {
  actor: string;
  permissions: string[];
}

/** An Idempotency-Key's record; `principal` decoded from its JSON column here, and encoded here. */
export interface IdempotencyRow {
  tenant: string;
  key: string;
  /** Method and path the key was first used with, plus a SHA-256 of the body. */
  fingerprint: string;
  state: 'in_progress' | 'done';
  status_code: number | null;
  /** The answer's bytes as they were sent (sealed when they carry a secret). */
  response: string | null;
  created_at: string;
  expires_at: string;
  /** Who made the request; null: a batch item's, or from before makers were kept. */
  principal: KeyMaker | null;
}

const makerColumn = (maker: KeyMaker | null): string | null => (maker === null ? null : JSON.stringify(maker));

const recordOf = (row: IdempotencyTable): IdempotencyRow => ({
  ...row,
  state: row.state as IdempotencyRow['state'],
  principal: row.principal === null ? null : (JSON.parse(row.principal) as KeyMaker),
});

/** true when this caller now owns the key; false when a live record already holds it. */
export async function claim(db: Kysely<Tables>, row: IdempotencyRow, now: string): Promise<boolean> {
  // An expired record no longer protects anything; clear it so the key can be claimed afresh.
  await db
    .deleteFrom('idempotency')
    .where('tenant', '=', row.tenant)
    .where('key', '=', row.key)
    .where('expires_at', '<=', now)
    .execute();
  const res = await db
    .insertInto('idempotency')
    .values({ ...row, principal: makerColumn(row.principal) })
    .onConflict((oc) => oc.columns(['tenant', 'key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function find(db: Kysely<Tables>, tenant: string, key: string): Promise<IdempotencyRow | undefined> {
  const row = await db
    .selectFrom('idempotency')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && recordOf(row);
}

/** Records as their table holds them, for a statement that writes several at once (a batch's claim). */
export const recordRows = (records: IdempotencyRow[]): IdempotencyTable[] =>
  records.map((r) => ({ ...r, principal: makerColumn(r.principal) }));

export async function complete(
  db: Kysely<Tables>,
  tenant: string,
  key: string,
  statusCode: number,
  response: string,
): Promise<void> {
  await db
    .updateTable('idempotency')
    .set({ state: 'done', status_code: statusCode, response })
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .execute();
}

export async function release(db: Kysely<Tables>, tenant: string, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency')
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .where('state', '=', 'in_progress')
    .execute();
}

/** Releases a claim only if it is still the one made at `createdAt` (not moved to a later call): true when released. */
export async function releaseClaimedAt(
  db: Kysely<Tables>,
  tenant: string,
  key: string,
  createdAt: string,
): Promise<boolean> {
  const res = await db
    .deleteFrom('idempotency')
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .where('state', '=', 'in_progress')
    .where('created_at', '=', createdAt)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Takes over a claim left in progress since before `staleBefore` (its instance died): true when this
 * caller won it, whose request (`principal`) the claim then holds. The update is conditional on the old claim time, so two retries cannot both win.
 */
export async function takeOver(
  db: Kysely<Tables>,
  stale: IdempotencyRow,
  staleBefore: string,
  now: string,
  expiresAt: string,
  principal: KeyMaker | null,
): Promise<boolean> {
  const res = await db
    .updateTable('idempotency')
    .set({ created_at: now, expires_at: expiresAt, principal: makerColumn(principal) })
    .where('tenant', '=', stale.tenant)
    .where('key', '=', stale.key)
    .where('state', '=', 'in_progress')
    .where('created_at', '=', stale.created_at)
    .where('created_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Moves an in-progress claim's time from `from` to `to` (a booking call made long after its claim):
 * false when the claim is no longer that one (settled, released or taken over meanwhile).
 */
export async function moveClaim(
  db: Kysely<Tables>,
  tenant: string,
  key: string,
  from: string,
  to: string,
): Promise<boolean> {
  const res = await db
    .updateTable('idempotency')
    .set({ created_at: to })
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .where('state', '=', 'in_progress')
    .where('created_at', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A claim taken over is handed back with its first claim time, so that it is stale again. */
export async function reopen(db: Kysely<Tables>, tenant: string, key: string, createdAt: string): Promise<void> {
  await db
    .updateTable('idempotency')
    .set({ created_at: createdAt })
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .where('state', '=', 'in_progress')
    .execute();
}
