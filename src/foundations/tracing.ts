/**
 * Optional OpenTelemetry traces: one server span per HTTP request, a client span per carrier call
 * attempt and per webhook delivery attempt, exported over OTLP/HTTP. On only when an OTLP endpoint
 * is configured (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); the SDK is then
 * imported (tracing-otel.ts), and otherwise nothing of it loads and no hook is registered, so a
 * request costs exactly what it did before.
 *
 * This file names no OpenTelemetry package: the layers see only the interfaces of tracing-api.ts
 * (re-exported here), the way they see Metrics. Span names and attributes follow the rule of the
 * metrics labels (metrics.ts): routes as patterns, carriers, operations and event types from fixed
 * lists, statuses and error codes; never a tenant, key, tracking number, address or URL.
 */
import type { Log } from './logger.js';
import type { Tracing } from './tracing-api.js';

export type { CarrierAttempt, EndCall, IncomingRequest, RequestSpan, Tracing } from './tracing-api.js';

type Env = Record<string, string | undefined>;

/** The SDK's own switches: an OTLP endpoint turns tracing on, OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none off. */
export function tracingWanted(env: Env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

export type TracingModule = { createTracing(log: Log): Tracing };

/**
 * The tracer when tracing is wanted, else undefined without loading anything. The SDK reads the rest
 * of its settings (endpoint, headers, sampler, service name…) from the process environment itself.
 */
export async function loadTracing(opts: {
  log: Log;
  env?: Env;
  load?: () => Promise<TracingModule>;
}): Promise<Tracing | undefined> {
  if (!tracingWanted(opts.env ?? process.env)) return undefined;
  const { createTracing } = await (opts.load ?? (() => import('./tracing-otel.js')))();
  return createTracing(opts.log);
}
