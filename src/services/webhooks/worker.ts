/**
 * The webhook worker of one `waybill serve` process: claims due deliveries from the outbox, sends
 * them (webhook-sender.ts) and records each attempt. Instances on one PostgreSQL database share the
 * outbox; a claimed delivery is leased, so each attempt is made by one worker, and a worker that
 * dies mid-attempt leaves a lease that expires and another worker retries (at least once).
 *
 * Retry schedule (attempt n failed → next attempt after): min(base × 2^(n−1), 480 × base), ±20 %
 * jitter, 12 attempts in all; with the default base of 60 s that is 1, 2, 4, 8, 16, 32, 64, 128,
 * 256, 480, 480 minutes: the last attempt about 24.5 h after the first, then the delivery is failed.
 * An endpoint whose attempts have failed without a success for `disableAfterMs` (3 days) is disabled.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import type { Config } from '../../foundations/config.js';
import type { Log } from '../../foundations/logger.js';
import type { Metrics } from '../../foundations/metrics.js';
import type { Db, Dialect } from '../../storage/database.js';
import { newId } from '../../storage/ids.js';
import * as outbox from '../../storage/repositories/events.js';
import { disableEndpoint, markFailing, markHealthy } from '../../storage/repositories/webhooks.js';
import type { Sealer } from '../../storage/sealing.js';
import type { Tracing } from '../../foundations/tracing.js';
import { EVENT_RETENTION_MS, startLoop, type BackgroundLoop } from '../kernel/index.js';
import { createSender } from './sender.js';

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

type Recorded = Parameters<typeof outbox.recordAttempts>[2][number];

/**
 * Group commit: attempts finishing while a write is under way are written together by the next
 * one, so a busy worker commits once per batch rather than once per delivery.
 */
function createRecorder(write: (items: Recorded[]) => Promise<boolean[]>) {
  let queue: { item: Recorded; done: (held: boolean) => void; fail: (err: unknown) => void }[] = [];
  let writing = false;
  async function flush(): Promise<void> {
    writing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const held = await write(batch.map((b) => b.item));
        batch.forEach((b, i) => b.done(held[i] ?? false));
      } catch (err) {
        for (const b of batch) b.fail(err);
      }
    }
    writing = false;
  }
  return {
    record(item: Recorded): Promise<boolean> {
      return new Promise((done, fail) => {
        queue.push({ item, done, fail });
        if (!writing) void flush();
      });
    },
  };
}

export interface WebhookWorkerDeps {
  db: Db;
  dialect: Dialect;
  sealer: Sealer;
  clock: Clock;
  config: Config['webhooks'];
  log: Log;
  metrics?: Metrics;
  tracing?: Tracing;
}

const HOUR = 3_600_000;

export function startWebhookWorker(deps: WebhookWorkerDeps): Pick<BackgroundLoop, 'nudge' | 'stop'> {
  const { db, clock, config, log } = deps;
  const owner = randomUUID();
  const sender = createSender({ timeoutMs: config.timeoutMs, allowPrivate: config.allowPrivate });
  // A slow endpoint may hold this many of the worker's slots, never all of them.
  const perEndpoint = Math.max(1, Math.min(8, Math.ceil(config.concurrency / 4)));
  const inFlight = new Map<string, number>();
  let purgedAt = 0;
  const recorder = createRecorder((items) => outbox.recordAttempts(db, owner, items));

  async function deliver(c: outbox.ClaimedDelivery): Promise<void> {
    const now = clock.now();
    const secrets = [deps.sealer.open(c.secret_sealed)];
    if (c.previous_secret_sealed && c.previous_secret_until && c.previous_secret_until > now.toISOString())
      secrets.push(deps.sealer.open(c.previous_secret_sealed));
    const body = eventBody({ id: c.event_id, type: c.event_type, created: c.event_created_at, data: c.event_data });
    const traced = deps.tracing?.webhookDelivery(c.event_type, c.attempts);
    const out = await sender.send({ url: c.url, eventId: c.event_id, body, secrets, now });
    traced?.(out.statusCode ?? undefined, out.errorType ?? undefined);
    const at = clock.now();
    const attempts = c.attempts + 1;
    const finished = out.ok || attempts >= MAX_ATTEMPTS;
    const recorded = await recorder.record({
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
    deps.metrics?.webhookAttempt(out.ok ? 'succeeded' : finished ? 'failed' : 'retrying', out.durationMs / 1000);
    if (!recorded)
      return log.warn(
        { delivery: c.id },
        'webhook delivery lease expired during the attempt; another worker retries it',
      );
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

  function dispatch(c: outbox.ClaimedDelivery): void {
    inFlight.set(c.endpoint_id, (inFlight.get(c.endpoint_id) ?? 0) + 1);
    const work = deliver(c).finally(() => {
      const n = (inFlight.get(c.endpoint_id) ?? 1) - 1;
      if (n === 0) inFlight.delete(c.endpoint_id);
      else inFlight.set(c.endpoint_id, n);
    });
    loop.spawn(work, (err) => log.error({ err, delivery: c.id }, 'webhook delivery could not be recorded'));
  }

  async function step(): Promise<boolean> {
    const now = clock.now();
    if (now.getTime() - purgedAt >= HOUR) {
      purgedAt = now.getTime();
      await outbox.purgeBefore(db, new Date(now.getTime() - EVENT_RETENTION_MS).toISOString());
    }
    const capacity = config.concurrency - loop.inFlight;
    if (capacity <= 0) return false;
    // Small claims, each skipping endpoints that already have their share in flight.
    const limit = Math.min(capacity, perEndpoint);
    const skipEndpoints = [...inFlight].filter(([, n]) => n >= perEndpoint).map(([id]) => id);
    const lockedUntil = new Date(now.getTime() + config.timeoutMs + 60_000).toISOString();
    const claimed = await outbox.claimDue(db, deps.dialect, {
      owner,
      now: now.toISOString(),
      lockedUntil,
      limit,
      skipEndpoints,
    });
    for (const c of claimed) dispatch(c);
    return claimed.length === limit;
  }

  const loop = startLoop('webhook worker', step, {
    idleMs: config.pollMs,
    log,
    onInFlight: (n) => deps.metrics?.jobsInFlight('webhook_delivery', n),
  });
  return {
    nudge: loop.nudge,
    async stop() {
      await loop.stop();
      await sender.close();
    },
  };
}
