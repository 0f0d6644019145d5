/** Small steps every carrier client takes around its calls. */
import { ApiError } from '../../domain/errors.js';
import type { CarrierCall } from '../carrier.js';

/** The account number of the shipping account; without it no carrier can bill the call. */
export function accountNumber(call: CarrierCall): string {
  const n = call.auth.account_number;
  if (!n)
    throw new ApiError('carrier_authentication', 'the shipping account has no account_number', 'auth.account_number');
  return n;
}

/** A body that is not what the carrier documents: a carrier fault, never our 500. */
export function unexpectedBodyOf(carrier: string, what: string): ApiError {
  return new ApiError(
    'carrier_http_exception',
    `${carrier} returned an unexpected ${what}`,
    'The carrier response did not have the documented shape.',
  );
}

/** A carrier body as JSON; text that is not JSON becomes the carrier's own "unexpected body" error. */
export function parseJson(body: string, unexpected: () => ApiError): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw unexpected();
  }
}
