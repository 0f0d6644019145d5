/**
 * The background work of every `waybill serve` process: the webhook worker, the tracking poller,
 * the batch worker, the booking recovery (a /ship whose answer was lost, looked up at the carrier)
 * and the audit log's retention sweep.
 * Started after the app listens and stopped before the database closes (main.ts); tests start it
 * in-process with their own clock and settings.
 */
import type { Clock } from '../foundations/clock.js';
import type { Config } from '../foundations/config.js';
import type { Log } from '../foundations/logger.js';
import type { Metrics } from '../foundations/metrics.js';
import type { Database } from '../storage/database.js';
import type { Sealer } from '../storage/sealing.js';
import type { Tracing } from '../foundations/tracing.js';
import type { Services } from './index.js';
import { createBatchBooking, startBatchWorker } from './batches/index.js';
import { startAuditSweep } from './identity/index.js';
import { startLoop } from './kernel/index.js';
import { startTrackingPoller } from './tracking/index.js';
import { startWebhookWorker } from './webhooks/index.js';

const USAGE_FLUSH_MS = 5_000;
/** Lost bookings are looked up no sooner than the call's timeout after it: a look every few seconds is prompt enough, and idle it costs one indexed read. */
const RECOVERY_POLL_MS = 2_000;

export interface Background {
  /** Stops claiming work and waits for what is in flight (a delivery takes at most its timeout). */
  stop(): Promise<void>;
}

export function startBackground(deps: {
  database: Database;
  sealer: Sealer;
  clock: Clock;
  config: Config;
  services: Pick<
    Services,
    'tracking' | 'shipping' | 'lookup' | 'recovery' | 'declarations' | 'auditLog' | 'usageCounter'
  >;
  log: Log;
  /** Where this instance answers, for the label links of shipments booked in the background (WAYBILL_PUBLIC_URL wins). */
  baseUrl?: string;
  metrics?: Metrics;
  /** Webhook deliveries' spans; carrier calls have theirs from the carrier runtime. */
  tracing?: Tracing;
}): Background {
  const { database, clock, config, log } = deps;
  const common = {
    db: database.db,
    dialect: database.dialect,
    clock,
    log,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
  };
  const worker = startWebhookWorker({
    ...common,
    sealer: deps.sealer,
    config: config.webhooks,
    ...(deps.tracing ? { tracing: deps.tracing } : {}),
  });
  const poller = startTrackingPoller({
    ...common,
    tracking: deps.services.tracking,
    config: { ...config.tracking, idleMs: config.webhooks.pollMs },
  });
  const labelBaseUrl = config.publicUrl ?? deps.baseUrl ?? `http://${config.host}:${config.port}`;
  const booking = createBatchBooking({
    db: database.db,
    clock,
    shipping: deps.services.shipping,
    lookup: deps.services.lookup,
    labelBaseUrl,
  });
  const batches = startBatchWorker({
    ...common,
    booking,
    carriers: Object.keys(deps.services.declarations),
    config: { ...config.batches, pollMs: config.webhooks.pollMs },
  });
  const audit = startAuditSweep({ audit: deps.services.auditLog, log });
  const recovery = startLoop('booking recovery', () => deps.services.recovery.settleDue(log, labelBaseUrl), {
    idleMs: RECOVERY_POLL_MS,
    log,
  });
  // Tracking calls counted in memory reach the stored counters every few seconds; a failed flush is
  // logged by the loop and its numbers kept for the next (kernel/usage-counter.ts).
  const usage = startLoop('usage flush', () => deps.services.usageCounter.flush().then(() => false), {
    idleMs: USAGE_FLUSH_MS,
    log,
  });
  return {
    async stop() {
      await Promise.all([poller.stop(), worker.stop(), batches.stop(), audit.stop(), usage.stop(), recovery.stop()]);
      await deps.services.usageCounter
        .flush()
        .catch((err: unknown) => log.error({ err }, 'usage counts could not be stored'));
    },
  };
}
