/** POST /webhooks: an endpoint registered, its signing secret shown this once. */
import type { CreateWebhookInput, WebhookView } from '../../contract/webhooks.js';
import type { AuditContext } from '../../domain/audit.js';
import { ApiError } from '../../domain/errors.js';
import { newId } from '../../storage/ids.js';
import * as repo from '../../storage/repositories/webhooks.js';
import { recordAudit } from '../audit/index.js';
import { checkEndpointHost } from './url.js';
import { webhookView } from './webhook-view.js';
import { newSecret, type WebhooksDeps } from './webhooks-deps.js';

export const DEFAULT_MAX_ENDPOINTS = 20;

export async function createWebhook(
  deps: WebhooksDeps,
  tenant: string,
  input: CreateWebhookInput,
  by: AuditContext,
): Promise<WebhookView> {
  const { db, clock } = deps;
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
    secret_sealed: deps.sealer.seal(secret),
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
  return webhookView(row, now, secret);
}
