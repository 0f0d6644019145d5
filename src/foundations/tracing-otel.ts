/**
 * Tracing (tracing.ts) on the OpenTelemetry SDK. Imported only when tracing is on, so that none of
 * the SDK loads otherwise.
 *
 * Spans go out over OTLP/HTTP (JSON) through the SDK's batch span processor; the SDK reads its
 * standard variables itself: OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT, _HEADERS, _TIMEOUT, _COMPRESSION,
 * OTEL_TRACES_SAMPLER[_ARG], OTEL_BSP_*, OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES. Everything
 * is this instance's own, nothing is registered as OpenTelemetry's global tracer, context manager or
 * propagator (one instance per process in production, several in a test process): the current span
 * is kept in this instance's AsyncLocalStorage and the incoming `traceparent` read with its own W3C
 * propagator. Nothing is injected into outgoing calls: carriers and webhook receivers get no trace
 * headers. Only the SDK's diagnostics logger is process-wide, so that failed exports are logged.
 */
import {
  diag,
  DiagLogLevel,
  defaultTextMapGetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_RESEND_COUNT,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_NETWORK_PROTOCOL_VERSION,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_SERVICE_NAME,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import type { Log } from './logger.js';
import type { EndCall, Tracing } from './tracing-api.js';

/** Waybill's own attributes, in its namespace. */
export const ATTR_CARRIER = 'waybill.carrier.name';
export const ATTR_CARRIER_OPERATION = 'waybill.carrier.operation';
export const ATTR_EVENT_TYPE = 'waybill.event.type';

/** The semantic conventions' known methods; any other is "_OTHER" (a method name is the caller's text). */
const METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

/** The SDK's diagnostics (a failed export, a bad setting) as log lines; below warn they are noise. */
function diagnosticsTo(log: Log): void {
  const line =
    (level: 'warn' | 'error') =>
    (message: string, ...args: unknown[]) =>
      log[level](
        { component: 'tracing', ...(args.length > 0 ? { detail: args.map(String).join(' ') } : {}) },
        `OpenTelemetry: ${message}`,
      );
  const quiet = () => undefined;
  diag.setLogger(
    { error: line('error'), warn: line('warn'), info: quiet, debug: quiet, verbose: quiet },
    { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
  );
}

function endpointOrigin(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  try {
    // The origin only: a URL may carry credentials.
    return raw ? new URL(raw).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Ends a client span: status code, and error.type with an error status when the call failed. */
function endClient(span: Span): EndCall {
  return (status, error) => {
    if (status !== undefined) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
    const type = error ?? (status !== undefined && status >= 400 ? String(status) : undefined);
    if (type !== undefined) {
      span.setAttribute(ATTR_ERROR_TYPE, type);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
}

export function createTracing(log: Log): Tracing {
  const env = process.env;
  diagnosticsTo(log);
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
  if (protocol && protocol !== 'http/json')
    log.warn({ protocol }, 'traces are exported as OTLP/HTTP JSON whatever OTEL_EXPORTER_OTLP_PROTOCOL says');

  // The SDK's defaults, then ours (service.name "waybill"), then the operator's variables, each overriding the one before.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'waybill' }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new BasicTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  const tracer = provider.getTracer('waybill');
  const contexts = new AsyncLocalStorageContextManager();
  const propagator = new W3CTraceContextPropagator();
  log.info(
    { endpoint: endpointOrigin(env) },
    'OpenTelemetry tracing on: spans of requests, carrier calls and webhook deliveries are exported over OTLP/HTTP',
  );

  return {
    request(req) {
      const parent = propagator.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter);
      const method = METHODS.has(req.method) ? req.method : '_OTHER';
      const attributes: Attributes = {
        [ATTR_HTTP_REQUEST_METHOD]: method,
        [ATTR_URL_SCHEME]: req.scheme,
        [ATTR_NETWORK_PROTOCOL_VERSION]: req.httpVersion,
      };
      if (req.route !== undefined) attributes[ATTR_HTTP_ROUTE] = req.route;
      const span = tracer.startSpan(
        req.route !== undefined ? `${method} ${req.route}` : method,
        { kind: SpanKind.SERVER, attributes },
        parent,
      );
      const current = trace.setSpan(parent, span);
      let failedWith: string | undefined;
      return {
        run: (fn) => contexts.with(current, fn),
        failed(code) {
          failedWith = code;
        },
        end(status) {
          if (status === undefined) {
            // The client went away: not a failure of the service, so the status stays unset.
            span.setAttribute(ATTR_ERROR_TYPE, 'aborted');
          } else {
            span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
            // A server span fails with a 5xx only: a 4xx is the client's mistake.
            if (status >= 500) {
              span.setAttribute(ATTR_ERROR_TYPE, failedWith ?? String(status));
              span.setStatus({ code: SpanStatusCode.ERROR });
            }
          }
          span.end();
        },
      };
    },

    carrierCall(call) {
      const attributes: Attributes = {
        [ATTR_HTTP_REQUEST_METHOD]: call.method,
        [ATTR_SERVER_ADDRESS]: call.host,
        [ATTR_SERVER_PORT]: call.port,
        [ATTR_CARRIER]: call.carrier,
        [ATTR_CARRIER_OPERATION]: call.operation,
      };
      if (call.attempt > 0) attributes[ATTR_HTTP_REQUEST_RESEND_COUNT] = call.attempt;
      return endClient(
        tracer.startSpan(
          `${call.method} ${call.carrier} ${call.operation}`,
          { kind: SpanKind.CLIENT, attributes },
          contexts.active(),
        ),
      );
    },

    webhookDelivery(eventType, attempt) {
      // No server.address: the endpoint is the tenant's.
      const attributes: Attributes = { [ATTR_HTTP_REQUEST_METHOD]: 'POST', [ATTR_EVENT_TYPE]: eventType };
      if (attempt > 0) attributes[ATTR_HTTP_REQUEST_RESEND_COUNT] = attempt;
      return endClient(tracer.startSpan('POST webhook', { kind: SpanKind.CLIENT, attributes }, ROOT_CONTEXT));
    },

    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown();
      contexts.disable();
    },
  };
}
