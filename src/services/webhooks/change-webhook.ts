/** PATCH /webhooks/{id}, POST /webhooks/{id}/rotate-secret and DELETE /webhooks/{id}. */
import type { UpdateWebhookInput, WebhookView } from '../../contract/webhooks.js';
import type { AuditContext } from '../../domain/audit.js';
import * as repo from '../../storage/repositories/webhooks.js';
import { recordAudit } from '../audit/index.js';
import { getWebhook } from './read-webhooks.js';
import { checkEndpointHost } from './url.js';
import { webhookView } from './webhook-view.js';
import { findEndpoint, newSecret, webhookNotFound, type WebhooksDeps } from './webhooks-deps.js';

/** After a rotation the old secret keeps signing this long, so receivers can switch. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export async function updateWebhook(
  deps: WebhooksDeps,
  tenant: string,
  id: string,
  input: UpdateWebhookInput,
  by: AuditContext,
): Promise<WebhookView> {
  const { db, clock } = deps;
  await findEndpoint(deps, tenant, id);
  if (input.url !== undefined) await checkEndpointHost(input.url, deps.allowPrivate, 'webhook.url');
  const changes: Parameters<typeof repo.updateEndpoint>[3] = { updated_at: clock.now().toISOString() };
  if (input.url !== undefined) changes.url = input.url;
  if (input.events !== undefined) changes.events = input.events;
  if (input.description !== undefined) changes.description = input.description;
  // Enabling starts afresh: pending deliveries resume, the failure clock restarts.
  if (input.enabled !== undefined)
    Object.assign(changes, { enabled: input.enabled, disabled_reason: null, failing_since: null });
  await db.transaction().execute(async (trx) => {
    if (!(await repo.updateEndpoint(trx, tenant, id, changes))) throw webhookNotFound(id);
    await recordAudit(trx, by, {
      action: 'webhook.updated',
      resource: { id },
      changes: { ...input },
      at: clock.now(),
    });
  });
  return getWebhook(deps, tenant, id);
}

export async function rotateWebhookSecret(
  deps: WebhooksDeps,
  tenant: string,
  id: string,
  by: AuditContext,
): Promise<WebhookView> {
  const row = await findEndpoint(deps, tenant, id);
  const now = deps.clock.now();
  const secret = newSecret();
  const overlapUntil = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateEndpoint(trx, tenant, id, {
      secret_sealed: deps.sealer.seal(secret),
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
  return webhookView(await findEndpoint(deps, tenant, id), now, secret);
}

export async function deleteWebhook(deps: WebhooksDeps, tenant: string, id: string, by: AuditContext): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteEndpoint(trx, tenant, id))) throw webhookNotFound(id);
    await recordAudit(trx, by, { action: 'webhook.deleted', resource: { id }, at: deps.clock.now() });
  });
}
