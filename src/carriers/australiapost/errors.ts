/**
 * Australia Post error bodies → ApiError. The Shipping and Tracking API answers
 * `{ errors: [{ code, name, message, field?, context? }] }`; its gateway answers refused keys and
 * throttling as `{ errors: [{ error_code, error_name, message }] }` (API_001, API_002). The messages
 * go to `message`, the codes, names and fields to `detail`. Nothing here throws anything but ApiError.
 */
import { ApiError, type ErrorCode } from '../../domain/errors.js';
import { unexpectedBodyOf } from '../shared/calls.js';
import { classifyBy, type CarrierSaid, type ErrorTable } from '../shared/error-table.js';
import { bodyExcerpt, jsonOrUndefined, obj, objects, text } from '../shared/json.js';

interface AusPostError {
  code?: string;
  name?: string;
  message?: string;
  field?: string;
}

/**
 * API_001 is the gateway refusing the key or password, 41001 CUSTOMER_NOT_FOUND the account the
 * key is not for; ESB-10001 "Invalid tracking ID" and 44013 are no such article or shipment.
 */
export const ERRORS: ErrorTable = {
  authentication: new Set(['API_001', '41001']),
  noShipment: new Set(['ESB-10001', '44013']),
};

/** The ApiError code of what Australia Post said. */
export const classifyError = (said: CarrierSaid): ErrorCode => classifyBy(ERRORS, said);

/** The error entries of a parsed answer; [] when it has none. */
function errorsOf(body: unknown): AusPostError[] {
  return objects(obj(body)?.errors).map((e) => ({
    code: text(e.code) ?? text(e.error_code),
    name: text(e.name) ?? text(e.error_name),
    message: text(e.message) ?? text(e.error_description),
    field: text(e.field),
  }));
}

/** `detail` of every australiapost ApiError from an answer: status, then each code, name and field. */
export function errorDetail(status: number, errors: readonly AusPostError[]): string {
  const parts = [`australiapost HTTP ${status}`];
  for (const e of errors)
    parts.push([e.code && `code ${e.code}`, e.name, e.field && `field ${e.field}`].filter(Boolean).join(' '));
  return parts.filter((p) => p !== '').join('; ');
}

/** The ApiError of a parsed answer (or one tracking result) that carries `errors`, else undefined. */
export function errorFromBody(status: number, json: unknown, opts: { notFound?: boolean } = {}): ApiError | undefined {
  const errors = errorsOf(json);
  if (errors.length === 0) return undefined;
  const said = errors.map((e) => e.message ?? e.name).filter((m): m is string => m !== undefined);
  const codes = errors.map((e) => e.code).filter((c): c is string => c !== undefined);
  const message = said.length > 0 ? said.join('; ') : `australiapost refused the request (HTTP ${status})`;
  return new ApiError(
    classifyError({ status, codes, words: message, ...(opts.notFound ? { notFound: true } : {}) }),
    message,
    errorDetail(status, errors),
  );
}

/** Throws the errors a 200 answer carries instead of its content (only error answers have a top-level `errors`). */
export function throwIfError(body: unknown): void {
  const error = errorFromBody(400, body);
  if (error) throw error;
}

/** A body that is not what Australia Post documents: a carrier fault, never our 500. */
export const unexpectedBody = (what: string): ApiError => unexpectedBodyOf('australiapost', what);

/** An error answer (as text) → ApiError; `notFound` marks calls where 404 means "no such shipment". */
export function parseErrorResponse(status: number, body: string, opts: { notFound?: boolean } = {}): ApiError {
  const error = errorFromBody(status, jsonOrUndefined(body), opts);
  if (error) return error;
  const detail = `HTTP ${status}, ${bodyExcerpt(body)}`;
  if (status === 401 || status === 403)
    return new ApiError('carrier_authentication', `australiapost refused the credentials (HTTP ${status})`, detail);
  if (status === 404 && opts.notFound)
    return new ApiError('carrier_no_shipment_found', 'australiapost found no such shipment', detail);
  return new ApiError(
    'carrier_http_exception',
    `australiapost answered HTTP ${status} with a body that is not one of its error bodies`,
    detail,
  );
}
