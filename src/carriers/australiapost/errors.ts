/**
 * Australia Post error bodies → ApiError. The Shipping and Tracking API answers
 * `{ errors: [{ code, name, message, field?, context? }] }`; its gateway answers refused keys and
 * throttling as `{ errors: [{ error_code, error_name, message }] }` (API_001, API_002). The messages
 * go to `message`, the codes, names and fields to `detail`. Nothing here throws anything but ApiError.
 */
import { ApiError, type ErrorCode } from '../../domain/errors.js';
import { unexpectedBodyOf } from '../shared/calls.js';
import { bodyExcerpt, jsonOrUndefined, obj, objects, text } from '../shared/json.js';
import { codeOfStatus } from '../shared/transport-errors.js';

export interface AusPostError {
  code?: string;
  name?: string;
  message?: string;
  field?: string;
}

/** Codes that mean the key, password or account is not accepted. */
const AUTH_CODES = new Set(['API_001', '41001']);
/** Codes that mean there is no such shipment, order or tracking id. */
const NOT_FOUND_CODES = new Set(['ESB-10001', '44013']);

/** The error entries of a parsed answer; [] when it has none. */
export function errorsOf(body: unknown): AusPostError[] {
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
  for (const e of errors) parts.push([e.code && `code ${e.code}`, e.name, e.field && `field ${e.field}`].filter(Boolean).join(' '));
  return parts.filter((p) => p !== '').join('; ');
}

/** The ApiError code of an answer: the status first, then Australia Post's codes. */
export function classifyError(status: number, errors: readonly AusPostError[] = [], opts: { notFound?: boolean } = {}): ErrorCode {
  if (errors.some((e) => e.code !== undefined && AUTH_CODES.has(e.code))) return 'carrier_authentication';
  const byStatus = codeOfStatus(status);
  if (byStatus) return byStatus;
  if (opts.notFound && (status === 404 || errors.some((e) => e.code !== undefined && NOT_FOUND_CODES.has(e.code)))) return 'carrier_no_shipment_found';
  return 'carrier_exception';
}

export function errorFrom(status: number, errors: readonly AusPostError[], opts: { notFound?: boolean } = {}): ApiError {
  const said = errors.map((e) => e.message ?? e.name).filter((m): m is string => m !== undefined);
  const message = said.length > 0 ? said.join('; ') : `australiapost refused the request (HTTP ${status})`;
  return new ApiError(classifyError(status, errors, opts), message, errorDetail(status, errors));
}

/** A body that is not what Australia Post documents: a carrier fault, never our 500. */
export const unexpectedBody = (what: string): ApiError => unexpectedBodyOf('australiapost', what);

/** An error answer (as text) → ApiError; `notFound` marks calls where 404 means "no such shipment". */
export function parseErrorResponse(status: number, body: string, opts: { notFound?: boolean } = {}): ApiError {
  const errors = errorsOf(jsonOrUndefined(body));
  if (errors.length > 0) return errorFrom(status, errors, opts);
  const detail = `HTTP ${status}, ${bodyExcerpt(body)}`;
  if (status === 401 || status === 403) return new ApiError('carrier_authentication', `australiapost refused the credentials (HTTP ${status})`, detail);
  if (status === 404 && opts.notFound) return new ApiError('carrier_no_shipment_found', 'australiapost found no such shipment', detail);
  return new ApiError('carrier_http_exception', `australiapost answered HTTP ${status} with a body that is not one of its error bodies`, detail);
}

/** Throws the errors a 200 answer carries instead of its content (only error answers have a top-level `errors`). */
export function throwIfErrors(body: unknown, status = 400): void {
  const errors = errorsOf(body);
  if (errors.length > 0) throw errorFrom(status, errors);
}
