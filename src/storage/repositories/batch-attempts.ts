/**
 * The idempotency record of one booking attempt of one batch item (`batch:<batch>:<index>:<attempt>`):
 * written in progress when the carrier may be called from then on, completed with the shipment it
 * booked in the transaction that stores it, released when nothing was booked. Its answer column
 * holds `{"shipment_id": …}`, encoded and decoded here alone.
 */
import type { Kysely } from 'kysely';
import type { IdempotencyTable, Tables } from '../tables.js';
import type { BatchItemRow } from './batch-records.js';
import * as idempotency from './idempotency.js';

type Attempt = Pick<BatchItemRow, 'tenant' | 'batch_id' | 'idx' | 'attempt'>;

/** The idempotency key of one booking attempt of one item. */
export function itemKey(item: { batch_id: string; idx: number; attempt: number }): string {
  return `batch:${item.batch_id}:${item.idx}:${item.attempt}`;
}

/** The idempotency record of an item's booking attempt, in progress: from then on the carrier may have been called. */
export function itemRecord(item: Attempt, now: string, expiresAt: string): idempotency.IdempotencyRow {
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

/** The records of the attempts a claim starts, as their table holds them: inserted with the claim (batch-queue.ts). */
export function attemptRows(items: Attempt[], now: string, expiresAt: string): IdempotencyTable[] {
  return idempotency.recordRows(items.map((item) => itemRecord(item, now, expiresAt)));
}

/** An attempt's record as the booking reads it: in progress since `created_at`, or done with its shipment. */
export interface AttemptRecord {
  state: idempotency.IdempotencyRow['state'];
  created_at: string;
  /** The shipment a completed attempt stored. */
  shipment_id?: string;
}

/** Writes the attempt's record, in progress since `at`: false when a live record already holds it. */
export function claimAttempt(db: Kysely<Tables>, item: Attempt, at: string, expiresAt: string): Promise<boolean> {
  return idempotency.claim(db, itemRecord(item, at, expiresAt), at);
}

export async function findAttempt(db: Kysely<Tables>, item: Attempt): Promise<AttemptRecord | undefined> {
  const record = await idempotency.find(db, item.tenant, itemKey(item));
  if (!record) return undefined;
  const answer =
    record.state === 'done' && record.response ? (JSON.parse(record.response) as { shipment_id: string }) : undefined;
  return {
    state: record.state,
    created_at: record.created_at,
    ...(answer ? { shipment_id: answer.shipment_id } : {}),
  };
}

/** The attempt booked `shipmentId`: completed in the transaction that stores the shipment. */
export function completeAttempt(trx: Kysely<Tables>, item: Attempt, shipmentId: string): Promise<void> {
  return idempotency.complete(trx, item.tenant, itemKey(item), 200, JSON.stringify({ shipment_id: shipmentId }));
}

/** Nothing was booked under the attempt: its record, still in progress, is removed. */
export function releaseAttempt(db: Kysely<Tables>, item: Attempt): Promise<void> {
  return idempotency.release(db, item.tenant, itemKey(item));
}

/** Releases the attempt only if still claimed at `claimedAt` (not moved to a later call): true when released. */
export function releaseAttemptClaimedAt(db: Kysely<Tables>, item: Attempt, claimedAt: string): Promise<boolean> {
  return idempotency.releaseClaimedAt(db, item.tenant, itemKey(item), claimedAt);
}

/** Moves the attempt's claim time from `from` to `to` (a late call): false when it is no longer that claim. */
export function moveAttempt(db: Kysely<Tables>, item: Attempt, from: string, to: string): Promise<boolean> {
  return idempotency.moveClaim(db, item.tenant, itemKey(item), from, to);
}
