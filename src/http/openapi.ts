/**
 * What each route adds to /openapi.json beyond its schemas, so that the document is true and
 * usable: a success answer that says what it is (ok), request examples that work (withExamples,
 * with the bodies of contract/examples.ts) and error answers with an example for every code
 * their status carries (errorResponses). test/openapi/operations.test.ts holds every route to it.
 */
import type { TSchema } from 'typebox';
import { ErrorBody } from '../contract/common.js';
import type { ExampleSet } from '../contract/example-values.js';
import { ERROR_CODES, type ErrorCode } from '../domain/errors.js';
import { ERROR_STATUS, ERROR_STATUSES, type ErrorStatus } from './errors.js';

/** @fastify/swagger reads these two schema keywords into the response description and the media examples. */
const DESCRIPTION = 'x-response-description';
const EXAMPLES = 'x-examples';

/** A success answer's schema with what it is, for the document ("Default Response" otherwise). */
export function ok<T extends TSchema>(description: string, schema: T): T {
  return { ...schema, [DESCRIPTION]: description };
}

/** A request body's schema with named examples (validation ignores the keyword). */
export function withExamples<T extends TSchema>(schema: T, examples: ExampleSet): T {
  return { ...schema, [EXAMPLES]: examples };
}

const STATUS_MEANING: Record<ErrorStatus, string> = {
  400: 'Refused as sent: a field is missing or wrong, or the carrier refused the request; nothing changed',
  401: 'No API key, or one that is not accepted (a session that ended; a sign-in refused)',
  403: 'The key’s scope or the user’s role lacks the permission the message and detail name (or a request signed in by cookie came without its X-CSRF-Token)',
  404: 'No such resource for this tenant (another tenant’s is answered the same way)',
  405: 'The path has no such operation; the Allow header lists its methods',
  409: 'An Idempotency-Key conflict, or the resource’s state forbids the change',
  410: 'The signed link was genuine but has expired (ask for a new one), or the label it names was voided',
  413: 'The body is larger than WAYBILL_BODY_LIMIT',
  415: 'The body was not sent as application/json',
  429: 'Too many requests, to Waybill or to the carrier: wait for Retry-After',
  500: 'An unexpected failure; it is logged with the request id',
  502: 'The carrier failed or could not be reached; it may have acted: check before retrying under a new key',
  503: 'This instance cannot answer now: shutting down, database unreachable, or another sealing key',
  504: 'The carrier did not answer in time; it may have acted: check before retrying under a new key',
};

