/** The event types a webhook endpoint may subscribe to: part of the public contract. */
export const EVENT_TYPES = [
  'shipment.created',
  'shipment.cancelled',
  'tracking.updated',
  'pickup.scheduled',
  'pickup.cancelled',
  'return.created',
  'return.updated',
  'batch.completed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
