/**
 * The event outbox: events, one delivery per subscribed endpoint, and each delivery's attempts.
 * Workers claim due deliveries with a lease; on PostgreSQL with FOR UPDATE SKIP LOCKED so that
 * several instances never take the same row.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import type { EventsTable, Tables, WebhookDeliveriesTable } from '../tables.js';

/** An event: `data` is what a receiver gets as the event's `data` (any JSON value). */
export interface EventRecord extends Omit<EventsTable, 'data'> {
  data: unknown;
}

/** The column holds the data as JSON text. */
function decodeEvent(row: EventsTable): EventRecord {
  return { ...row, data: JSON.parse(row.data) as unknown };
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event to one endpoint, retried until it succeeds or fails for good. */
export interface DeliveryRecord extends Omit<WebhookDeliveriesTable, 'status'> {
  status: DeliveryStatus;
}

/** One try of a delivery: the receiver's status code (null when no answer came) or the error. */
export interface AttemptRecord {
  id: string;
  delivery_id: string;
  at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

/** Only this module writes the status column, so it holds a DeliveryStatus. */
const asDelivery = <Row extends WebhookDeliveriesTable>(row: Row) => row as Row & DeliveryRecord;

/** Events and their deliveries; chunked so no statement passes SQLite's bound-variable limit. */
export async function insertEvents(
  db: Kysely<Tables>,
  records: EventRecord[],
  deliveries: DeliveryRecord[],
): Promise<void> {
  const rows = records.map((r) => ({ ...r, data: JSON.stringify(r.data) }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('events')
      .values(rows.slice(i, i + 500))
      .execute();
  for (let i = 0; i < deliveries.length; i += 500)
    await db
      .insertInto('webhook_deliveries')
      .values(deliveries.slice(i, i + 500))
      .execute();
}

export async function insertDeliveries(db: Kysely<Tables>, deliveries: DeliveryRecord[]): Promise<void> {
  if (deliveries.length > 0) await db.insertInto('webhook_deliveries').values(deliveries).execute();
}

export async function getEvent(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
  since: string,
): Promise<EventRecord | undefined> {
  const row = await db
    .selectFrom('events')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return row && decodeEvent(row);
}

/** Oldest first, or newest first (`after` then: the events before it). */
export async function listEvents(
  db: Kysely<Tables>,
  tenant: string,
  q: { since: string; type?: string; after?: { at: string; id?: string }; limit: number; newestFirst?: boolean },
): Promise<EventRecord[]> {
  let query = db.selectFrom('events').selectAll().where('tenant', '=', tenant).where('created_at', '>=', q.since);
  if (q.type) query = query.where('type', '=', q.type);
  const after = q.after;
  const beyond = q.newestFirst ? '<' : '>';
  if (after) {
    query = after.id
      ? query.where((eb) =>
          eb.or([
            eb('created_at', beyond, after.at),
            eb.and([eb('created_at', '=', after.at), eb('id', beyond, after.id!)]),
          ]),
        )
      : query.where('created_at', beyond, after.at);
  }
  const direction = q.newestFirst ? 'desc' : 'asc';
  const rows = await query.orderBy('created_at', direction).orderBy('id', direction).limit(q.limit).execute();
  return rows.map(decodeEvent);
}

export async function getDelivery(
  db: Kysely<Tables>,
  tenant: string,
  endpointId: string,
  id: string,
): Promise<DeliveryRecord | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && asDelivery(row);
}

export type DeliveryListRow = DeliveryRecord & { event_type: string };

/** Newest first, with the event's type. */
export async function listDeliveries(
  db: Kysely<Tables>,
  tenant: string,
  endpointId: string,
  q: { limit: number; eventId?: string; status?: string },
): Promise<DeliveryListRow[]> {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select('e.type as event_type')
    .where('d.tenant', '=', tenant)
    .where('d.endpoint_id', '=', endpointId);
  if (q.eventId) query = query.where('d.event_id', '=', q.eventId);
  if (q.status) query = query.where('d.status', '=', q.status);
  const rows = await query.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(q.limit).execute();
  return rows.map(asDelivery);
}

export async function attemptsOf(db: Kysely<Tables>, deliveryIds: string[]): Promise<AttemptRecord[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** What a worker needs to send one claimed delivery. */
export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  attempts: number;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: string | null;
  failing_since: string | null;
  event_id: string;
  event_type: string;
  /** The event's data as the JSON text stored, spliced as is into the body sent (not decoded: hot path). */
  event_data: string;
  event_created_at: string;
}

/**
 * Takes up to `limit` due deliveries of enabled endpoints (other than `skipEndpoints`, which this
 * worker has enough of in flight) and leases them to `owner` until `lockedUntil`.
 */
export async function claimDue(
  db: Kysely<Tables>,
  dialect: Dialect,
  q: { owner: string; now: string; lockedUntil: string; limit: number; skipEndpoints: string[] },
): Promise<ClaimedDelivery[]> {
  let due = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', q.now)
    .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', q.now)]))
    .where('w.enabled', '=', 1);
  if (q.skipEndpoints.length > 0) due = due.where('d.endpoint_id', 'not in', q.skipEndpoints);
  // An idle worker only reads: no write (and on SQLite no write lock) until something is due.
  if (!(await due.limit(1).executeTakeFirst())) return [];
  due = due.orderBy('d.next_attempt_at').limit(q.limit);
  // PostgreSQL: rows another instance is claiming right now are skipped, not waited for. SQLite has
  // one writer, so the update below is already atomic.
  if (dialect === 'postgres') due = due.forUpdate('d').skipLocked();
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set({ lock_owner: q.owner, locked_until: q.lockedUntil })
    .where('id', 'in', due)
    .returning('id')
    .execute();
  if (claimed.length === 0) return [];
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.endpoint_id',
      'd.attempts',
      'w.url',
      'w.secret_sealed',
      'w.previous_secret_sealed',
      'w.previous_secret_until',
      'w.failing_since',
      'e.id as event_id',
      'e.type as event_type',
      'e.data as event_data',
      'e.created_at as event_created_at',
    ])
    .where(
      'd.id',
      'in',
      claimed.map((c) => c.id),
    )
    .where('d.lock_owner', '=', q.owner)
    .execute();
}

export type DeliveryOutcome = Pick<
  DeliveryRecord,
  'status' | 'attempts' | 'next_attempt_at' | 'last_status_code' | 'last_error' | 'completed_at'
>;

/**
 * Records attempts and their deliveries' new states in one transaction (one commit for many
 * attempts); each only if this worker still holds the delivery. Answers, per attempt, whether it did.
 */
export async function recordAttempts(
  db: Kysely<Tables>,
  owner: string,
  items: { attempt: AttemptRecord; next: DeliveryOutcome }[],
): Promise<boolean[]> {
  return db.transaction().execute(async (trx) => {
    const held: boolean[] = [];
    for (const { attempt, next } of items) {
      const res = await trx
        .updateTable('webhook_deliveries')
        .set({ ...next, lock_owner: null, locked_until: null })
        .where('id', '=', attempt.delivery_id)
        .where('lock_owner', '=', owner)
        .executeTakeFirst();
      held.push(Number(res.numUpdatedRows) > 0);
    }
    const recorded = items.filter((_, i) => held[i]).map((i) => i.attempt);
    if (recorded.length > 0) await trx.insertInto('webhook_attempts').values(recorded).execute();
    return held;
  });
}

/** Events older than the retention, with their deliveries and attempts. */
export async function purgeBefore(db: Kysely<Tables>, before: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const old = trx.selectFrom('events').select('id').where('created_at', '<', before);
    const oldDeliveries = trx.selectFrom('webhook_deliveries').select('id').where('event_id', 'in', old);
    await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', oldDeliveries).execute();
    await trx.deleteFrom('webhook_deliveries').where('event_id', 'in', old).execute();
    const res = await trx.deleteFrom('events').where('created_at', '<', before).executeTakeFirst();
    return Number(res.numDeletedRows);
  });
}

/** Deliveries still to be made (GET /metrics); the status index answers it. */
export async function countPending(db: Kysely<Tables>): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
