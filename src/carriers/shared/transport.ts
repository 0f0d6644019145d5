/**
 * The one door to carrier networks. Implemented over undici (see the file's body).
 * Contract used by every carrier's client.ts:
 * - `request` resolves with the response for any status the carrier answered with, except the ones it
 *   classifies itself: connection failures (carrier_failed_connection), timeouts (carrier_timeout),
 *   429 (carrier_throttling with Retry-After) and 5xx after retries (carrier_http_exception).
 * - Retries (with short backoff) happen only when `idempotent` is true.
 *
 * Decisions of the implementation:
 * - `timeoutMs` bounds the whole call, retries and waits included, so that a slow carrier can never
 *   hold a rate-shopping or batch call past its timeout. A timed-out attempt is therefore never
 *   retried (it has used the budget up), and a retry whose wait would leave less than
 *   MIN_ATTEMPT_MS of budget is not attempted: the last failure is reported instead, as it is when a
 *   retry runs out of the budget.
 * - Retried (idempotent only): connection failures, 5xx, and 429 whose Retry-After is at most
 *   MAX_RETRY_AFTER_S (longer waits go back to the caller as carrier_throttling with retryAfter).
 *   Backoff is exponential with jitter so that many callers hit by one outage do not retry in step.
 * - One undici Agent holds a keep-alive pool per origin with a bounded number of connections, made
 *   with the first call (undici loads then: src/foundations/undici-agent.ts).
 */
import type { Agent } from 'undici';
import { decodeUtf8 } from './utf8.js';
import { urlParts, type UrlParts } from './url-parts.js';
import { BodyTooLarge, exchange } from './exchange.js';
import type { Log } from '../../foundations/logger.js';
import type { CarrierAttempt, EndCall } from '../../foundations/tracing.js';
import { ApiError } from '../../domain/errors.js';
import { redactedBody, redactHeaders, redactUrl } from './redact.js';
import { classifyThrown, failureOfStatus, type Failure, type Target } from './transport-errors.js';

export interface CarrierHttpRequest {
  carrier: string;
  /** For logs and fault classification, e.g. "rate", "ship", "oauth". */
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Safe to repeat (reads, token requests). Never true for bookings. */
  idempotent: boolean;
  /** Log request and response in full (redacted). */
  debug: boolean;
  log: Log;
  /** Also hand back the body's raw bytes (`bytes`): multipart answers may carry binary parts that text decoding would damage. */
  binary?: boolean;
  /**
   * The caller stops waiting (rate shopping's budget): the attempt in flight is aborted and reported
   * as carrier_timeout, and no retry follows.
   */
  signal?: AbortSignal | undefined;
}

export interface CarrierHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body exactly as received, when the request asked for `binary`. */
  bytes?: Uint8Array;
}

export interface Transport {
  request(req: CarrierHttpRequest): Promise<CarrierHttpResponse>;
  close(): Promise<void>;
}

export interface TransportOptions {
  /** Budget of one `request` call, all attempts included (WAYBILL_CARRIER_TIMEOUT_MS). */
  timeoutMs: number;
  /** Extra attempts for idempotent requests; default 2. */
  retries?: number;
  /** Connections per carrier origin; default 64. */
  connections?: number;
  /** Injectable for tests, which must not really wait out backoffs. */
  sleep?: (ms: number) => Promise<void>;
  /** Largest response body accepted; default 20 MiB (label batches are big, nothing is this big). */
  maxBodyBytes?: number;
  /** Told of every finished call (retries included): "ok", "http_<status>" for 4xx answers, or the error code. */
  observe?: (carrier: string, operation: string, outcome: string, seconds: number) => void;
  /** Told of every attempt (a retry is one) as it starts, then of its status or error code: a span each (src/foundations/tracing.ts). */
  trace?: (attempt: CarrierAttempt) => EndCall;
}

const DEFAULT_RETRIES = 2;
const DEFAULT_CONNECTIONS = 64;
const DEFAULT_MAX_BODY = 20 * 1024 * 1024;
const MAX_RETRY_AFTER_S = 2;
const BACKOFF_BASE_MS = 100;
const BACKOFF_CAP_MS = 2_000;
const MIN_ATTEMPT_MS = 50;

