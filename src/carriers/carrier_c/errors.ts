/**
 * MyDHL error bodies → ApiError. Every MyDHL call answers errors as the RFC 7807-style
 * supermodelIoLogisticsExpressErrorResponse `{ instance, detail, title, message, status,
 * additionalDetails[] }` (vendor OpenAPI; samples/error_response.json; fixtures/*_ErrorResponse.json).
 * `detail` is DHL's own sentence and often starts with its numeric code ("7096: The provided
 * Shipment Identification Number is invalid…"): the sentence (and the additional details) go to
 * `message`, the code, status, title and instance to `detail`. Nothing here throws anything but ApiError.
 */
import { ApiError, type ErrorCode } from '../../domain/errors.js';
import { unexpectedBodyOf } from '../shared/calls.js';
import { bodyExcerpt, jsonOrUndefined, numeric, obj, text, texts } from '../shared/json.js';
import { classifyBy, type CarrierSaid, type ErrorTable } from '../shared/error-table.js';

export interface Problem {
  status?: number;
  title?: string;
  detail?: string;
  message?: string;
  instance?: string;
  additionalDetails: string[];
}

/** The problem body in a parsed answer, else undefined (a body without detail/title is not one). */
function problemOf(json: unknown): Problem | undefined {
  const body = obj(json);
  if (!body) return undefined;
  const detail = text(body.detail);
  const title = text(body.title);
  if (detail === undefined && title === undefined) return undefined;
  return {
    status: numeric(body.status),
    title,
    detail,
    message: text(body.message),
    instance: text(body.instance),
    // additionalDetails is a list of strings; some answers carry objects with a message.
    additionalDetails: Array.isArray(body.additionalDetails)
      ? [
          ...texts(body.additionalDetails),
          ...body.additionalDetails.map((d) => text(obj(d)?.message)).filter((m): m is string => m !== undefined),
        ]
      : [],
  };
}

/** "7096: The provided …" → code 7096 and the sentence. */
function splitCode(detail: string | undefined): { code?: string; sentence?: string } {
  if (detail === undefined) return {};
  const m = /^(\d{3,5}):\s*(.*)$/s.exec(detail);
  return m ? { code: m[1], sentence: m[2] } : { sentence: detail };
}

/** `detail` of every carrier_c ApiError from a DHL answer. */
export function errorDetail(status: number, p: Problem): string {
  const { code } = splitCode(p.detail);
  const parts = [`carrier_c HTTP ${status}${p.title ? ` ${p.title}` : ''}`];
  if (code) parts.push(`code ${code}`);
  if (p.instance) parts.push(`instance ${p.instance}`);
  return parts.join('; ');
}

function errorFromProblem(status: number, p: Problem, opts: { notFound?: boolean } = {}): ApiError {
  const { sentence } = splitCode(p.detail);
  const said = sentence ?? p.message ?? p.title ?? `carrier_c refused the request (HTTP ${status})`;
  const message = p.additionalDetails.length > 0 ? `${said}; ${p.additionalDetails.join('; ')}` : said;
  return new ApiError(
    classifyError({ status, ...(opts.notFound ? { notFound: true } : {}) }),
    message,
    errorDetail(status, p),
  );
}

/**
 * MyDHL sends no codes to classify by: the HTTP status says it all. GET /tracking and
 * /shipments/{id}/tracking answer 404 "No Shipments Found", which the endpoints mark `notFound`.
 */
export const ERRORS: ErrorTable = {};

/** The ApiError code of what MyDHL said. */
export const classifyError = (said: CarrierSaid): ErrorCode => classifyBy(ERRORS, said);

/** The ApiError of a parsed answer that is a DHL problem, else undefined (no success body has `detail` or `title`). */
export function errorFromBody(status: number, json: unknown, opts: { notFound?: boolean } = {}): ApiError | undefined {
  const problem = problemOf(json);
  return problem ? errorFromProblem(status, problem, opts) : undefined;
}

/** Throws the DHL problem a 200 answer may carry instead of its content, under the status it names. */
export function throwIfError(body: unknown): void {
  const problem = problemOf(body);
  if (problem) throw errorFromProblem(problem.status ?? 400, problem);
}

/** A body that is not what MyDHL documents: a carrier fault, never our 500. */
export const unexpectedBody = (what: string): ApiError => unexpectedBodyOf('carrier_c', what);

/** MyDHL error body (as text) → ApiError; `notFound` marks tracking calls, where 404 means "no such shipment". */
export function parseErrorResponse(status: number, body: string, opts: { notFound?: boolean } = {}): ApiError {
  const problem = errorFromBody(status, jsonOrUndefined(body), opts);
  if (problem) return problem;
  const detail = `HTTP ${status}, ${bodyExcerpt(body)}`;
  // 401/403 mean refused credentials whatever the body looks like (gateways answer them bare).
  if (status === 401 || status === 403)
    return new ApiError('carrier_authentication', `carrier_c refused the credentials (HTTP ${status})`, detail);
  if (status === 404 && opts.notFound)
    return new ApiError('carrier_no_shipment_found', 'carrier_c found no shipment for this tracking number', detail);
  return new ApiError(
    'carrier_http_exception',
    `carrier_c answered HTTP ${status} with a body that is not one of its error bodies`,
    detail,
  );
}
