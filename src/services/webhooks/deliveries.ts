/**
 * A webhook's delivery history (GET /webhooks/{id}/deliveries), a delivery replayed to its endpoint
 * (POST …/deliveries/{id}/replay) and an event redelivered to every endpoint subscribed to it now
 * (POST /events/{id}/redeliver). Sending is the worker's (worker.ts): these only queue deliveries.
 */
import type { DeliveryView } from '../../contract/webhooks.js';
import { ApiError } from '../../domain/errors.js';
import * as outbox from '../../storage/repositories/events.js';
import * as repo from '../../storage/repositories/webhooks.js';
import { pendingDelivery, subscribes } from '../kernel/index.js';
import { deliveryView } from './webhook-view.js';
import { findEndpoint, findEvent, type WebhooksDeps } from './webhooks-deps.js';

export async function listWebhookDeliveries(
  deps: WebhooksDeps,
  tenant: string,
  id: string,
  q: { limit: number; eventId?: string; status?: string },
): Promise<DeliveryView[]> {
  await findEndpoint(deps, tenant, id);
  const rows = await outbox.listDeliveries(deps.db, tenant, id, q);
  const attempts = await outbox.attemptsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    deliveryView(
      r,
      r.event_type,
      attempts.filter((a) => a.delivery_id === r.id),
    ),
  );
}

/** The same event to the same endpoint again, as a new delivery due now. */
export async function replayWebhookDelivery(
  deps: WebhooksDeps,
  tenant: string,
  id: string,
  deliveryId: string,
): Promise<DeliveryView> {
  const endpoint = await findEndpoint(deps, tenant, id);
  const original = await outbox.getDelivery(deps.db, tenant, id, deliveryId);
  if (!original) throw new ApiError('not_found', `delivery ${deliveryId} of webhook ${id} was not found`, deliveryId);
  if (!endpoint.enabled)
    throw new ApiError('conflict', `webhook ${id} is disabled; enable it with PATCH /webhooks/${id} first`, id);
  const event = await findEvent(deps, tenant, original.event_id);
  const delivery = pendingDelivery(tenant, id, event.id, deps.clock.now().toISOString());
  await outbox.insertDeliveries(deps.db, [delivery]);
  return deliveryView(delivery, event.type, []);
}

/** The event again to every enabled endpoint that subscribes to its type now. */
export async function redeliverEvent(deps: WebhooksDeps, tenant: string, eventId: string): Promise<DeliveryView[]> {
  const event = await findEvent(deps, tenant, eventId);
  const at = deps.clock.now().toISOString();
  const targets = (await repo.enabledEndpoints(deps.db, tenant)).filter((e) => subscribes(e.events, event.type));
  const rows = targets.map((t) => pendingDelivery(tenant, t.id, event.id, at));
  await outbox.insertDeliveries(deps.db, rows);
  return rows.map((r) => deliveryView(r, event.type, []));
}
