/** Endpoints, events and deliveries as the API shows them. */
import type { DeliveryView, EventView, WebhookView } from '../../contract/webhooks.js';
import type * as outbox from '../../storage/repositories/events.js';
import type * as repo from '../../storage/repositories/webhooks.js';

/** `secret` only when it was just made; the previous secret's end only while it still signs. */
export function webhookView(row: repo.EndpointRecord, now: Date, secret?: string): WebhookView {
  const overlap =
    row.previous_secret_until && row.previous_secret_until > now.toISOString() ? row.previous_secret_until : undefined;
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    ...(row.description !== null ? { description: row.description } : {}),
    enabled: row.enabled,
    ...(row.disabled_reason !== null ? { disabled_reason: row.disabled_reason } : {}),
    ...(row.failing_since !== null ? { failing_since: row.failing_since } : {}),
    created: row.created_at,
    updated: row.updated_at,
    ...(secret ? { secret } : {}),
    ...(overlap ? { previous_secret_expires: overlap } : {}),
  };
}

export function eventView(row: outbox.EventRecord): EventView {
  return { id: row.id, type: row.type, created: row.created_at, data: row.data };
}

export function deliveryView(
  row: outbox.DeliveryRecord,
  eventType: string,
  attempts: outbox.AttemptRecord[],
): DeliveryView {
  return {
    id: row.id,
    webhook_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: eventType,
    status: row.status,
    created: row.created_at,
    ...(row.completed_at ? { completed: row.completed_at } : {}),
    ...(row.status === 'pending' && row.next_attempt_at ? { next_attempt: row.next_attempt_at } : {}),
    attempts: attempts.map((a) => ({
      at: a.at,
      ...(a.status_code !== null ? { status_code: a.status_code } : {}),
      duration_ms: a.duration_ms,
      ...(a.error !== null ? { error: a.error } : {}),
    })),
  };
}
