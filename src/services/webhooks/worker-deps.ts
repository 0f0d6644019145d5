/** What the webhook worker's steps are handed, once, by startWebhookWorker (worker.ts). */
import type { Clock } from '../../foundations/clock.js';
import type { Config } from '../../foundations/config.js';
import type { Log } from '../../foundations/logger.js';
import type { Metrics } from '../../foundations/metrics.js';
import type { Tracing } from '../../foundations/tracing.js';
import type { Db, Dialect } from '../../storage/database.js';
import type { Sealer } from '../../storage/sealing.js';
import type { Recorder } from './recorder.js';
import type { Sender } from './sender.js';

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

/** The deps and what one worker keeps while it runs. */
export interface WorkerState extends WebhookWorkerDeps {
  /** This worker's name on the leases it takes. */
  owner: string;
  sender: Sender;
  recorder: Recorder;
  /** A slow endpoint may hold this many of the worker's slots, never all of them. */
  perEndpoint: number;
  /** Deliveries in flight, per endpoint. */
  inFlight: Map<string, number>;
  /** When events past their retention were last purged (ms since 1970). */
  purgedAt: number;
}
