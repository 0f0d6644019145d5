/**
 * Canada Post error bodies → ApiError. Every web service answers a failure with a 4xx or 5xx and
 * `<messages><message><code/><description/></message>…</messages>` (recorded answers: E002 "AAA
 * Authentication Failure", "Server" for a body its schema refuses). The carrier's descriptions go
 * to `message`, its codes and the HTTP status to `detail`. Nothing here throws anything but ApiError.
 */
import { ApiError, type ErrorCode } from '../../domain/errors.js';
import { unexpectedBodyOf } from '../shared/calls.js';
import { bodyExcerpt } from '../shared/json.js';
import { codeOfStatus } from '../shared/transport-errors.js';
import { parseXml, xmlElement, xmlList, xmlRoot, xmlText, type XmlObject } from '../shared/xml.js';

export interface CpcMessage {
  code: string;
  description: string;
}

/**
 * Codes that refuse the credentials (the carrier's message table): E002 failed authentication,
 * AA001 a deactivated user, AA002 keys of the other environment, AA003 a key that does not match
 * the customer number, AA004 no right to mail on behalf of that customer.
 */
const AUTH_CODES: ReadonlySet<string> = new Set(['E002', 'AA001', 'AA002', 'AA003', 'AA004']);

/** 004 "No Pin History": the PIN is not one Canada Post has seen. */
const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['004']);

/** 8064: the shipment was transmitted, so it cannot be voided; a refund request cancels it. */
export const TRANSMITTED_CODE = '8064';

/** The messages of a body (also inside a wrapper element), else undefined when it holds none. */
export function messagesOf(doc: XmlObject | undefined): CpcMessage[] | undefined {
  const root = xmlRoot(doc, 'messages') ?? xmlElement(xmlElement(doc ? Object.values(doc)[0] : undefined)?.messages);
  if (!root) return undefined;
  const list = xmlList(root.message)
    .map(xmlElement)
    .map((m) => ({ code: xmlText(m?.code) ?? '', description: xmlText(m?.description) ?? '' }))
    .filter((m) => m.code !== '' || m.description !== '');
  return list.length > 0 ? list : undefined;
}

/** The ApiError code of a Canada Post failure: the status where it says it all, else the message codes. */
export function classifyError(status: number, codes: readonly string[], opts: { notFound?: boolean } = {}): ErrorCode {
  const byStatus = codeOfStatus(status);
  if (byStatus) return byStatus;
  if (codes.some((c) => AUTH_CODES.has(c))) return 'carrier_authentication';
  if (codes.some((c) => NOT_FOUND_CODES.has(c)) || (status === 404 && opts.notFound)) return 'carrier_no_shipment_found';
  return 'carrier_exception';
}

/** A body that is not what Canada Post documents: a carrier fault, never our 500. */
export const unexpectedBody = (what: string): ApiError => unexpectedBodyOf('canadapost', what);

/** A Canada Post error answer (as text) → ApiError; `notFound` marks calls where 404 means no such shipment. */
export function parseErrorResponse(status: number, body: string, opts: { notFound?: boolean } = {}): ApiError {
  const messages = messagesOf(parseXml(body));
  if (messages) return errorFromMessages(status, messages, opts);
  const detail = `HTTP ${status}, ${bodyExcerpt(body)}`;
  if (status === 401 || status === 403) return new ApiError('carrier_authentication', `canadapost refused the credentials (HTTP ${status})`, detail);
  if (status === 404 && opts.notFound) return new ApiError('carrier_no_shipment_found', 'canadapost found no shipment for this number', detail);
  return new ApiError('carrier_http_exception', `canadapost answered HTTP ${status} with a body that is not one of its error bodies`, detail);
}

export function errorFromMessages(status: number, messages: readonly CpcMessage[], opts: { notFound?: boolean } = {}): ApiError {
  const codes = messages.map((m) => m.code);
  const message = messages.map((m) => m.description || `code ${m.code}`).join('; ');
  return new ApiError(classifyError(status, codes, opts), message, `canadapost HTTP ${status}; code ${codes.join(', ')}`);
}

/** Throws the messages a 200 answer may carry instead of its content (the carrier's words, as a refusal). */
export function throwIfMessages(doc: XmlObject | undefined): void {
  const messages = messagesOf(doc);
  if (messages) throw errorFromMessages(400, messages);
}
