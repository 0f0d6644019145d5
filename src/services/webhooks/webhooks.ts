/**
 * Webhook endpoints (register, read, change, rotate the secret, delete), the tenant's events
 * (listed for 30 days), delivery history, replays and redeliveries. Sending is the worker's job
 * (webhook-worker.ts); recording events is events.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import { ApiError } from '../../domain/errors.js';
import type {
  CreateWebhookInput,
  DeliveryView,
  EventView,
  UpdateWebhookInput,
  WebhookView,
} from '../../contract/webhooks.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import { newId } from '../../storage/ids.js';
import * as outbox from '../../storage/repositories/events.js';
import * as repo from '../../storage/repositories/webhooks.js';
import type { Sealer } from '../../storage/sealing.js';
import { recordAudit } from '../audit/index.js';
import { EVENT_RETENTION_MS, pendingDelivery, subscribes } from '../kernel/index.js';
import { checkEndpointHost } from './url.js';

/** After a rotation the old secret keeps signing this long, so receivers can switch. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export interface WebhooksDeps {
  db: Db;
  sealer: Sealer;
  clock: Clock;
  allowPrivate: boolean;
  /** Endpoints one tenant may register (WAYBILL_WEBHOOK_MAX_ENDPOINTS). */
  maxEndpoints?: number;
}

export const DEFAULT_MAX_ENDPOINTS = 20;

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

