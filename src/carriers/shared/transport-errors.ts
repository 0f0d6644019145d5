/**
 * Classification of carrier faults into ApiErrors, kept apart from the I/O in transport.ts so each
 * rule can be read (and tested) on its own. Messages name the carrier and its host so that an
 * operator sees at once which edge failed; details carry the low-level code (ECONNREFUSED, HTTP 503)
 * and never a stack or a credential.
 */
import { ApiError, type ErrorCode } from '../../domain/errors.js';
import { redactText } from './redact.js';

/** Seconds to wait when a 429 carries no usable Retry-After. */
export const DEFAULT_RETRY_AFTER_S = 1;

/** What the transport does with a failed attempt: the error, and whether a retry may follow. */
export interface Failure {
  error: ApiError;
  /** Worth another attempt when the request is idempotent (and the deadline allows). */
  retryable: boolean;
  /** A wait the carrier asked for (Retry-After), instead of the transport's own backoff. */
  waitMs?: number;
}

export interface Target {
  carrier: string;
  host: string;
}

/** Retry-After as delta-seconds or an HTTP date, in whole seconds, at least 1 (never "now"). */
export function parseRetryAfter(value: string | undefined, nowMs: number): number {
  const v = value?.trim() ?? '';
  if (/^\d+$/.test(v)) return Math.max(1, Number.parseInt(v, 10));
  const at = v === '' ? Number.NaN : Date.parse(v);
  if (Number.isFinite(at)) return Math.max(1, Math.ceil((at - nowMs) / 1000));
  return DEFAULT_RETRY_AFTER_S;
}

const HUMAN: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed by the carrier',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'connection closed before the whole answer arrived',
};

/**
 * Codes that reveal a bug on our side (bad URL, bad header value) rather than a carrier fault:
 * these are rethrown as they are so that they surface as unexpected_exception and get fixed.
 */
const PROGRAMMER_ERROR = /^(UND_ERR_INVALID_ARG|UND_ERR_NOT_SUPPORTED|ERR_INVALID_|ERR_HTTP_INVALID)/;

