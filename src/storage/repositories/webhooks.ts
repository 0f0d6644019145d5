/** Webhook endpoints of each tenant. */
import type { Kysely } from 'kysely';
import { decodeFlags, encodeFlags, flag, type WithFlags } from '../flags.js';
import type { Tables, WebhookEndpointsTable } from '../tables.js';

/** An endpoint: `events` are the types it subscribes to (["*"] for all). */
export interface EndpointRecord extends Omit<WithFlags<WebhookEndpointsTable, 'enabled'>, 'events'> {
  events: string[];
}
type EndpointChanges = Partial<Omit<EndpointRecord, 'id' | 'tenant'>>;

const FLAGS = ['enabled'] as const;
/** The events column holds the types as a JSON array. */
const decodeEvents = (json: string) => JSON.parse(json) as string[];
const encodeEvents = (events: string[]) => JSON.stringify(events);
const decode = (row: WebhookEndpointsTable): EndpointRecord => ({
  ...decodeFlags(row, FLAGS),
  events: decodeEvents(row.events),
});
function encodeChanges(changes: EndpointChanges): Partial<WebhookEndpointsTable> {
  const { events, ...rest } = changes;
  return {
    ...encodeFlags<Partial<WebhookEndpointsTable>, 'enabled'>(
      rest as WithFlags<Partial<WebhookEndpointsTable>, 'enabled'>,
      FLAGS,
    ),
    ...(events !== undefined ? { events: encodeEvents(events) } : {}),
  };
}

export async function insertEndpoint(db: Kysely<Tables>, record: EndpointRecord): Promise<void> {
  await db
    .insertInto('webhook_endpoints')
    .values({ ...record, enabled: flag(record.enabled), events: encodeEvents(record.events) })
    .execute();
}

export async function getEndpoint(db: Kysely<Tables>, tenant: string, id: string): Promise<EndpointRecord | undefined> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decode(row);
}

export async function listEndpoints(
  db: Kysely<Tables>,
  tenant: string,
  page: { limit: number; offset: number },
): Promise<EndpointRecord[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('tenant', '=', tenant)
    .orderBy('created_at')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(decode);
}

/** Enabled endpoints of the tenant: the candidates for a new event. */
export async function enabledEndpoints(
  db: Kysely<Tables>,
  tenant: string,
): Promise<Pick<EndpointRecord, 'id' | 'events'>[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('tenant', '=', tenant)
    .where('enabled', '=', flag(true))
    .execute();
  return rows.map((r) => ({ id: r.id, events: decodeEvents(r.events) }));
}

export async function updateEndpoint(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
  changes: EndpointChanges,
): Promise<boolean> {
  const res = await db
    .updateTable('webhook_endpoints')
    .set(encodeChanges(changes))
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The endpoint, its deliveries and their attempts (in the caller's transaction when given one). */
export async function deleteEndpoint(db: Kysely<Tables>, tenant: string, id: string): Promise<boolean> {
  if (!db.isTransaction) return db.transaction().execute((trx) => deleteEndpoint(trx, tenant, id));
  {
    const trx = db;
    const res = await trx
      .deleteFrom('webhook_endpoints')
      .where('tenant', '=', tenant)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) return false;
    const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id);
    await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
    return true;
  }
}

/** After a failed attempt: remember since when the endpoint fails (first failure wins). */
export async function markFailing(db: Kysely<Tables>, id: string, at: string): Promise<string> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: at })
    .where('id', '=', id)
    .where('failing_since', 'is', null)
    .execute();
  const row = await db.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', id).executeTakeFirst();
  return row?.failing_since ?? at;
}

export async function markHealthy(db: Kysely<Tables>, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

export async function disableEndpoint(db: Kysely<Tables>, id: string, reason: string, at: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ enabled: flag(false), disabled_reason: reason, updated_at: at })
    .where('id', '=', id)
    .where('enabled', '=', flag(true))
    .execute();
}

export async function countEndpoints(db: Kysely<Tables>, tenant: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant', '=', tenant)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
