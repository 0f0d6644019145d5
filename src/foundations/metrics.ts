/**
 * Prometheus figures of one service instance (GET /metrics). One Registry per instance, made here
 * and passed down (prom-client's default register is a process-wide singleton). Labels never carry
 * tenant data: routes are patterns, carriers and operations come from fixed lists, and outcomes are
 * error codes or HTTP statuses.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createRequestHistogram } from './request-histogram.js';

/** Seconds; fine below 10 ms where cached answers sit, coarse up to a slow carrier's timeout. */
const HTTP_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const CARRIER_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export type WebhookAttemptOutcome = 'succeeded' | 'retrying' | 'failed';

/** What the layers record; absent (undefined) when WAYBILL_METRICS=false. */
export interface Metrics {
  registry: Registry;
  request(method: string, route: string, status: number, seconds: number): void;
  /** `outcome`: "ok", "http_<status>" for an answer the carrier's parser judges, or the error code. */
  carrierCall(carrier: string, operation: string, outcome: string, seconds: number): void;
  trackingCache(result: 'hit' | 'miss'): void;
  webhookAttempt(outcome: WebhookAttemptOutcome, seconds: number): void;
  /** Background work under way now, e.g. job "webhook_delivery" or "tracking_poll". */
  jobsInFlight(job: string, count: number): void;
}

export interface MetricsSources {
  /** Deliveries waiting in the outbox, counted when scraped. */
  pendingDeliveries?: () => Promise<number>;
}

export function createMetrics(sources: MetricsSources = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = createRequestHistogram({
    name: 'waybill_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    buckets: HTTP_BUCKETS,
    registry,
  });
  const carrierCalls = new Histogram({
    name: 'waybill_carrier_call_duration_seconds',
    help: 'Carrier HTTP calls (retries included) by carrier, operation and outcome',
    labelNames: ['carrier', 'operation', 'outcome'] as const,
    buckets: CARRIER_BUCKETS,
    registers,
  });
  // Counted in plain numbers and handed to the counter when scraped: a cached /track counts a hit.
  const looked = { hit: 0, miss: 0 };
  new Counter({
    name: 'waybill_tracking_cache_total',
    help: 'Tracking answers looked up in the cache, by result (hit or miss)',
    labelNames: ['result'] as const,
    registers,
    collect() {
      for (const result of ['hit', 'miss'] as const) {
        this.inc({ result }, looked[result]);
        looked[result] = 0;
      }
    },
  });
  const attempts = new Histogram({
    name: 'waybill_webhook_delivery_duration_seconds',
    help: 'Webhook delivery attempts by outcome (succeeded, retrying, failed for good)',
    labelNames: ['outcome'] as const,
    buckets: CARRIER_BUCKETS,
    registers,
  });
  const failed = new Counter({
    name: 'waybill_webhook_deliveries_failed_total',
    help: 'Webhook deliveries given up after their last attempt',
    registers,
  });
  const jobs = new Gauge({
    name: 'waybill_background_jobs_in_flight',
    help: 'Background work under way in this instance, by job',
    labelNames: ['job'] as const,
    registers,
  });
  const pending = sources.pendingDeliveries;
  new Gauge({
    name: 'waybill_webhook_deliveries_pending',
    help: 'Webhook deliveries waiting in the outbox (all instances sharing the database)',
    registers,
    async collect() {
      if (pending) this.set(await pending());
    },
  });
  // Present from the first scrape, so dashboards see zeros rather than gaps (the cache counter is, by its collect).
  failed.inc(0);

  return {
    registry,
    request: (method, route, status, seconds) => requests.observe(method, route, status, seconds),
    carrierCall: (carrier, operation, outcome, seconds) =>
      carrierCalls.observe({ carrier, operation, outcome }, seconds),
    trackingCache: (result) => void looked[result]++,
    webhookAttempt(outcome, seconds) {
      attempts.observe({ outcome }, seconds);
      if (outcome === 'failed') failed.inc();
    },
    jobsInFlight: (job, count) => jobs.set({ job }, count),
  };
}
