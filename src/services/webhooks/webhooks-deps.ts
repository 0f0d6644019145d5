/** What the webhooks' use cases are handed, once, by their face (webhooks.ts), and the lookups they share. */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import * as outbox from '../../storage/repositories/events.js';
import * as repo from '../../storage/repositories/webhooks.js';
import type { Sealer } from '../../storage/sealing.js';
import { EVENT_RETENTION_MS } from '../kernel/index.js';

export interface WebhooksDeps {
  db: Db;
  sealer: Sealer;
  clock: Clock;
  allowPrivate: boolean;
  /** Endpoints one tenant may register (WAYBILL_WEBHOOK_MAX_ENDPOINTS). */
  maxEndpoints?: number;
}

export const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export const webhookNotFound = (id: string) => new ApiError('not_found', `webhook ${id} was not found`, id);

/** The tenant's endpoint, or 404. */
export async function findEndpoint(deps: WebhooksDeps, tenant: string, id: string): Promise<repo.EndpointRecord> {
  const row = await repo.getEndpoint(deps.db, tenant, id);
  if (!row) throw webhookNotFound(id);
  return row;
}

/** The oldest moment an event is still kept. */
export const eventsSince = (deps: WebhooksDeps) =>
  new Date(deps.clock.now().getTime() - EVENT_RETENTION_MS).toISOString();

/** The tenant's event, while it is kept, or 404. */
export async function findEvent(deps: WebhooksDeps, tenant: string, id: string): Promise<outbox.EventRecord> {
  const row = await outbox.getEvent(deps.db, tenant, id, eventsSince(deps));
  if (!row) throw new ApiError('not_found', `event ${id} was not found (events are kept 30 days)`, id);
  return row;
}
