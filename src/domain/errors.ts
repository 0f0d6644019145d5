/**
 * The one error type of the service, carrier-neutral. Every failure a caller can see is an ApiError
 * with a code from this closed set (README.md "Errors"); anything else that escapes is an
 * unexpected_exception. Which HTTP status a code gets is the HTTP layer's business (http/errors.ts).
 */
export const ERROR_CODES = [
  'missing_api_key',
  'wrong_api_key',
  // Authenticated, but its role or key scope lacks the route's permission (named in the message and
  // detail); or a request made with the session cookie came without its CSRF token.
  'forbidden',
  // The tenant was suspended (or deleted) by its platform: none of its keys or sessions is let in.
  'tenant_suspended',
  // /tenants is for a platform's tenant (`waybill tenants set-platform`).
  'platform_required',
  // POST /session: the e-mail address or the password was not accepted (which one is not said).
  'sign_in_failed',
  // The console's session cookie names a session that ended: signed out, expired, or its user disabled or removed.
  'session_expired',
  'schema_field_required',
  'schema_validation_error',
  'ship_date_past',
  'invalid_phone_number',
  'shipping_account_wrong_carrier',
  'carrier_unsupported_method',
  'carrier_exception',
  'carrier_authentication',
  'shipping_account_not_found',
  'master_test_shipping_account_not_found',
  'carrier_no_shipment_found',
  'not_found',
  // The path exists, with other methods (the answer's Allow header lists them).
  'method_not_allowed',
  'link_expired',
  // A label of a shipment that was voided (cancelled, refunded): its bytes would ship nothing.
  'label_voided',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'limit_exceeded',
  'carrier_throttling',
  'unexpected_exception',
  'carrier_http_exception',
  'carrier_failed_connection',
  'carrier_timeout',
  'sealing_key_mismatch',
  'service_unavailable',
  // Rate shopping with `select` or `deliver_by` found no rate that qualifies.
  'no_qualifying_rate',
  // validate_address: the recipient is invalid or ambiguous; nothing was booked.
  'address_invalid',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: { code: ErrorCode; message: string; detail: string };
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  /** Extra information for developers: a field path, a carrier's raw code and transaction id. */
  readonly detail: string;
  /** Seconds, for the codes answered with a Retry-After header. */
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message: string, detail = '', opts: { retryAfter?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ApiError';
    this.code = code;
    this.detail = detail;
    this.retryAfter = opts.retryAfter;
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, detail: this.detail } };
  }

  /** The error again from toBody's parts, as they come back from a thread (body-thread.ts). */
  static fromBody(e: { code: string; message: string; detail: string }): ApiError {
    return new ApiError(e.code as ErrorCode, e.message, e.detail);
  }
}

/** Any thrown value as an ApiError; unknown failures become unexpected_exception without leaking internals. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError('unexpected_exception', 'An unexpected error occurred; it has been logged.', '', { cause: err });
}
