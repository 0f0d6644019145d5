/**
 * USPS v3 error bodies → ApiError. Every v3 API answers errors as ErrorMessage:
 * `{ apiVersion, error: { code, message, errors: [{ status, code, title, detail, source }] } }`
 * (vendor/*.yaml components.schemas.ErrorMessage; samples/error_response.json,
 * fixtures/tracking_ErrorResponse.json). The OAuth endpoint answers RFC 6749 bodies
 * `{ error, error_description }`. USPS's own words go to `message`, its codes to `detail`.
 */
import { ApiError, type ErrorCode } from '../../domain/errors.js';
import { bodyExcerpt, jsonOrUndefined, obj, objects, text } from '../shared/json.js';
import { unexpectedBodyOf } from '../shared/calls.js';
import { classifyBy, type CarrierSaid, type ErrorTable } from '../shared/error-table.js';

export interface ErrorItem {
  code?: string;
  title?: string;
  detail?: string;
  parameter?: string;
}

/** What USPS says: its statuses decide, and its words on calls about one number. */
export const ERRORS: ErrorTable = {
  /** Words of USPS 400s meaning "no such label / number" (domestic-labels.yaml ExampleCancelError_NOTFOUND, tracking.yaml). */
  notFoundWords: /not found|could not locate|no record|invalid tracking number|does not exist/i,
  every404IsNoShipment: true,
};

/** The ApiError code of what USPS said. */
export const classifyError = (said: CarrierSaid): ErrorCode => classifyBy(ERRORS, said);

function itemMessage(e: ErrorItem): string | undefined {
  const words = e.detail ?? e.title;
  if (!words) return undefined;
  return e.parameter && !words.includes(e.parameter) ? `${words} (${e.parameter})` : words;
}

export function errorDetail(topCode: string | undefined, items: ErrorItem[], apiVersion?: string): string {
  const codes = [topCode, ...items.map((e) => e.code)].filter((c): c is string => c !== undefined && c !== '');
  const parts = [
    `carrier_d error code${codes.length === 1 ? '' : 's'}: ${codes.length > 0 ? codes.join(', ') : '(none)'}`,
  ];
  if (apiVersion) parts.push(`apiVersion: ${apiVersion}`);
  return parts.join('; ');
}

/**
 * The ApiError of a parsed USPS body, or undefined when it is not an error body. `notFound` marks
 * calls about one number (tracking, refunds), where "not found" words mean carrier_no_shipment_found.
 */
export function errorFromBody(
  status: number,
  json: unknown,
  opts: { auth?: boolean; notFound?: boolean } = {},
): ApiError | undefined {
  const body = obj(json);
  if (!body) return undefined;
  const error = obj(body.error);
  if (error) {
    const items = objects(error.errors).map((e) => ({
      code: text(e.code),
      title: text(e.title),
      detail: text(e.detail),
      parameter: text(obj(e.source)?.parameter),
    }));
    const messages = items.map(itemMessage).filter((m): m is string => m !== undefined);
    const top = text(error.message);
    const message =
      messages.length > 0 ? messages.join('; ') : (top ?? `carrier_d refused the request (HTTP ${status})`);
    const detail = errorDetail(text(error.code), items, text(body.apiVersion));
    return new ApiError(classifyError({ status, words: `${message} ${top ?? ''}`, ...opts }), message, detail);
  }
  // OAuth 2 (RFC 6749 § 5.2): { error: "invalid_client", error_description }.
  const oauthCode = text(body.error);
  if (oauthCode) {
    const message = text(body.error_description) ?? oauthCode;
    return new ApiError(classifyError({ status, words: message, ...opts }), message, errorDetail(oauthCode, []));
  }
  return undefined;
}

/** Throws the USPS error a 200 answer may carry instead of its content; `notFound` marks calls about one number. */
export function throwIfError(body: unknown, opts: { notFound?: boolean } = {}): void {
  const error = errorFromBody(200, body, opts);
  if (error) throw error;
}

/** A body that is not what USPS documents: a carrier fault, never our 500. */
export const unexpectedBody = (what: string): ApiError => unexpectedBodyOf('carrier_d', what);

/** USPS error body (as text) → ApiError; `auth` marks the token and payment-authorization calls. */
export function parseErrorResponse(
  status: number,
  body: string,
  opts: { auth?: boolean; notFound?: boolean } = {},
): ApiError {
  const fromJson = errorFromBody(status, jsonOrUndefined(body), opts);
  if (fromJson) return fromJson;
  const detail = bodyExcerpt(body);
  if (status === 401 || status === 403)
    return new ApiError('carrier_authentication', `carrier_d refused the credentials (HTTP ${status})`, detail);
  if (status === 404 && opts.notFound)
    return new ApiError('carrier_no_shipment_found', 'carrier_d does not know this number', detail);
  return new ApiError(
    'carrier_http_exception',
    `carrier_d answered HTTP ${status} with a body that is not one of its error bodies`,
    detail,
  );
}
