/**
 * FedEx error bodies → ApiError. Every FedEx REST API answers errors as
 * `{ transactionId, customerTransactionId?, errors: [{ code, message, parameterList? }] }`
 * (ErrorResponseVO / CXSError in every vendor OpenAPI file; fixtures/tracking_ErrorResponse.json,
 * samples/error_response.json). FedEx's own message goes to `message`, its raw codes and the
 * transaction id to `detail` (the project README, "Errors"). Nothing here throws anything but ApiError.
 */
import { ApiError, type ErrorCode } from '../../domain/errors.js';
import { bodyExcerpt, jsonOrUndefined, objects, obj, text } from '../shared/json.js';
import { unexpectedBodyOf } from '../shared/calls.js';
import { classifyBy, type CarrierSaid, type ErrorTable } from '../shared/error-table.js';

/**
 * Codes meaning the stored credentials or account were refused. From the vendor error examples:
 * NOT.AUTHORIZED.ERROR (401 of every API), LOGIN.REAUTHENTICATE.ERROR and SHIPMENT.USER.UNAUTHORIZED
 * (ship-api.json), ACCOUNTNUMBER.REGISTRATION.REQUIRED (ship-api.json: "Please enter a valid
 * 9-digit FedEx account number"), and FORBIDDEN.ERROR, FedEx's code for a 403 on credentials.
 */
const AUTH_CODES: ReadonlySet<string> = new Set([
  'NOT.AUTHORIZED.ERROR',
  'AUTHENTICATION.TOKEN.INVALID',
  'LOGIN.REAUTHENTICATE.ERROR',
  'SHIPMENT.USER.UNAUTHORIZED',
  'ACCOUNTNUMBER.REGISTRATION.REQUIRED',
  'FORBIDDEN.ERROR',
]);

/** What FedEx's codes mean. */
export const ERRORS: ErrorTable = {
  authentication: AUTH_CODES,
  /**
   * "No such shipment": track.json (TRACKING.TRACKINGNUMBER.NOTFOUND, TRACKING.TCN.NOTFOUND,
   * TRACKING.REFERENCENUMBER.NOTFOUND) and ship-api.json cancel (TRACKINGNUMBER.ENTERED.INVALID:
   * "Error with entered Tracking Number").
   */
  noShipment: /^(?:TRACKING\.[A-Z.]*NOTFOUND|TRACKINGNUMBER\.ENTERED\.INVALID)$/,
};

/** The ApiError code of what FedEx said. */
export const classifyError = (said: CarrierSaid): ErrorCode => classifyBy(ERRORS, said);

export interface ErrorItem {
  code?: string;
  message?: string;
  /** CXSError.parameterList values: what the message is about, e.g. the field FedEx refused. */
  parameters?: string[];
}

/** "Invalid field value in the input" says little without the field the parameter list names. */
function describeItem(e: ErrorItem): string | undefined {
  if (e.message === undefined) return undefined;
  return e.parameters && e.parameters.length > 0 ? `${e.message} (${e.parameters.join(', ')})` : e.message;
}

/** `detail` of every carrier_a ApiError: FedEx's raw codes (of errors or alerts) and its transaction id. */
export function errorDetail(kind: 'error' | 'alert', codes: string[], transactionId: string | undefined): string {
  const parts = [
    `carrier_a ${kind} code${codes.length === 1 ? '' : 's'}: ${codes.length > 0 ? codes.join(', ') : '(none)'}`,
  ];
  if (transactionId) parts.push(`transactionId: ${transactionId}`);
  return parts.join('; ');
}

/** An ApiError for FedEx error items; the strongest classification among them wins. */
function errorFromItems(
  status: number,
  items: ErrorItem[],
  transactionId?: string,
  opts: { auth?: boolean } = {},
): ApiError {
  const codes = items.map((e) => e.code).filter((c): c is string => c !== undefined);
  const messages = items.map(describeItem).filter((m): m is string => m !== undefined);
  const message = messages.length > 0 ? messages.join('; ') : `carrier_a refused the request (HTTP ${status})`;
  const detail = errorDetail('error', codes, transactionId);
  return new ApiError(classifyError({ status, codes, ...(opts.auth ? { auth: true } : {}) }), message, detail);
}

/**
 * The ApiError for a parsed body that carries FedEx `errors`, else undefined. Parsers use it
 * because FedEx sometimes answers 200 with an error body.
 */
export function errorFromBody(status: number, json: unknown, opts: { auth?: boolean } = {}): ApiError | undefined {
  const body = obj(json);
  if (!body) return undefined;
  // ship-api.json's /packages/validate 404 example uses a flat `{ error, error_detail }` form.
  const flatCode = text(body.error);
  if (flatCode !== undefined && !Array.isArray(body.errors)) {
    return errorFromItems(
      status,
      [{ code: flatCode, message: text(body.error_detail) ?? flatCode }],
      text(body.transactionId),
      opts,
    );
  }
  if (!Array.isArray(body.errors)) return undefined;
  const items = objects(body.errors).map((e) => ({
    code: text(e.code),
    message: text(e.message),
    parameters: objects(e.parameterList)
      .map((p) => text(p.value))
      .filter((v): v is string => v !== undefined),
  }));
  if (items.length === 0) return undefined;
  return errorFromItems(status, items, text(body.transactionId), opts);
}

/** Throws the FedEx error a 200 answer may carry instead of its output. */
export function throwIfError(body: unknown): void {
  const error = errorFromBody(200, body);
  if (error) throw error;
}

/** A body that is not what FedEx documents: a carrier fault, never our 500. */
export const unexpectedBody = (what: string): ApiError => unexpectedBodyOf('carrier_a', what);

/**
 * FedEx error body (as text) → ApiError. `opts.auth` marks an answer of the OAuth token endpoint,
 * where any refusal (FedEx answers e.g. 400 INVALID.INPUT.EXCEPTION for a wrong client id)
 * means the stored credentials are wrong.
 */
export function parseErrorResponse(status: number, body: string, opts: { auth?: boolean } = {}): ApiError {
  const fromJson = errorFromBody(status, jsonOrUndefined(body), opts);
  if (fromJson) return fromJson;
  const detail = bodyExcerpt(body);
  // 401/403 mean refused credentials whatever the body looks like (gateways answer them in HTML).
  if (status === 401 || status === 403) {
    return new ApiError('carrier_authentication', `carrier_a refused the credentials (HTTP ${status})`, detail);
  }
  return new ApiError(
    'carrier_http_exception',
    `carrier_a answered HTTP ${status} with a body that is not one of its error bodies`,
    detail,
  );
}
