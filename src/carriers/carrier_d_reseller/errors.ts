/**
 * Endicia Label Server errors → ApiError. ELS answers every outcome with HTTP 200 and reports
 * failure in the body: `Status` ≠ 0 with `ErrorMessage` (README.md §1, §14; VCR recordings of
 * 1001, 12118 and 12507). The carrier's own message goes to `message`, its status code (and the
 * "Log ID" it quotes, inside the message) to `detail` (the project README, "Errors").
 */
import { ApiError, type ErrorCode } from '../../domain/errors.js';
import { unexpectedBodyOf } from '../shared/calls.js';
import { classifyBy, type CarrierSaid, type ErrorTable } from '../shared/error-table.js';
import { bodyExcerpt } from '../shared/json.js';
import { parseXml, xmlNumber, xmlRoot, xmlRootName, xmlText, type XmlObject } from '../shared/xml.js';

/**
 * Codes meaning the stored credentials or the account were refused (§14, G13 Appendix B):
 * 2010-2015 account status / pass-phrase reset / suspended / pending close / closed,
 * 12101 AccountNotFound, 12103 InactiveAccount, 12507 IncorrectPassPhrase, 12525 AccountSuspended.
 */
const AUTH_CODES: ReadonlySet<string> = new Set([
  '2010',
  '2011',
  '2012',
  '2013',
  '2014',
  '2015',
  '12101',
  '12103',
  '12507',
  '12525',
]);

/** Server-side failures: the request may well succeed later (§14: 101/102, 12124, 12130, 1000xx). */
const SERVER_CODES: ReadonlySet<string> = new Set([
  '101',
  '102',
  '12124',
  '12130',
  '100002',
  '100003',
  '100105',
  '100106',
]);

/** 1011 InvalidTrackingNumber: the number is not one of the account's labels. */
const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['1011']);

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

/** What ELS Status codes mean. */
export const ERRORS: ErrorTable = {
  authentication: AUTH_CODES,
  noShipment: NOT_FOUND_CODES,
  carrierFault: SERVER_CODES,
};

/** The ApiError code of what ELS said: every answer is HTTP 200, its Status (the code) says what happened. */
export const classifyError = (said: CarrierSaid): ErrorCode => classifyBy(ERRORS, said);

/** What ELS said with a Status: the HTTP status is never ELS's own, so the Status decides alone. */
const saidStatus = (status: number): CarrierSaid => ({ status: 200, codes: [String(status)] });

/** `detail` of every carrier_d_reseller ApiError: the ELS status code. */
export function errorDetail(status: number | string): string {
  return `carrier_d_reseller status ${status}`;
}

/** The ApiError for an ELS Status and ErrorMessage. */
function errorFromStatus(status: number, message: string | undefined): ApiError {
  const said = message ?? `carrier_d_reseller refused the request (status ${status})`;
  const about = ADDRESS_CODES[status];
  return new ApiError(classifyError(saidStatus(status)), about ? `${about}: ${said}` : said, errorDetail(status));
}

/** The ApiError of a response document whose Status is not 0, else undefined. */
export function errorFromBody(root: XmlObject | undefined): ApiError | undefined {
  const code = root ? xmlNumber(root.Status) : undefined;
  return root && code !== undefined && code !== 0 ? errorFromStatus(code, xmlText(root.ErrorMessage)) : undefined;
}

/** A body that is not what ELS documents: a carrier fault, never our 500. */
export const unexpectedBody = (what: string): ApiError => unexpectedBodyOf('carrier_d_reseller', what);

/**
 * Throws the error a response reports. With `what`, the answer must carry a Status: Status ≠ 0 is
 * the error, and a missing Status an unexpected body unless an ErrorMessage explains it. Without
 * `what`, the answer has no Status element (RefundResponse, SCANResponse): a Status ≠ 0 where one
 * is sent, else any non-empty ErrorMessage, is the error.
 */
export function throwIfError(root: XmlObject, what?: string): void {
  const status = xmlNumber(root.Status);
  const message = xmlText(root.ErrorMessage);
  if (status !== undefined && status !== 0) throw errorFromStatus(status, message);
  if (what !== undefined && status === undefined && !message) throw unexpectedBody(`${what} (no Status)`);
  if (message && (what === undefined || status === undefined))
    throw new ApiError('carrier_exception', message, errorDetail(status ?? '(none)'));
}

/** An HTTP status other than 200: ELS itself never sends one, so a proxy or the host failed. */
export function parseErrorResponse(status: number, body: string): ApiError {
  const doc = parseXml(body);
  const name = xmlRootName(doc);
  const reported = errorFromBody(name ? xmlRoot(doc, name) : undefined);
  if (reported) return reported;
  if (status === 401 || status === 403)
    return new ApiError(
      'carrier_authentication',
      `carrier_d_reseller refused the request (HTTP ${status})`,
      `HTTP ${status}`,
    );
  return new ApiError(
    'carrier_http_exception',
    `carrier_d_reseller answered HTTP ${status}`,
    `HTTP ${status}, ${bodyExcerpt(body)}`,
  );
}
