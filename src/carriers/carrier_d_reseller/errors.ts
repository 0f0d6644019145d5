/**
 * Endicia Label Server errors → ApiError. ELS answers every outcome with HTTP 200 and reports
 * failure in the body: `Status` ≠ 0 with `ErrorMessage` (PROTOCOL.md §1, §14; VCR recordings of
 * 1001, 12118 and 12507). The carrier's own message goes to `message`, its status code (and the
 * "Log ID" it quotes, inside the message) to `detail` (spec/DECISIONS.md "Errors").
 */
import { ApiError, type ErrorCode } from '../../domain/errors.js';
import { unexpectedBodyOf } from '../shared/calls.js';
import { bodyExcerpt } from '../shared/json.js';
import { parseXml, xmlNumber, xmlRoot, xmlRootName, xmlText, type XmlObject } from '../shared/xml.js';

/**
 * Codes meaning the stored credentials or the account were refused (§14, G13 Appendix B):
 * 2010-2015 account status / pass-phrase reset / suspended / pending close / closed,
 * 12101 AccountNotFound, 12103 InactiveAccount, 12507 IncorrectPassPhrase, 12525 AccountSuspended.
 */
const AUTH_CODES: ReadonlySet<number> = new Set([2010, 2011, 2012, 2013, 2014, 2015, 12101, 12103, 12507, 12525]);

/** Server-side failures: the request may well succeed later (§14: 101/102, 12124, 12130, 1000xx). */
const SERVER_CODES: ReadonlySet<number> = new Set([101, 102, 12124, 12130, 100002, 100003, 100105, 100106]);

/** 1011 InvalidTrackingNumber: the number is not one of the account's labels. */
const NOT_FOUND_CODES: ReadonlySet<number> = new Set([1011]);

/** Address failures (§14): which address they are about, so the message can name it. */
const ADDRESS_CODES: Readonly<Record<number, string>> = {
  307: 'sender postal code',
  308: 'recipient postal code',
  3005: 'name or company',
  3020: 'sender address',
  3021: 'recipient address',
  11501: 'recipient address',
  11502: 'recipient address',
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [11611 + i, 'recipient address'])),
};

/** The ApiError code of an ELS Status (every answer is HTTP 200; the Status says what happened). */
export function classifyError(status: number): ErrorCode {
  if (AUTH_CODES.has(status)) return 'carrier_authentication';
  if (NOT_FOUND_CODES.has(status)) return 'carrier_no_shipment_found';
  if (SERVER_CODES.has(status)) return 'carrier_http_exception';
  return 'carrier_exception';
}

/** `detail` of every carrier_d_reseller ApiError: the ELS status code. */
export function errorDetail(status: number | string): string {
  return `carrier_d_reseller status ${status}`;
}

/** The ApiError for an ELS Status and ErrorMessage. */
export function errorFromStatus(status: number, message: string | undefined): ApiError {
  const said = message ?? `carrier_d_reseller refused the request (status ${status})`;
  const about = ADDRESS_CODES[status];
  return new ApiError(classifyError(status), about ? `${about}: ${said}` : said, errorDetail(status));
}

/** A body that is not what ELS documents: a carrier fault, never our 500. */
export const unexpectedBody = (what: string): ApiError => unexpectedBodyOf('carrier_d_reseller', what);

/**
 * The response document's root, checked to be the expected one. A body that is not XML, or
 * another document (an ASP.NET error page, a SOAP fault), is carrier_http_exception.
 */
export function responseRoot(body: string, root: string): XmlObject {
  const doc = parseXml(body);
  const found = xmlRoot(doc, root);
  if (found) return found;
  const name = xmlRootName(doc);
  throw unexpectedBody(doc === undefined ? `${root} (not XML)` : `${root} (root element ${name ?? 'missing'})`);
}

/** Throws the error a response reports (Status ≠ 0); a missing Status is an unexpected body. */
export function throwIfStatus(root: XmlObject, what: string): void {
  const status = xmlNumber(root.Status);
  if (status === undefined) {
    // Some answers carry only ErrorMessage (RefundResponse, SCANResponse have no Status, §8, §9).
    const message = xmlText(root.ErrorMessage);
    if (message) throw new ApiError('carrier_exception', message, errorDetail('(none)'));
    throw unexpectedBody(`${what} (no Status)`);
  }
  if (status !== 0) throw errorFromStatus(status, xmlText(root.ErrorMessage));
}

/** Answers without a Status element (refund, SCAN): only a non-empty ErrorMessage is an error. */
export function throwIfErrorMessage(root: XmlObject): void {
  const status = xmlNumber(root.Status);
  if (status !== undefined && status !== 0) throw errorFromStatus(status, xmlText(root.ErrorMessage));
  const message = xmlText(root.ErrorMessage);
  if (message) throw new ApiError('carrier_exception', message, errorDetail(status ?? '(none)'));
}

/** An HTTP status other than 200: ELS itself never sends one, so a proxy or the host failed. */
export function parseErrorResponse(status: number, body: string): ApiError {
  const doc = parseXml(body);
  const name = xmlRootName(doc);
  const root = name ? xmlRoot(doc, name) : undefined;
  const code = root ? xmlNumber(root.Status) : undefined;
  if (root && code !== undefined && code !== 0) return errorFromStatus(code, xmlText(root.ErrorMessage));
  if (status === 401 || status === 403) return new ApiError('carrier_authentication', `carrier_d_reseller refused the request (HTTP ${status})`, `HTTP ${status}`);
  return new ApiError('carrier_http_exception', `carrier_d_reseller answered HTTP ${status}`, `HTTP ${status}, ${bodyExcerpt(body)}`);
}
