/**
 * The only place that knows HTTP statuses: each error code of domain/errors.ts → its status
 * (README.md "Errors").
 */
import type { ApiError, ErrorCode } from '../domain/errors.js';

/** Every status an error is answered with (http/openapi.ts documents them per route). */
export const ERROR_STATUSES = [400, 401, 403, 404, 405, 409, 410, 413, 415, 429, 500, 502, 503, 504] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export const ERROR_STATUS: Record<ErrorCode, ErrorStatus> = {
  missing_api_key: 401,
  wrong_api_key: 401,
  forbidden: 403,
  tenant_suspended: 403,
  platform_required: 403,
  sign_in_failed: 401,
  session_expired: 401,
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
  method_not_allowed: 405,
  // A signed link (label, tracking page, returns portal) that was genuine but is past its expiry.
  link_expired: 410,
  label_voided: 410,
  idempotency_key_reused: 409,
  idempotency_key_in_use: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  // A per-tenant quota (webhook endpoints): the request is valid, the tenant has enough already.
  limit_exceeded: 400,
  carrier_throttling: 429,
  unexpected_exception: 500,
  carrier_http_exception: 502,
  carrier_failed_connection: 502,
  carrier_timeout: 504,
  // This instance cannot open stored credentials (another sealing key): an operator's fix, and
  // another instance may answer, so "unavailable" rather than an unexplained 500.
  sealing_key_mismatch: 503,
  service_unavailable: 503,
  no_qualifying_rate: 400,
  address_invalid: 400,
};

export function httpStatus(err: ApiError): number {
  return ERROR_STATUS[err.code];
}
