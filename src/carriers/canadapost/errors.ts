/**
 * Canada Post error bodies → ApiError. Every web service answers a failure with a 4xx or 5xx and
 * `<messages><message><code/><description/></message>…</messages>` (recorded answers: E002 "AAA
 * Authentication Failure", "Server" for a body its schema refuses), sometimes inside a wrapper
 * element. The carrier's descriptions go to `message`, its codes and the HTTP status to `detail`.
 * Nothing here throws anything but ApiError.
 */
import { ApiError, type ErrorCode } from '../../domain/errors.js';
import { unexpectedBodyOf } from '../shared/calls.js';
import { classifyBy, type CarrierSaid, type ErrorTable } from '../shared/error-table.js';
import { bodyExcerpt } from '../shared/json.js';
import { parseXml, xmlElement, xmlList, xmlRoot, xmlText, type XmlObject } from '../shared/xml.js';

interface CpcMessage {
  code: string;
  description: string;
}

/**
 * The carrier's message table: E002 failed authentication, AA001 a deactivated user, AA002 keys of
 * the other environment, AA003 a key that does not match the customer number, AA004 no right to
 * mail on behalf of that customer; 004 "No Pin History", the PIN is not one Canada Post has seen.
 */
export const ERRORS: ErrorTable = {
  authentication: new Set(['E002', 'AA001', 'AA002', 'AA003', 'AA004']),
  noShipment: new Set(['004']),
};

/** The ApiError code of what Canada Post said. */
export const classifyError = (said: CarrierSaid): ErrorCode => classifyBy(ERRORS, said);

/** The messages of a document (also inside a wrapper element), else undefined when it holds none. */
function messagesOf(doc: XmlObject | undefined): CpcMessage[] | undefined {
  const root = xmlRoot(doc, 'messages') ?? xmlElement(xmlElement(doc ? Object.values(doc)[0] : undefined)?.messages);
  if (!root) return undefined;
  const list = xmlList(root.message)
    .map(xmlElement)
    .map((m) => ({ code: xmlText(m?.code) ?? '', description: xmlText(m?.description) ?? '' }))
    .filter((m) => m.code !== '' || m.description !== '');
  return list.length > 0 ? list : undefined;
}

/** `detail` of every canadapost ApiError from a `<messages>` answer. */
export function errorDetail(status: number, codes: readonly string[]): string {
  return `canadapost HTTP ${status}; code ${codes.join(', ')}`;
}

/** The ApiError of a parsed document that is a `<messages>` answer, else undefined. */
export function errorFromBody(
  status: number,
  doc: XmlObject | undefined,
  opts: { notFound?: boolean } = {},
): ApiError | undefined {
  const messages = messagesOf(doc);
  if (!messages) return undefined;
  const codes = messages.map((m) => m.code);
  const words = messages.map((m) => m.description || `code ${m.code}`).join('; ');
  return new ApiError(
    classifyError({ status, codes, words, ...(opts.notFound ? { notFound: true } : {}) }),
    words,
    errorDetail(status, codes),
  );
}

/** Throws the messages a 200 answer may carry instead of its content, as a refusal in the carrier's words. */
export function throwIfError(doc: XmlObject | undefined): void {
  const error = errorFromBody(400, doc);
  if (error) throw error;
}

/** A body that is not what Canada Post documents: a carrier fault, never our 500. */
export const unexpectedBody = (what: string): ApiError => unexpectedBodyOf('canadapost', what);

/** A Canada Post error answer (as text) → ApiError; `notFound` marks calls where 404 means no such shipment. */
export function parseErrorResponse(status: number, body: string, opts: { notFound?: boolean } = {}): ApiError {
  const error = errorFromBody(status, parseXml(body), opts);
  if (error) return error;
  const detail = `HTTP ${status}, ${bodyExcerpt(body)}`;
  // 401/403 mean refused credentials whatever the body looks like (gateways answer them bare).
  if (status === 401 || status === 403)
    return new ApiError('carrier_authentication', `canadapost refused the credentials (HTTP ${status})`, detail);
  if (status === 404 && opts.notFound)
    return new ApiError('carrier_no_shipment_found', 'canadapost found no shipment for this number', detail);
  return new ApiError(
    'carrier_http_exception',
    `canadapost answered HTTP ${status} with a body that is not one of its error bodies`,
    detail,
  );
}
