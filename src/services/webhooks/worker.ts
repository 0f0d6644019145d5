/**
 * The webhook worker of one `waybill serve` process: claims due deliveries from the outbox, sends
 * them (sender.ts) and records each attempt. Instances on one PostgreSQL database share the
 * outbox; a claimed delivery is leased, so each attempt is made by one worker, and a worker that
 * dies mid-attempt leaves a lease that expires and another worker retries (at least once).
 *
 * Retry schedule (attempt n failed → next attempt after): min(base × 2^(n−1), 480 × base), ±20 %
 * jitter, 12 attempts in all; with the default base of 60 s that is 1, 2, 4, 8, 16, 32, 64, 128,
 * 256, 480, 480 minutes: the last attempt about 24.5 h after the first, then the delivery is failed.
 * An endpoint whose attempts have failed without a success for `disableAfterMs` (3 days) is disabled.
 *
 * The worker's steps are named: claimDeliveries (claim-deliveries.ts), each claimed delivery sent by
 * deliverWebhook (deliver-webhook.ts); this starts the loop that runs them with the worker's state.
 */
import { randomUUID } from 'node:crypto';
import * as outbox from '../../storage/repositories/events.js';
import { startLoop, type BackgroundLoop } from '../kernel/index.js';
import { claimDeliveries } from './claim-deliveries.js';
import { createRecorder } from './recorder.js';
import { createSender } from './sender.js';
import type { WebhookWorkerDeps, WorkerState } from './worker-deps.js';

export { MAX_ATTEMPTS, retryDelayMs } from './deliver-webhook.js';
export type { WebhookWorkerDeps };

export function startWebhookWorker(deps: WebhookWorkerDeps): Pick<BackgroundLoop, 'nudge' | 'stop'> {
  const { db, config } = deps;
  const owner = randomUUID();
  const state: WorkerState = {
    ...deps,
    owner,
    sender: createSender({ timeoutMs: config.timeoutMs, allowPrivate: config.allowPrivate }),
    recorder: createRecorder((items) => outbox.recordAttempts(db, owner, items)),
    perEndpoint: Math.max(1, Math.min(8, Math.ceil(config.concurrency / 4))),
    inFlight: new Map(),
    purgedAt: 0,
  };
  const loop: BackgroundLoop = startLoop('webhook worker', () => claimDeliveries(state, loop), {
    idleMs: config.pollMs,
    log: deps.log,
    onInFlight: (n) => deps.metrics?.jobsInFlight('webhook_delivery', n),
  });
  return {
    nudge: loop.nudge,
    async stop() {
      await loop.stop();
      await state.sender.close();
    },
  };
}
