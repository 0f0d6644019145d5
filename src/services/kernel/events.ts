/**
 * Recording an event: the one call every use case makes when something a tenant may subscribe to
 * happens. Pass the transaction that makes the change, so the event (and one pending delivery per
 * subscribed endpoint) commits or rolls back with it, an outbox:
 *
 *   await db.transaction().execute(async (trx) => {
 *     await trx.insertInto('returns').values(row).execute();
 *     await recordEvent(trx, { tenant, type: 'return.created', data: view, at: clock.now() });
 *   });
 *
 * Given a plain database handle instead, it opens a transaction of its own. The webhook worker
 * (webhook-worker.ts) sends the deliveries; `data` is what the receiver gets as the event's `data`.
 */
import type { Db } from '../../storage/database.js';
import { newId } from '../../storage/ids.js';
import * as events from '../../storage/repositories/events.js';
import { enabledEndpoints } from '../../storage/repositories/webhooks.js';
import type { EventType } from '../../contract/events.js';

/** Events are kept, listed and replayable for this long. */
export const EVENT_RETENTION_MS = 30 * 86_400_000;

export interface NewEvent {
  tenant: string;
  type: EventType;
  /** JSON-serialisable payload: the resource as the API shows it. */
  data: unknown;
  /** When the change happened; defaults to now. */
  at?: Date;
}

/** Whether an endpoint subscribed to these types ("*" for all) wants the event. */
export function subscribes(types: readonly string[], type: string): boolean {
  return types.includes('*') || types.includes(type);
}

/** Writes the event and its pending deliveries in `db`'s transaction; returns the event id. */
export async function recordEvent(db: Db, event: NewEvent): Promise<string> {
  return (await recordEvents(db, [event]))[0]!;
}

/** Several events of one tenant in one go (one read of its endpoints, one insert of each kind); their ids in order. */
export async function recordEvents(db: Db, list: NewEvent[]): Promise<string[]> {
  if (list.length === 0) return [];
  if (!db.isTransaction) return db.transaction().execute((trx) => recordEvents(trx, list));
  const tenants = [...new Set(list.map((e) => e.tenant))];
  const endpoints = new Map(await Promise.all(tenants.map(async (t) => [t, await enabledEndpoints(db, t)] as const)));
  const rows: events.EventRecord[] = [];
  const deliveries: events.DeliveryRecord[] = [];
  for (const event of list) {
    const id = newId('evt');
    const at = (event.at ?? new Date()).toISOString();
    rows.push({ id, tenant: event.tenant, type: event.type, data: event.data, created_at: at });
    for (const t of endpoints.get(event.tenant)!)
      if (subscribes(t.events, event.type)) deliveries.push(pendingDelivery(event.tenant, t.id, id, at));
  }
  await events.insertEvents(db, rows, deliveries);
  return rows.map((r) => r.id);
}

/** A delivery due at `at`, not yet attempted. */
export function pendingDelivery(
  tenant: string,
  endpointId: string,
  eventId: string,
  at: string,
): events.DeliveryRecord {
  return {
    id: newId('dlv'),
    tenant,
    endpoint_id: endpointId,
    event_id: eventId,
    status: 'pending',
    attempts: 0,
    next_attempt_at: at,
    lock_owner: null,
    locked_until: null,
    last_status_code: null,
    last_error: null,
    created_at: at,
    completed_at: null,
  };
}