function view(row: repo.EndpointRecord, now: Date, secret?: string): WebhookView {
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

function eventView(row: outbox.EventRecord): EventView {
  return { id: row.id, type: row.type, created: row.created_at, data: row.data };
}

function deliveryView(row: outbox.DeliveryRecord, eventType: string, attempts: outbox.AttemptRecord[]): DeliveryView {
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

export function createWebhooksService(deps: WebhooksDeps) {
  const { db, sealer, clock } = deps;
  const since = () => new Date(clock.now().getTime() - EVENT_RETENTION_MS).toISOString();

  async function getRow(tenant: string, id: string): Promise<repo.EndpointRecord> {
    const row = await repo.getEndpoint(db, tenant, id);
    if (!row) throw new ApiError('not_found', `webhook ${id} was not found`, id);
    return row;
  }

  async function create(tenant: string, input: CreateWebhookInput, by: AuditContext): Promise<WebhookView> {
    await checkEndpointHost(input.url, deps.allowPrivate, 'webhook.url');
    // Every event fans out to every endpoint: a cap keeps one tenant from flooding a host with them.
    const maxEndpoints = deps.maxEndpoints ?? DEFAULT_MAX_ENDPOINTS;
    if ((await repo.countEndpoints(db, tenant)) >= maxEndpoints) {
      throw new ApiError(
        'limit_exceeded',
        `A tenant may register at most ${maxEndpoints} webhook endpoints; delete one first`,
        'webhook',
      );
    }
    const now = clock.now();
    const secret = newSecret();
    const row: repo.EndpointRecord = {
      id: newId('wh'),
      tenant,
      url: input.url,
      events: input.events,
      description: input.description ?? null,
      secret_sealed: sealer.seal(secret),
      previous_secret_sealed: null,
      previous_secret_until: null,
      enabled: true,
      disabled_reason: null,
      failing_since: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    await db.transaction().execute(async (trx) => {
      await repo.insertEndpoint(trx, row);
      await recordAudit(trx, by, {
        action: 'webhook.created',
        resource: { id: row.id },
        changes: {
          url: input.url,
          events: input.events,
          ...(input.description ? { description: input.description } : {}),
        },
        at: now,
      });
    });
    return view(row, now, secret);
  }

  const read = async (tenant: string, id: string) => view(await getRow(tenant, id), clock.now());

  async function list(tenant: string, page: { limit: number; offset: number }): Promise<WebhookView[]> {
    const now = clock.now();
    return (await repo.listEndpoints(db, tenant, page)).map((r) => view(r, now));
  }

  async function update(tenant: string, id: string, input: UpdateWebhookInput, by: AuditContext): Promise<WebhookView> {
    await getRow(tenant, id);
    if (input.url !== undefined) await checkEndpointHost(input.url, deps.allowPrivate, 'webhook.url');
    const changes: Parameters<typeof repo.updateEndpoint>[3] = { updated_at: clock.now().toISOString() };
    if (input.url !== undefined) changes.url = input.url;
    if (input.events !== undefined) changes.events = input.events;
    if (input.description !== undefined) changes.description = input.description;
    // Enabling starts afresh: pending deliveries resume, the failure clock restarts.
    if (input.enabled !== undefined)
      Object.assign(changes, { enabled: input.enabled, disabled_reason: null, failing_since: null });
    await db.transaction().execute(async (trx) => {
      if (!(await repo.updateEndpoint(trx, tenant, id, changes)))
        throw new ApiError('not_found', `webhook ${id} was not found`, id);
      await recordAudit(trx, by, {
        action: 'webhook.updated',
        resource: { id },
        changes: { ...input },
        at: clock.now(),
      });
    });
    return read(tenant, id);
  }

  async function rotateSecret(tenant: string, id: string, by: AuditContext): Promise<WebhookView> {
    const row = await getRow(tenant, id);
    const now = clock.now();
    const secret = newSecret();
    const overlapUntil = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
    await db.transaction().execute(async (trx) => {
      await repo.updateEndpoint(trx, tenant, id, {
        secret_sealed: sealer.seal(secret),
        previous_secret_sealed: row.secret_sealed,
        previous_secret_until: overlapUntil,
        updated_at: now.toISOString(),
      });
      await recordAudit(trx, by, {
        action: 'webhook.secret_rotated',
        resource: { id },
        changes: { previous_secret_until: overlapUntil },
        at: now,
      });
    });
    return view(await getRow(tenant, id), now, secret);
  }

  async function remove(tenant: string, id: string, by: AuditContext): Promise<void> {
    await db.transaction().execute(async (trx) => {
      if (!(await repo.deleteEndpoint(trx, tenant, id)))
        throw new ApiError('not_found', `webhook ${id} was not found`, id);
      await recordAudit(trx, by, { action: 'webhook.deleted', resource: { id }, at: clock.now() });
    });
  }

  async function withAttempts(rows: (outbox.DeliveryRecord & { event_type: string })[]): Promise<DeliveryView[]> {
    const attempts = await outbox.attemptsOf(
      db,
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

  async function deliveries(
    tenant: string,
    id: string,
    q: { limit: number; eventId?: string; status?: string },
  ): Promise<DeliveryView[]> {
    await getRow(tenant, id);
    return withAttempts(await outbox.listDeliveries(db, tenant, id, q));
  }

  async function getEventRecord(tenant: string, id: string): Promise<outbox.EventRecord> {
    const row = await outbox.getEvent(db, tenant, id, since());
    if (!row) throw new ApiError('not_found', `event ${id} was not found (events are kept 30 days)`, id);
    return row;
  }

  /** The same event to the same endpoint again, as a new delivery due now. */
  async function replay(tenant: string, id: string, deliveryId: string): Promise<DeliveryView> {
    const endpoint = await getRow(tenant, id);
    const original = await outbox.getDelivery(db, tenant, id, deliveryId);
    if (!original) throw new ApiError('not_found', `delivery ${deliveryId} of webhook ${id} was not found`, deliveryId);
    if (!endpoint.enabled)
      throw new ApiError('conflict', `webhook ${id} is disabled; enable it with PATCH /webhooks/${id} first`, id);
    const event = await getEventRecord(tenant, original.event_id);
    const delivery = pendingDelivery(tenant, id, event.id, clock.now().toISOString());
    await outbox.insertDeliveries(db, [delivery]);
    return deliveryView(delivery, event.type, []);
  }

  /** The event again to every enabled endpoint that subscribes to its type now. */
  async function redeliver(tenant: string, eventId: string): Promise<DeliveryView[]> {
    const event = await getEventRecord(tenant, eventId);
    const at = clock.now().toISOString();
    const targets = (await repo.enabledEndpoints(db, tenant)).filter((e) => subscribes(e.events, event.type));
    const rows = targets.map((t) => pendingDelivery(tenant, t.id, event.id, at));
    await outbox.insertDeliveries(db, rows);
    return rows.map((r) => deliveryView(r, event.type, []));
  }

  /** `newestFirst`: the list read backwards, `after` then naming the event the next page is older than. */
  async function listEvents(
    tenant: string,
    q: { type?: string; after?: string; limit: number; newestFirst?: boolean },
  ): Promise<{ events: EventView[]; has_more: boolean }> {
    let after: { at: string; id?: string } | undefined;
    if (q.after !== undefined) {
      if (q.after.startsWith('evt_')) {
        const cursor = await getEventRecord(tenant, q.after);
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
    const rows = await outbox.listEvents(db, tenant, {
      since: since(),
      ...(q.type ? { type: q.type } : {}),
      ...(after ? { after } : {}),
      limit: q.limit + 1,
      newestFirst: q.newestFirst === true,
    });
    return { events: rows.slice(0, q.limit).map(eventView), has_more: rows.length > q.limit };
  }

  const readEvent = async (tenant: string, id: string) => eventView(await getEventRecord(tenant, id));

  return { create, read, list, update, rotateSecret, remove, deliveries, replay, redeliver, listEvents, readEvent };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
