/** Webhook endpoints, events and deliveries. */
import { Type, type Static } from 'typebox';
import { EVENT_TYPES } from './events.js';

const EventType = Type.Enum([...EVENT_TYPES], { description: 'event type' });
const Subscription = Type.Array(Type.Union([EventType, Type.Literal('*')]), {
  minItems: 1,
  maxItems: EVENT_TYPES.length + 1,
  uniqueItems: true,
  description: 'event types to receive; ["*"] for all',
});
const Url = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: 'https URL (or http to a public host) that receives POSTed events',
});
const Description = Type.String({ maxLength: 500 });

export const CreateWebhookBody = Type.Object({
  webhook: Type.Object({ url: Url, events: Subscription, description: Type.Optional(Description) }),
});
export type CreateWebhookInput = Static<typeof CreateWebhookBody>['webhook'];

export const UpdateWebhookBody = Type.Object({
  webhook: Type.Object(
    {
      url: Type.Optional(Url),
      events: Type.Optional(Subscription),
      description: Type.Optional(Description),
      enabled: Type.Optional(Type.Boolean({ description: 'true re-enables an endpoint disabled after failing' })),
    },
    { minProperties: 1 },
  ),
});
export type UpdateWebhookInput = Static<typeof UpdateWebhookBody>['webhook'];

export const WebhookView = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Type.Optional(Type.String()),
  enabled: Type.Boolean(),
  disabled_reason: Type.Optional(
    Type.String({ description: 'why the endpoint was disabled, when Waybill disabled it' }),
  ),
  failing_since: Type.Optional(
    Type.String({ format: 'date-time', description: 'first failed attempt since the last success' }),
  ),
  created: Type.String({ format: 'date-time' }),
  updated: Type.String({ format: 'date-time' }),
  secret: Type.Optional(Type.String({ description: 'signing secret; shown only on creation and rotation' })),
  previous_secret_expires: Type.Optional(
    Type.String({ format: 'date-time', description: 'until then the secret before the last rotation signs too' }),
  ),
});
export type WebhookView = Static<typeof WebhookView>;
export const WebhookResponse = Type.Object({ webhook: WebhookView });
export const WebhookList = Type.Object({ webhooks: Type.Array(WebhookView) });

export const EventView = Type.Object({
  id: Type.String(),
  type: Type.String(),
  created: Type.String({ format: 'date-time' }),
  data: Type.Unknown({
    description: 'the resource as the API shows it: a booking, a Tracking result, a pickup, a return',
  }),
});
export type EventView = Static<typeof EventView>;
export const EventResponse = Type.Object({ event: EventView });
export const EventList = Type.Object({ events: Type.Array(EventView), has_more: Type.Boolean() });
export const EventQuery = Type.Object({
  type: Type.Optional(EventType),
  after: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'an event id or an ISO date-time: the events that come after it in the list’s order (later ones oldest first, earlier ones newest first)',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  order: Type.Optional(
    Type.Union([Type.Literal('oldest_first'), Type.Literal('newest_first')], {
      default: 'oldest_first',
      description:
        'oldest_first (what a consumer catching up reads) or newest_first (what a person reads, as every other list)',
    }),
  ),
});

export const AttemptView = Type.Object({
  at: Type.String({ format: 'date-time' }),
  status_code: Type.Optional(Type.Integer({ description: 'the receiver’s HTTP status; absent when no answer came' })),
  duration_ms: Type.Integer(),
  error: Type.Optional(Type.String()),
});
export const DeliveryView = Type.Object({
  id: Type.String(),
  webhook_id: Type.String(),
  event_id: Type.String(),
  event_type: Type.String(),
  status: Type.Enum(['pending', 'succeeded', 'failed']),
  created: Type.String({ format: 'date-time' }),
  completed: Type.Optional(Type.String({ format: 'date-time' })),
  next_attempt: Type.Optional(
    Type.String({ format: 'date-time', description: 'when the next attempt is due (pending only)' }),
  ),
  attempts: Type.Array(AttemptView),
});
export type DeliveryView = Static<typeof DeliveryView>;
export const DeliveryResponse = Type.Object({ delivery: DeliveryView });
export const DeliveryList = Type.Object({ deliveries: Type.Array(DeliveryView) });
export const DeliveryQuery = Type.Object({
  event_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  status: Type.Optional(Type.Enum(['pending', 'succeeded', 'failed'])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export const DeliveryParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  delivery_id: Type.String({ minLength: 1, maxLength: 100 }),
});
