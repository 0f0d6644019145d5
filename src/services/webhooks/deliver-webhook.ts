/**
 * One claimed delivery sent (sender.ts) and its attempt recorded; an endpoint failing too long is
 * disabled. The retry schedule is the worker's (worker.ts says it in words).
 */
import { newId } from '../../storage/ids.js';
import type { ClaimedDelivery } from '../../storage/repositories/events.js';
import { disableEndpoint, markFailing, markHealthy } from '../../storage/repositories/webhooks.js';
import type { WorkerState } from './worker-deps.js';

export const MAX_ATTEMPTS = 12;
const MAX_DELAY_FACTOR = 480;

/** Delay before the next attempt after `failed` failed attempts; `random` in [0, 1). */
export function retryDelayMs(baseMs: number, failed: number, random = Math.random()): number {
  const nominal = Math.min(baseMs * 2 ** (failed - 1), MAX_DELAY_FACTOR * baseMs);
  return Math.round(nominal * (0.8 + 0.4 * random));
}

/** The wire body: `data` goes out exactly as stored. */
export function eventBody(e: { id: string; type: string; created: string; data: string }): string {
  return `{"id":${JSON.stringify(e.id)},"type":${JSON.stringify(e.type)},"created":${JSON.stringify(e.created)},"data":${e.data}}`;
}

export async function deliverWebhook(state: WorkerState, c: ClaimedDelivery): Promise<void> {
  const { db, clock, config, log } = state;
  const now = clock.now();
  const secrets = [state.sealer.open(c.secret_sealed)];
  if (c.previous_secret_sealed && c.previous_secret_until && c.previous_secret_until > now.toISOString())
    secrets.push(state.sealer.open(c.previous_secret_sealed));
  const body = eventBody({ id: c.event_id, type: c.event_type, created: c.event_created_at, data: c.event_data });
  const traced = state.tracing?.webhookDelivery(c.event_type, c.attempts);
  const out = await state.sender.send({ url: c.url, eventId: c.event_id, body, secrets, now });
  traced?.(out.statusCode ?? undefined, out.errorType ?? undefined);
  const at = clock.now();
  const attempts = c.attempts + 1;
  const finished = out.ok || attempts >= MAX_ATTEMPTS;
  const recorded = await state.recorder.record({
    attempt: {
      id: newId('att'),
      delivery_id: c.id,
      at: now.toISOString(),
      status_code: out.statusCode,
      duration_ms: out.durationMs,
      error: out.error,
    },
    next: {
      status: out.ok ? 'succeeded' : finished ? 'failed' : 'pending',
      attempts,
      next_attempt_at: finished
        ? null
        : new Date(at.getTime() + retryDelayMs(config.retryBaseMs, attempts)).toISOString(),
      last_status_code: out.statusCode,
      last_error: out.error,
      completed_at: finished ? at.toISOString() : null,
    },
  });
  state.metrics?.webhookAttempt(out.ok ? 'succeeded' : finished ? 'failed' : 'retrying', out.durationMs / 1000);
  if (!recorded)
    return log.warn({ delivery: c.id }, 'webhook delivery lease expired during the attempt; another worker retries it');
  if (out.ok) return c.failing_since === null ? undefined : markHealthy(db, c.endpoint_id);
  log.info(
    { delivery: c.id, endpoint: c.endpoint_id, attempts, status: out.statusCode, error: out.error },
    'webhook delivery failed',
  );
  const since = await markFailing(db, c.endpoint_id, at.toISOString());
  if (at.getTime() - Date.parse(since) >= config.disableAfterMs) {
    await disableEndpoint(
      db,
      c.endpoint_id,
      `deliveries failing since ${since}; re-enable with PATCH /webhooks/${c.endpoint_id} {"webhook":{"enabled":true}}`,
      at.toISOString(),
    );
    log.warn({ endpoint: c.endpoint_id, since }, 'webhook endpoint disabled after failing too long');
  }
}
