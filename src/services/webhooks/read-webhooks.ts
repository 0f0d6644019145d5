/** GET /webhooks and GET /webhooks/{id}. */
import type { WebhookView } from '../../contract/webhooks.js';
import * as repo from '../../storage/repositories/webhooks.js';
import { webhookView } from './webhook-view.js';
import { findEndpoint, type WebhooksDeps } from './webhooks-deps.js';

export async function getWebhook(deps: WebhooksDeps, tenant: string, id: string): Promise<WebhookView> {
  return webhookView(await findEndpoint(deps, tenant, id), deps.clock.now());
}

export async function listWebhooks(
  deps: WebhooksDeps,
  tenant: string,
  page: { limit: number; offset: number },
): Promise<WebhookView[]> {
  const now = deps.clock.now();
  return (await repo.listEndpoints(deps.db, tenant, page)).map((r) => webhookView(r, now));
}
