/**
 * dhl_parcel_de error bodies → ApiError. The Parcel DE APIs answer in these shapes:
 * - a problem `{ title, status | statusCode, detail }` (gateway refusals, malformed requests);
 * - the Shipping API's `{ status: { title, statusCode, detail }, items: [{ sstatus,
 *   validationMessages: [{ property, validationMessage, validationState }] }] }`, where an item
 *   whose messages carry validationState "Error" failed even under a top-level 200 (warnings are
 *   not errors);
 * - the authentication API's OAuth error `{ error, error_description }`;
 * - the tracking API's XML root `<data code="…" error="…">`, code 0 meaning success.
 * DHL's words go to `message` (with the properties its messages name), its status, title and codes
 * to `detail`. Nothing here throws anything but ApiError.
 */
import { ApiError, type ErrorCode } from '../../domain/errors.js';
import { unexpectedBodyOf } from '../shared/calls.js';
import { classifyBy, type CarrierSaid, type ErrorTable } from '../shared/error-table.js';
import { bodyExcerpt, dig, jsonOrUndefined, numeric, obj, objects, text } from '../shared/json.js';

/** A body that is not what the APIs document: a carrier fault, never our 500. */
export const unexpectedBody = (what: string): ApiError => unexpectedBodyOf('dhl_parcel_de', what);

interface ValidationMessage {
  property?: string;
  message?: string;
  state?: string;
  code?: string;
}

/** The validation messages of one item (Shipping and Pickup APIs). */
function validationMessagesOf(item: unknown): ValidationMessage[] {
  return objects(dig(item, 'validationMessages')).map((m) => ({
    property: text(m.property),
    message: text(m.validationMessage),
    state: text(m.validationState),
    code: text(m.validationMessageCode),
  }));
}

/** Messages that make an item fail; the APIs write the state "Error" and "error" alike. */
function errorMessages(messages: ValidationMessage[]): ValidationMessage[] {
  return messages.filter((m) => m.state?.toLowerCase() === 'error');
}

const describe = (m: ValidationMessage): string | undefined =>
  m.message === undefined ? undefined : m.property ? `${m.property}: ${m.message}` : m.message;

/**
 * The Parcel DE APIs send no codes that say more than their status: a refused token is 401, an
 * unknown shipment of a deletion is an item's 400 "Unknown shipment number." (a carrier_exception:
 * the caller asked about a shipment DHL no longer holds), tracking's "no data" is its own document.
 */
export const ERRORS: ErrorTable = {};

/** The ApiError code of what DHL said. */
export const classifyError = (said: CarrierSaid): ErrorCode => classifyBy(ERRORS, said);

/** `detail` of every dhl_parcel_de ApiError: the HTTP status and title, then what the answer names. */
export function errorDetail(status: number | undefined, title: string | undefined, extra: string[] = []): string {
  return [`dhl_parcel_de${status === undefined ? '' : ` HTTP ${status}`}${title ? ` ${title}` : ''}`, ...extra].join(
    '; ',
  );
}

/**
 * The error an item's failed validation makes, or undefined when it did not fail. `answer`: the
 * status and title of the whole answer, which the detail names instead of the item's.
 */
function itemError(
  item: unknown,
  index?: number,
  answer?: { status: number; title?: string | undefined; code: ErrorCode },
): ApiError | undefined {
  const failed = errorMessages(validationMessagesOf(item));
  const sstatus = obj(dig(item, 'sstatus'));
  const itemStatus = numeric(sstatus?.statusCode) ?? numeric(sstatus?.status);
  if (failed.length === 0 && (itemStatus === undefined || itemStatus < 400)) return undefined;
  const words = failed.map(describe).filter((m): m is string => m !== undefined);
  const message =
    words.length > 0
      ? words.join('; ')
      : (text(sstatus?.detail) ?? text(sstatus?.title) ?? 'dhl_parcel_de refused the shipment');
  const properties = failed.map((m) => m.property).filter((p): p is string => p !== undefined);
  const codes = failed.map((m) => m.code).filter((c): c is string => c !== undefined);
  const extra = [
    ...(index === undefined ? [] : [`item ${index}`]),
    ...(properties.length > 0 ? [`properties: ${properties.join(', ')}`] : []),
    ...(codes.length > 0 ? [`codes: ${codes.join(', ')}`] : []),
  ];
  if (answer) return new ApiError(answer.code, message, errorDetail(answer.status, answer.title, extra));
  return new ApiError('carrier_exception', message, errorDetail(itemStatus, text(sstatus?.title), extra));
}

/** Throws the first failed item of a Shipping API answer (a 200 "ok" may still hold one). */
export function throwIfError(body: unknown): void {
  const items = objects(dig(body, 'items'));
  for (const [i, item] of items.entries()) {
    const err = itemError(item, items.length > 1 ? i : undefined);
    if (err) throw err;
  }
}

/** Any of the JSON error shapes, as an ApiError with the answer's status; undefined for a body that is none. */
export function errorFromBody(
  status: number,
  body: unknown,
  opts: { auth?: boolean; notFound?: boolean } = {},
): ApiError | undefined {
  // The Pickup API's 422 is an array of `{ errorCode, title, detail }`: the first speaks for the answer.
  const root = obj(Array.isArray(body) ? body[0] : body);
  if (!root) return undefined;
  const oauthError = text(root.error);
  if (oauthError) {
    const message = text(root.error_description) ?? oauthError;
    // A refused grant is refused credentials, whatever the status the gateway chose.
    const code =
      oauthError === 'invalid_grant' || oauthError === 'invalid_client' || oauthError === 'unauthorized_client'
        ? 'carrier_authentication'
        : classifyError({ status, ...opts });
    return new ApiError(code, message, errorDetail(status, undefined, [`error: ${oauthError}`]));
  }
  const nested = obj(root.status);
  const title = text(nested?.title) ?? text(root.title);
  const said = text(nested?.detail) ?? text(root.detail);
  const items = objects(root.items);
  const code = classifyError({ status, ...opts });
  for (const [i, item] of items.entries()) {
    const err = itemError(item, items.length > 1 ? i : undefined, { status, title, code });
    if (err) return err;
  }
  if (title === undefined && said === undefined) return undefined;
  const errorCode = numeric(root.errorCode) ?? text(root.errorCode);
  return new ApiError(
    code,
    said ?? title ?? `dhl_parcel_de refused the request (HTTP ${status})`,
    errorDetail(status, title, errorCode === undefined ? [] : [`errorCode: ${errorCode}`]),
  );
}

/** An error answer (as text) → ApiError. */
export function parseErrorResponse(
  status: number,
  body: string,
  opts: { auth?: boolean; notFound?: boolean } = {},
): ApiError {
  const fromJson = errorFromBody(status, jsonOrUndefined(body), opts);
  if (fromJson) return fromJson;
  const detail = `HTTP ${status}, ${bodyExcerpt(body)}`;
  if (opts.auth || status === 401 || status === 403)
    return new ApiError('carrier_authentication', `dhl_parcel_de refused the credentials (HTTP ${status})`, detail);
  if (status === 404 && opts.notFound)
    return new ApiError('carrier_no_shipment_found', 'dhl_parcel_de found no such shipment', detail);
  if (status === 429) return new ApiError('carrier_throttling', 'dhl_parcel_de asks to slow down', detail);
  return new ApiError(
    'carrier_http_exception',
    `dhl_parcel_de answered HTTP ${status} with a body that is not one of its error bodies`,
    detail,
  );
}
