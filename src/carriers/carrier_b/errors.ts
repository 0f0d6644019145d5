/**
 * UPS error bodies → ApiError. Every UPS REST API answers errors as
 * `{ response: { errors: [{ code, message }] } }` (ErrorResponse in every vendor/*.yaml;
 * fixtures/authentication_ErrorResponse.json, tracking_InvalidTrackingNumberResponseJSON.json,
 * pickup_PickupErrorResponse.json). UPS's message goes to `message`, its raw codes and the
 * transaction id we sent (`transId`) to `detail`. Nothing here throws anything but ApiError.
 */
import { ApiError, type ErrorCode } from '../../domain/errors.js';
import { unexpectedBodyOf } from '../shared/calls.js';
import { bodyExcerpt, dig, jsonOrUndefined, obj, objects, text } from '../shared/json.js';
import { classifyBy, type CarrierSaid, type ErrorTable } from '../shared/error-table.js';

/**
 * Codes meaning the credentials were refused: 250003 "Invalid Access License number"
 * (fixtures/authentication_ErrorResponse.json, tracking_AuthError.json, samples/error_response.json)
 * and 250002 "Invalid Authentication Information", UPS's answer to a refused token.
 */
const AUTH_CODES: ReadonlySet<string> = new Set(['250002', '250003']);

/**
 * "No such shipment": TV1002 Invalid inquiry number (fixtures), TW0001 Tracking Information Not
 * Found (Tracking.yaml 404), 190117 "No shipment found within the allowed void period" and 190102
 * "No shipment found" of the void call.
 */
const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['TV1002', 'TW0001', '190117', '190102']);

/** What UPS's codes mean. */
export const ERRORS: ErrorTable = { authentication: AUTH_CODES, noShipment: NOT_FOUND_CODES };

/** The ApiError code of what UPS said. */
export const classifyError = (said: CarrierSaid): ErrorCode => classifyBy(ERRORS, said);

export interface ErrorItem {
  code?: string;
  message?: string;
}

/** `detail` of every carrier_b ApiError: UPS's raw codes and the transaction id of the call. */
export function errorDetail(codes: string[], transactionId: string | undefined): string {
  const parts = [
    `carrier_b error code${codes.length === 1 ? '' : 's'}: ${codes.length > 0 ? codes.join(', ') : '(none)'}`,
  ];
  if (transactionId) parts.push(`transId: ${transactionId}`);
  return parts.join('; ');
}

export interface ErrorContext {
  /** The transId header of the call, echoed in detail so UPS support can find it. */
  transactionId?: string;
  /** An answer of the OAuth token endpoint: any refusal means the stored credentials are wrong. */
  auth?: boolean;
  /** A tracking or void call: 404 means the number is unknown. */
  notFound?: boolean;
}

function errorFromItems(status: number, items: ErrorItem[], ctx: ErrorContext = {}): ApiError {
  const codes = items.map((e) => e.code).filter((c): c is string => c !== undefined);
  const messages = items.map((e) => e.message).filter((m): m is string => m !== undefined);
  const message = messages.length > 0 ? messages.join('; ') : `carrier_b refused the request (HTTP ${status})`;
  const detail = errorDetail(codes, ctx.transactionId);
  return new ApiError(
    classifyError({ status, codes, ...(ctx.auth ? { auth: true } : {}), ...(ctx.notFound ? { notFound: true } : {}) }),
    message,
    detail,
  );
}

/** The ApiError of a parsed UPS error body, else undefined (also for 200 answers that carry one). */
export function errorFromBody(status: number, json: unknown, ctx: ErrorContext = {}): ApiError | undefined {
  const errors = dig(json, 'response', 'errors');
  // One error may come as an object instead of a one-element list.
  const list = Array.isArray(errors) ? objects(errors) : obj(errors) ? [obj(errors) ?? {}] : [];
  const items = list.map((e) => ({
    code: text(e.code) ?? (typeof e.code === 'number' ? String(e.code) : undefined),
    message: text(e.message),
  }));
  if (items.length === 0) return undefined;
  return errorFromItems(status, items, ctx);
}

export function throwIfError(body: unknown, ctx: ErrorContext = {}): void {
  const error = errorFromBody(200, body, ctx);
  if (error) throw error;
}

/** A body that is not what UPS documents: a carrier fault, never our 500. */
export const unexpectedBody = (what: string): ApiError => unexpectedBodyOf('carrier_b', what);

/** UPS error body (as text) → ApiError, whatever the status and body look like. */
export function parseErrorResponse(status: number, body: string, ctx: ErrorContext = {}): ApiError {
  const fromJson = errorFromBody(status, jsonOrUndefined(body), ctx);
  if (fromJson) return fromJson;
  const detail = [bodyExcerpt(body), ctx.transactionId ? `transId: ${ctx.transactionId}` : undefined]
    .filter(Boolean)
    .join('; ');
  if (status === 401 || status === 403 || ctx.auth) {
    return new ApiError('carrier_authentication', `carrier_b refused the credentials (HTTP ${status})`, detail);
  }
  if (ctx.notFound && status === 404)
    return new ApiError('carrier_no_shipment_found', 'carrier_b does not know this shipment', detail);
  return new ApiError(
    'carrier_http_exception',
    `carrier_b answered HTTP ${status} with a body that is not one of its error bodies`,
    detail,
  );
}
