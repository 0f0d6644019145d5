/**
 * The one interface from what a carrier said about a failed call to the service's error code. A
 * carrier folder does not write the rules: its `errors.ts` fills an `ErrorTable` with its own codes
 * and words and exports `classifyError = (said) => classifyBy(ERRORS, said)`; its error parsers
 * read the answer into a `CarrierSaid` (the HTTP status, the carrier's codes, its words) and ask.
 *
 * The rules, in order:
 * 1. The HTTP status alone: 5xx is carrier_http_exception, 429 carrier_throttling, 401/403 (or any
 *    refusal of a token call) carrier_authentication. An outage or throttling of a token endpoint
 *    is not a refusal of the credentials.
 * 2. The carrier's codes: one that means refused credentials makes the whole answer
 *    carrier_authentication; codes that all mean "no such shipment" make it
 *    carrier_no_shipment_found; one that means a fault on the carrier's side, carrier_http_exception.
 * 3. On a call about one shipment (the endpoint's `notFound`), a 404 or the table's "not found"
 *    words mean carrier_no_shipment_found (a 404 on any call, when the table says so).
 * 4. Anything else the carrier refused is carrier_exception, its words shown to the caller.
 */
import type { ErrorCode } from '../../domain/errors.js';
import { codeOfStatus } from './transport-errors.js';

/** What a carrier said about a failed call, in its own terms. */
export interface CarrierSaid {
  /** The answer's HTTP status (200 for a failure reported inside a successful answer). */
  status: number;
  /** The carrier's own codes for the failure, as text; none when it sends none. */
  codes?: readonly string[];
  /** The carrier's own words, read against the table's `notFoundWords`. */
  words?: string;
  /** An answer of the token endpoint: any refusal means the credentials are wrong. */
  auth?: boolean;
  /** A call about one shipment (tracking, cancelling): "not found" means no such shipment. */
  notFound?: boolean;
}

/** A set of the carrier's codes, or a pattern its codes match whole. */
export type Codes = ReadonlySet<string> | RegExp;

/** What one carrier's codes and words mean; every member may be left out. */
export interface ErrorTable {
  /** Codes meaning the credentials or the account were refused. */
  authentication?: Codes;
  /** Codes meaning no such shipment (or label, or number). */
  noShipment?: Codes;
  /** Codes meaning a fault on the carrier's side that may well pass: the call may succeed later. */
  carrierFault?: Codes;
  /** Words meaning no such shipment, on a call about one shipment. */
  notFoundWords?: RegExp;
  /** A 404 means no such shipment on every call, not only on calls about one shipment. */
  every404IsNoShipment?: boolean;
}

const has = (codes: Codes | undefined, code: string): boolean =>
  codes instanceof RegExp ? codes.test(code) : (codes?.has(code) ?? false);

/** The service's error code for what the carrier said, by the rules above and the carrier's table. */
export function classifyBy(table: ErrorTable, said: CarrierSaid): ErrorCode {
  const byStatus = codeOfStatus(said.status, said.auth);
  if (byStatus) return byStatus;
  const codes = said.codes ?? [];
  if (codes.some((c) => has(table.authentication, c))) return 'carrier_authentication';
  if (codes.length > 0 && codes.every((c) => has(table.noShipment, c))) return 'carrier_no_shipment_found';
  if (codes.some((c) => has(table.carrierFault, c))) return 'carrier_http_exception';
  if (said.status === 404 && (said.notFound || table.every404IsNoShipment)) return 'carrier_no_shipment_found';
  if (said.notFound && said.words !== undefined && table.notFoundWords?.test(said.words))
    return 'carrier_no_shipment_found';
  return 'carrier_exception';
}
