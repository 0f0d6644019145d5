/** What a failed call throws: the service's answer with its error code, or no answer at all. */
import type { components } from './schema.js';

/** The error codes the service documents; a code added later still arrives, as a plain string. */
export type ErrorCode = components['schemas']['Error']['error']['code'] | (string & {});

/** The service answered with an error: `code` is its stable error code (README "Errors"). */
export class WaybillError extends Error {
  override readonly name = 'WaybillError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly detail: string,
    /** The operation's idempotency key, when it had one: a retry under it is safe. */
    readonly idempotencyKey?: string,
    /** The request id the service logged the call under (header `x-request-id`). */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** No answer from the service (refused, reset, timed out) after every retry. */
export class WaybillConnectionError extends Error {
  override readonly name = 'WaybillConnectionError';
  constructor(
    message: string,
    readonly idempotencyKey?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A webhook request whose signature does not verify (wrong secret, altered body, too old). */
export class WaybillSignatureError extends Error {
  override readonly name = 'WaybillSignatureError';
}

/** The error of a body that is not the service's error shape, e.g. a proxy's own page. */
export function errorOf(status: number, body: unknown, idempotencyKey?: string, requestId?: string): WaybillError {
  const err = (body as { error?: { code?: unknown; message?: unknown; detail?: unknown } } | undefined)?.error;
  if (err && typeof err.code === 'string') {
    return new WaybillError(
      status,
      err.code,
      typeof err.message === 'string' ? err.message : err.code,
      typeof err.detail === 'string' ? err.detail : '',
      idempotencyKey,
      requestId,
    );
  }
  return new WaybillError(
    status,
    status >= 500 ? 'unexpected_exception' : 'http_error',
    `HTTP ${status}`,
    typeof body === 'string' ? body.slice(0, 200) : '',
    idempotencyKey,
    requestId,
  );
}
