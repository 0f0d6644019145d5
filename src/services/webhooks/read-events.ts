/** GET /events and GET /events/{id}: the tenant's events, kept 30 days. */
import type { EventView } from '../../contract/webhooks.js';
import { ApiError } from '../../domain/errors.js';
import * as outbox from '../../storage/repositories/events.js';
import { eventView } from './webhook-view.js';
import { eventsSince, findEvent, type WebhooksDeps } from './webhooks-deps.js';

/** `newestFirst`: the list read backwards, `after` then naming the event the next page is older than. */
export async function listEvents(
  deps: WebhooksDeps,
  tenant: string,
  q: { type?: string; after?: string; limit: number; newestFirst?: boolean },
): Promise<{ events: EventView[]; has_more: boolean }> {
  let after: { at: string; id?: string } | undefined;
  if (q.after !== undefined) {
    if (q.after.startsWith('evt_')) {
      const cursor = await findEvent(deps, tenant, q.after);
      after = { at: cursor.created_at, id: cursor.id };
    } else {
      const t = Date.parse(q.after);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(q.after) || Number.isNaN(t))
        throw new ApiError(
          'schema_validation_error',
          'after must be an event id (evt_…) or an ISO 8601 date-time',
          'after',
        );
      after = { at: new Date(t).toISOString() };
    }
  }
  const rows = await outbox.listEvents(deps.db, tenant, {
    since: eventsSince(deps),
    ...(q.type ? { type: q.type } : {}),
    ...(after ? { after } : {}),
    limit: q.limit + 1,
    newestFirst: q.newestFirst === true,
  });
  return { events: rows.slice(0, q.limit).map(eventView), has_more: rows.length > q.limit };
}

export async function getEvent(deps: WebhooksDeps, tenant: string, id: string): Promise<EventView> {
  return eventView(await findEvent(deps, tenant, id));
}