function errorCode(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  let e: unknown = err;
  // Node wraps happy-eyeballs failures in an AggregateError and some paths nest a cause.
  while (e !== null && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    const errors = (e as { errors?: unknown }).errors;
    e = Array.isArray(errors) && errors.length > 0 ? errors[0] : (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function timeoutError(t: Target, timeoutMs: number, elapsedMs: number, cause?: unknown): ApiError {
  return new ApiError(
    'carrier_timeout',
    `Carrier ${t.carrier} (${t.host}) did not answer within ${timeoutMs} ms`,
    `timeout after ${Math.round(elapsedMs)} ms`,
    { cause },
  );
}

/**
 * An exception thrown while talking to the carrier. `timedOut` says our own deadline fired, which
 * surfaces as an abort error whose code says nothing about why.
 */
export function classifyThrown(
  err: unknown,
  t: Target,
  timeoutMs: number,
  elapsedMs: number,
  timedOut: boolean,
): Failure {
  if (err instanceof ApiError) return { error: err, retryable: false };
  const code = errorCode(err);
  if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    // Not retried: the deadline covers the whole call, so a timed-out attempt has used it up.
    return { error: timeoutError(t, timeoutMs, elapsedMs, err), retryable: false };
  }
  if (code !== undefined && PROGRAMMER_ERROR.test(code)) throw err;
  if (code !== undefined && code.startsWith('HPE_')) {
    return {
      error: new ApiError(
        'carrier_http_exception',
        `Carrier ${t.carrier} (${t.host}) sent a malformed HTTP answer`,
        code,
        {
          cause: err,
        },
      ),
      // The same server would most likely send the same broken answer again.
      retryable: false,
    };
  }
  // Everything else is the network or TLS failing us: refused, reset, DNS, closed, certificate.
  const what =
    code === undefined
      ? 'connection failed'
      : (HUMAN[code] ?? (isTls(code) ? 'TLS handshake failed' : 'connection failed'));
  return {
    error: new ApiError(
      'carrier_failed_connection',
      `Could not reach carrier ${t.carrier} at ${t.host}: ${what}`,
      code ?? 'connection_error',
      {
        cause: err,
      },
    ),
    retryable: true,
  };
}

function isTls(code: string): boolean {
  return /TLS|SSL|CERT|EPROTO|SELF_SIGNED|UNABLE_TO/.test(code);
}

/**
 * The code an HTTP status decides alone, before a carrier reads the codes in its error body: 5xx,
 * then 429, then 401/403 or any refusal of a token call (`auth`); undefined when the body decides.
 * The order matters: an outage or throttling of a token endpoint is not a refusal of the credentials.
 */
export function codeOfStatus(status: number, auth = false): ErrorCode | undefined {
  if (status >= 500) return 'carrier_http_exception';
  if (status === 429) return 'carrier_throttling';
  if (auth || status === 401 || status === 403) return 'carrier_authentication';
  return undefined;
}

/**
 * The transport's own failure for a 429 or 5xx answer (retried where safe); undefined for the
 * statuses handed back to the carrier, whose errors.ts reads what it said.
 */
export function failureOfStatus(
  status: number,
  headers: Record<string, string>,
  body: string,
  t: Target,
  nowMs: number,
): Failure | undefined {
  if (status === 429) {
    const retryAfter = parseRetryAfter(headers['retry-after'], nowMs);
    return {
      error: new ApiError(
        'carrier_throttling',
        `Carrier ${t.carrier} (${t.host}) is throttling requests; retry after ${retryAfter} s`,
        'HTTP 429',
        {
          retryAfter,
        },
      ),
      retryable: true,
      waitMs: retryAfter * 1000,
    };
  }
  if (status >= 500) {
    const said = carrierMessage(body, headers['content-type']);
    const message = `Carrier ${t.carrier} (${t.host}) answered HTTP ${status}${said?.message ? `: ${said.message}` : ''}`;
    const detail = `HTTP ${status}${said?.code ? ` ${said.code}` : ''}`;
    return { error: new ApiError('carrier_http_exception', message, detail), retryable: true };
  }
  return undefined;
}

const MESSAGE_KEY =
  /^(message|msg|errormessage|error_message|error_description|description|detail|title|reason|faultstring|text|error)$/i;
const CODE_KEY = /^(code|errorcode|error_code|faultcode)$/i;
const NOISE_KEY = /stack|trace|exception|debug/i;
const MAX_EXCERPT = 200;

/** A short, single-line, redacted excerpt of a message: never a stack, never a secret. */
function excerpt(s: string): string | undefined {
  let line = (s.split(/\r?\n/)[0] ?? '').replace(/\s+at\s+\S+\s+\(.*$/, '').trim();
  if (line === '') return undefined;
  line = redactText(line, 'text/plain');
  return line.length > MAX_EXCERPT ? `${line.slice(0, MAX_EXCERPT)}…` : line;
}

/** The carrier's own message and code in a JSON or XML error body (best effort, first found). */
export function carrierMessage(body: string, contentType = ''): { message?: string; code?: string } | undefined {
  const t = body.trimStart();
  if (contentType.includes('json') || t.startsWith('{') || t.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return undefined;
    }
    const found: { message?: string; code?: string } = {};
    const walk = (v: unknown, depth: number): void => {
      if (depth > 8 || v === null || typeof v !== 'object') return;
      for (const [k, child] of Object.entries(v)) {
        if (NOISE_KEY.test(k)) continue;
        if (found.message === undefined && typeof child === 'string' && MESSAGE_KEY.test(k))
          found.message = excerpt(child);
        else if (
          found.code === undefined &&
          (typeof child === 'string' || typeof child === 'number') &&
          CODE_KEY.test(k)
        )
          found.code = excerpt(String(child));
        else walk(child, depth + 1);
      }
    };
    walk(parsed, 0);
    return found.message === undefined && found.code === undefined ? undefined : found;
  }
  if (contentType.includes('xml') || t.startsWith('<?xml') || /^<[\w.-]+:?[\w.-]*[\s>]/.test(t)) {
    if (/^<!doctype html|^<html/i.test(t)) return undefined;
    const msg =
      /<(?:[\w.-]+:)?(faultstring|Message|ErrorMessage|ErrorDescription|Description|Text|Reason)\b[^>]*>([^<]+)</i.exec(
        body,
      );
    const code = /<(?:[\w.-]+:)?(faultcode|Code|ErrorCode|Status)\b[^>]*>([^<]+)</i.exec(body);
    const message = msg?.[2] === undefined ? undefined : excerpt(msg[2]);
    const c = code?.[2] === undefined ? undefined : excerpt(code[2]);
    return message === undefined && c === undefined ? undefined : { message, code: c };
  }
  return undefined;
}