/** Exponential backoff with "equal jitter": half fixed, half random, so waits stay meaningful. */
function backoffMs(attempt: number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

function headerValue(h: Record<string, string> | undefined, name: string): string | undefined {
  if (h === undefined) return undefined;
  for (const [k, v] of Object.entries(h)) if (k.toLowerCase() === name) return v;
  return undefined;
}

export function createTransport(opts: TransportOptions): Transport {
  const retries = opts.retries ?? DEFAULT_RETRIES;
  const maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let agent: Promise<Agent> | undefined;
  /** The agent once made: a call then starts without waiting a turn for it. */
  let ready: Agent | undefined;
  const agentOnce = () =>
    (agent ??= import('../../foundations/undici-agent.js').then(
      ({ Agent }) =>
        (ready = new Agent({
          connections: opts.connections ?? DEFAULT_CONNECTIONS,
          keepAliveTimeout: 10_000,
          keepAliveMaxTimeout: 60_000,
          // A host that swallows SYNs fails as a connection error, leaving budget for a retry.
          connect: { timeout: Math.min(opts.timeoutMs, 10_000) },
          headersTimeout: opts.timeoutMs,
          bodyTimeout: opts.timeoutMs,
        })),
    ));
  type Outcome = { response: CarrierHttpResponse } | Failure;

  async function attempt(
    req: CarrierHttpRequest,
    url: UrlParts,
    t: Target,
    n: number,
    budgetMs: number,
  ): Promise<Outcome> {
    // Before the timer and the try: a client that cannot load is our failure, not the carrier's.
    const client = ready ?? (await agentOnce());
    const started = performance.now();
    const logged = { carrier: req.carrier, operation: req.operation, attempt: n + 1 };
    if (req.debug) {
      req.log.info(
        {
          ...logged,
          request: {
            method: req.method,
            url: redactUrl(req.url),
            headers: redactHeaders(req.headers ?? {}),
            body: redactedBody(req.body, headerValue(req.headers, 'content-type')),
          },
        },
        'carrier request',
      );
    }
    const traced = opts.trace?.({
      carrier: req.carrier,
      operation: req.operation,
      method: req.method,
      host: url.hostname,
      port: url.port,
      attempt: n,
    });
    const call = exchange(
      client,
      {
        origin: url.origin,
        path: url.path,
        method: req.method,
        headers: req.headers ?? null,
        body: req.body ?? null,
        headersTimeout: budgetMs,
        bodyTimeout: budgetMs,
      },
      maxBody,
    );
    let timedOut = false;
    const giveUp = () => {
      timedOut = true;
      call.stop(new Error('the call ran out of its time budget'));
    };
    const timer = setTimeout(giveUp, budgetMs);
    req.signal?.addEventListener('abort', giveUp, { once: true });
    let outcome: Outcome;
    let status: number | undefined;
    try {
      const { status: answered, headers, raw } = await call.answer;
      status = answered;
      const body = decodeUtf8(raw);
      const duration_ms = Math.round(performance.now() - started);
      if (req.debug) {
        req.log.info(
          {
            ...logged,
            response: {
              status,
              headers: redactHeaders(headers),
              body: redactedBody(body, headers['content-type']),
              duration_ms,
            },
          },
          'carrier response',
        );
      }
      const bytes = req.binary ? { bytes: new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength) } : {};
      outcome = failureOfStatus(status, headers, body, t, Date.now()) ?? {
        response: { status, headers, body, ...bytes },
      };
    } catch (err) {
      outcome =
        err instanceof BodyTooLarge
          ? {
              error: new ApiError(
                'carrier_http_exception',
                `Carrier ${t.carrier} (${t.host}) sent an answer larger than ${maxBody} bytes`,
                `HTTP ${err.status} body too large`,
              ),
              retryable: false,
            }
          : classifyThrown(err, t, opts.timeoutMs, performance.now() - started, timedOut);
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', giveUp);
    }
    traced?.(status, 'error' in outcome ? outcome.error.code : undefined);
    const line = {
      ...logged,
      method: req.method,
      host: url.host,
      path: url.pathname,
      status,
      duration_ms: Math.round(performance.now() - started),
      ...('error' in outcome ? { error: outcome.error.code, detail: outcome.error.detail } : {}),
    };
    if (req.debug && 'error' in outcome) req.log.info(line, 'carrier call failed');
    else req.log.debug(line, 'carrier call');
    return outcome;
  }

  return {
    async request(req) {
      if (!opts.observe) return send(req);
      const started = performance.now();
      try {
        const res = await send(req);
        opts.observe(
          req.carrier,
          req.operation,
          res.status < 400 ? 'ok' : `http_${res.status}`,
          (performance.now() - started) / 1000,
        );
        return res;
      } catch (err) {
        opts.observe(
          req.carrier,
          req.operation,
          err instanceof ApiError ? err.code : 'internal_error',
          (performance.now() - started) / 1000,
        );
        throw err;
      }
    },
    async close() {
      await (await agent)?.close();
    },
  };

  async function send(req: CarrierHttpRequest): Promise<CarrierHttpResponse> {
    const url = urlParts(req.url);
    const t: Target = { carrier: req.carrier, host: url.host };
    const deadline = performance.now() + opts.timeoutMs;
    let failed: ApiError | undefined;
    for (let n = 0; ; n++) {
      if (req.signal?.aborted) throw classifyThrown(new Error('aborted'), t, opts.timeoutMs, 0, true).error;
      const outcome = await attempt(req, url, t, n, Math.max(1, deadline - performance.now()));
      if ('response' in outcome) return outcome.response;
      // A retry cut short by the budget says nothing new about the carrier: its earlier failure does.
      if (failed && outcome.error.code === 'carrier_timeout' && !req.signal?.aborted) throw failed;
      failed = outcome.error;
      if (!req.idempotent || !outcome.retryable || n >= retries || req.signal?.aborted) throw outcome.error;
      if (outcome.waitMs !== undefined && outcome.waitMs > MAX_RETRY_AFTER_S * 1000) throw outcome.error;
      const wait = outcome.waitMs ?? backoffMs(n);
      if (deadline - performance.now() - wait < MIN_ATTEMPT_MS) throw outcome.error;
      await sleep(wait);
    }
  }
}
