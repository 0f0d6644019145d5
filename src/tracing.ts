/**
 * Optional OpenTelemetry traces: one server span per HTTP request, a client span per carrier call
 * attempt and per webhook delivery attempt, exported over OTLP/HTTP. On only when an OTLP endpoint
 * is configured (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); the SDK is then
 * imported (tracing-otel.ts), and otherwise nothing of it loads and no hook is registered, so a
 * request costs exactly what it did before.
 *
 * This file names no OpenTelemetry package: the layers see only these interfaces, the way they see
 * Metrics. Span names and attributes follow the rule of the metrics labels (metrics.ts): routes as
 * patterns, carriers, operations and event types from fixed lists, statuses and error codes; never a
 * tenant, key, tracking number, address or URL.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Log } from './logger.js';

export interface IncomingRequest {
  method: string;
  /** The matched route's pattern (/shipments/:id); undefined when no route matched. */
  route: string | undefined;
  /** Read for `traceparent`/`tracestate` only. */
  headers: IncomingHttpHeaders;
  scheme: string;
  httpVersion: string;
}

/** The server span of one request (src/http/tracing.ts). */
export interface RequestSpan {
  /** Runs `fn` with this span current: the spans begun within it and its continuations (carrier calls) are its children. */
  run(fn: () => void): void;
  /** The error code the request failed with; the span carries it if the answer is a 5xx. */
  failed(code: string): void;
  /** Ends the span with the answer's status, or with none when the client went away before it. */
  end(status: number | undefined): void;
}

/** One attempt of a carrier HTTP call (carriers/shared/transport.ts). */
export interface CarrierAttempt {
  carrier: string;
  operation: string;
  method: string;
  /** Host name and port of the carrier's API: never its path or query. */
  host: string;
  port: number;
  /** 0 for the first attempt, 1 for the first retry… */
  attempt: number;
}

/** Ends an outgoing call's span: the HTTP status if there was an answer, and the error code or type when it failed. */
export type EndCall = (status: number | undefined, error: string | undefined) => void;

export interface Tracing {
  request(req: IncomingRequest): RequestSpan;
  /** A client span, child of the current span (the request's, in a request). */
  carrierCall(call: CarrierAttempt): EndCall;
  /** A client span of its own trace: deliveries run in the background, after the request that caused them. */
  webhookDelivery(eventType: string, attempt: number): EndCall;
  /** Exports the spans ended so far. */
  flush(): Promise<void>;
  /** Exports what is left and stops; the service calls it last as it drains. */
  shutdown(): Promise<void>;
}

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
export async function loadTracing(opts: { log: Log; env?: Env; load?: () => Promise<TracingModule> }): Promise<Tracing | undefined> {
  if (!tracingWanted(opts.env ?? process.env)) return undefined;
  const { createTracing } = await (opts.load ?? (() => import('./tracing-otel.js')))();
  return createTracing(opts.log);
}