/** A typical message and detail per code, as the service words them. */
const CODE_EXAMPLE: Record<ErrorCode, [message: string, detail: string]> = {
  missing_api_key: ['No API key: send it in the zkkey header (or Authorization: Bearer)', 'zkkey'],
  wrong_api_key: ['API key not accepted', 'zkkey'],
  sign_in_failed: ['E-mail address or password not accepted', 'session'],
  session_expired: ['Your session has ended (signed out, expired or revoked): sign in again', 'session'],
  forbidden: ['POST /ship needs the permission shipments.buy, which role viewer does not have', 'shipments.buy'],
  tenant_suspended: ['tenant shop-7 is suspended', 'shop-7'],
  platform_required: ['tenant acme is not a platform', 'acme'],
  schema_field_required: ['shipment.recipient is required', 'shipment.recipient'],
  schema_validation_error: ['shipment.packages[0].weight must be > 0', 'shipment.packages.0.weight'],
  ship_date_past: ['shipment.ship_date 2020-01-02 is in the past', 'shipment.ship_date'],
  invalid_phone_number: [
    'shipment.sender.phone "call me" is not a phone number: use 7 to 15 digits, optionally with a leading + and spaces, dashes or brackets',
    'shipment.sender.phone',
  ],
  shipping_account_wrong_carrier: [
    'shipping account 481516234200001 is not an account of the carrier shipment.carrier names',
    'shipment.carrier',
  ],
  carrier_unsupported_method: ['This carrier cannot void a booked shipment; cancel the pickup instead', 'cancel'],
  carrier_exception: [
    'The carrier refused the request: Recipient postal code is invalid for the country',
    'RECIPIENT.POSTALCODE.INVALID',
  ],
  carrier_authentication: ['The carrier refused the account’s credentials', 'NOT.AUTHORIZED.ERROR'],
  shipping_account_not_found: ['shipping account 481516234200001 was not found', 'shipment.shipping_account'],
  master_test_shipping_account_not_found: [
    'no master test shipping account exists for this carrier in BR',
    'shipping_account.country',
  ],
  carrier_no_shipment_found: ['The carrier does not know this shipment', '794612345678'],
  not_found: ['No route GET /shipment', 'see GET /openapi.json'],
  method_not_allowed: ['GET /rate is not an operation; /rate answers POST', 'see GET /openapi.json'],
  link_expired: ['This link expired on 2026-12-01T10:00:00Z; ask the sender for a new one', 'expires'],
  label_voided: [
    'label lbl_3kTqv9 belongs to shipment shp_8fQx2 voided at 2026-12-01T10:00:00.000Z: it can no longer be used; book a new shipment',
    'lbl_3kTqv9',
  ],
  idempotency_key_reused: [
    'Idempotency-Key order-1001 was used with a different request; use a new key for a new request',
    'order-1001',
  ],
  idempotency_key_in_use: [
    'A request with Idempotency-Key order-1001 is still being processed; retry shortly',
    'order-1001',
  ],
  conflict: ['shipping account 481516234200001 has sub-accounts; delete them first', 'shipping_account'],
  payload_too_large: ['Request body is larger than 1048576 bytes', 'FST_ERR_CTP_BODY_TOO_LARGE'],
  unsupported_media_type: ['Send JSON with content-type: application/json', 'FST_ERR_CTP_INVALID_MEDIA_TYPE'],
  limit_exceeded: ['A tenant may register at most 20 webhook endpoints; delete one first', 'webhook'],
  rate_limited: ['Too many requests; retry after the Retry-After seconds', 'tenant acme'],
  carrier_throttling: ['The carrier is throttling requests; retry after the Retry-After seconds', 'HTTP 429'],
  unexpected_exception: ['An unexpected error occurred; it has been logged.', ''],
  carrier_http_exception: ['The carrier answered HTTP 503', 'HTTP 503'],
  carrier_failed_connection: ['Could not reach the carrier at apis.example.com: connection refused', 'ECONNREFUSED'],
  carrier_timeout: ['The carrier did not answer within 30000 ms', 'timeout'],
  sealing_key_mismatch: [
    'This instance cannot open the stored credentials: give every instance the same WAYBILL_SECRET_KEY',
    'secret key check',
  ],
  service_unavailable: [
    'This instance is shutting down; send the request again (another instance will answer it)',
    'closing',
  ],
  no_qualifying_rate: ['no rate is estimated to arrive by 2026-11-26', 'shipment.deliver_by'],
  address_invalid: [
    'the carrier cannot deliver to shipment.recipient: There is no match for the address requested.',
    'There is no match for the address requested.',
  ],
};

/** One error status with an example per code it carries. */
export function errorResponse(status: ErrorStatus): typeof ErrorBody {
  const codes = ERROR_CODES.filter((code) => ERROR_STATUS[code] === status);
  const examples = Object.fromEntries(
    codes.map((code) => [
      code,
      { summary: code, value: { error: { code, message: CODE_EXAMPLE[code][0], detail: CODE_EXAMPLE[code][1] } } },
    ]),
  );
  return withExamples(ok(STATUS_MEANING[status], ErrorBody), examples);
}

/**
 * Statuses only some routes answer, which add them themselves: 410 where a signed link is accepted;
 * 405 no route answers (it is the answer for a method a path lacks).
 */
const WHERE_IT_APPLIES = [405, 410] as const;
type CommonStatus = Exclude<ErrorStatus, (typeof WHERE_IT_APPLIES)[number]>;

/** Every other error status with its examples; spread into each route's `response`. */
export const errorResponses = Object.fromEntries(
  ERROR_STATUSES.filter((status) => !(WHERE_IT_APPLIES as readonly number[]).includes(status)).map((status) => [
    status,
    errorResponse(status),
  ]),
) as Record<CommonStatus, typeof ErrorBody>;
