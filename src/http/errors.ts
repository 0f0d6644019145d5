/**
 * The one error type of the service and the only place that knows HTTP statuses.
 * Every failure a caller can see is an ApiError with a code from this closed set
 * (spec/DECISIONS.md "Errors"); anything else that escapes is an unexpected_exception.
 */
export const ERROR_STATUS = {
  missing_api_key: 401,
  wrong_api_key: 401,
  schema_field_required: 400,
  schema_validation_error: 400,
  ship_date_past: 400,
  invalid_phone_number: 400,
  shipping_account_wrong_carrier: 400,
  carrier_unsupported_method: 400,
  carrier_exception: 400,
  carrier_authentication: 400,
  shipping_account_not_found: 404,
  master_test_shipping_account_not_found: 404,
  carrier_no_shipment_found: 404,
  not_found: 404,
  idempotency_key_reused: 409,
  idempotency_key_in_use: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  carrier_throttling: 429,
  unexpected_exception: 500,
  carrier_http_exception: 502,
  carrier_failed_connection: 502,
  carrier_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

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

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, detail: this.detail } };
  }
}

/** Any thrown value as an ApiError; unknown failures become unexpected_exception without leaking internals. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError('unexpected_exception', 'An unexpected error occurred; it has been logged.', '', { cause: err });
}
