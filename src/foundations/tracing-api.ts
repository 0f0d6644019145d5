/**
 * The tracing interfaces the layers see (tracing.ts decides whether tracing is on and loads its
 * implementation, tracing-otel.ts). Apart from both so that the implementation imports only these
 * and never its loader. No OpenTelemetry package is named here.
 */
import type { IncomingHttpHeaders } from 'node:http';

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
