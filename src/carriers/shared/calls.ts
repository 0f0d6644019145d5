/** Small steps every carrier client takes around its calls. */
import { ApiError } from '../../domain/errors.js';
import type { CarrierCall } from '../carrier.js';

/** The account number of the shipping account; without it no carrier can bill the call. */
export function accountNumber(call: CarrierCall): string {
  const n = call.auth.account_number;
  if (!n) throw new ApiError('carrier_authentication', 'the shipping account has no account_number', 'auth.account_number');
  return n;
}

/**
 * A value as one segment of a carrier's URL path: percent-encoded, and never `.` or `..`, which
 * encodeURIComponent leaves as they are and URL parsing resolves into another path of the API.
 */
export function pathSegment(value: string, field: string): string {
  if (value === '.' || value === '..') throw new ApiError('schema_validation_error', `${field} "${value}" is not a number a carrier issues`, field);
  return encodeURIComponent(value);
}

/** A carrier body as JSON; text that is not JSON becomes the carrier's own "unexpected body" error. */
export function parseJson(body: string, unexpected: () => ApiError): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw unexpected();
  }
}
