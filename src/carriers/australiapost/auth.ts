/**
 * australiapost's credentials: HTTP Basic with the API key and its password, and the contract
 * account in the `account-number` header of every call.
 *
 * validate_credentials is the account details call, `GET /shipping/v1/accounts/{account_number}`:
 * it answers only for a key that works for that account.
 */
import { ApiError } from '../../domain/errors.js';
import { fillPath } from '../shared/endpoint.js';
import { obj, text } from '../shared/json.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';

export function credentialsOf(auth: Readonly<Record<string, string>>): {
  username: string;
  password: string;
  account: string;
} {
  if (!auth.api_key || !auth.password)
    throw new ApiError(
      'carrier_authentication',
      'australiapost needs api_key and password in the shipping account auth',
      'auth.api_key',
    );
  if (!auth.account_number)
    throw new ApiError(
      'carrier_authentication',
      'australiapost needs account_number in the shipping account auth',
      'auth.account_number',
    );
  return { username: auth.api_key, password: auth.password, account: auth.account_number };
}

export function buildValidateCredentialsRequest(account: string): string {
  return fillPath(ENDPOINTS.account.path, { account }, 'auth.account_number');
}

/** The account details: its number and name, and whether its contract has expired. */
export function parseValidateCredentialsResponse(body: unknown): { valid: boolean; message: string } {
  throwIfError(body);
  const account = obj(body);
  const number = text(account?.account_number);
  if (!account || !number) throw unexpectedBody('account response (no account_number)');
  const name = text(account.name);
  if (account.expired === true)
    return { valid: false, message: `australiapost account ${number}${name ? ` (${name})` : ''} has expired` };
  return {
    valid: true,
    message: `australiapost accepted the credentials for account ${number}${name ? ` (${name})` : ''}`,
  };
}
