/**
 * Webhook endpoints (register, read, change, rotate the secret, delete), the tenant's events
 * (listed for 30 days), delivery history, replays and redeliveries. Sending is the worker's job
 * (worker.ts); recording events is the kernel's (kernel/events.ts).
 *
 * The face binds the dependencies to the use cases: createWebhook (create-webhook.ts), getWebhook
 * and listWebhooks (read-webhooks.ts), updateWebhook, rotateWebhookSecret and deleteWebhook
 * (change-webhook.ts), listWebhookDeliveries, replayWebhookDelivery and redeliverEvent
 * (deliveries.ts), listEvents and getEvent (read-events.ts).
 */
import { bind } from '../../foundations/bind.js';
import { deleteWebhook, rotateWebhookSecret, updateWebhook } from './change-webhook.js';
import { createWebhook } from './create-webhook.js';
import { listWebhookDeliveries, redeliverEvent, replayWebhookDelivery } from './deliveries.js';
import { getEvent, listEvents } from './read-events.js';
import { getWebhook, listWebhooks } from './read-webhooks.js';
import type { WebhooksDeps } from './webhooks-deps.js';

export type { WebhooksDeps };

export function createWebhooksService(deps: WebhooksDeps) {
  return {
    create: bind(deps, createWebhook),
    read: bind(deps, getWebhook),
    list: bind(deps, listWebhooks),
    update: bind(deps, updateWebhook),
    rotateSecret: bind(deps, rotateWebhookSecret),
    remove: bind(deps, deleteWebhook),
    deliveries: bind(deps, listWebhookDeliveries),
    replay: bind(deps, replayWebhookDelivery),
    redeliver: bind(deps, redeliverEvent),
    listEvents: bind(deps, listEvents),
    readEvent: bind(deps, getEvent),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
