/**
 * carrier_d_reseller's credentials: the account's AccountID and PassPhrase, sent in every request's
 * CertifiedIntermediary with the operator's RequesterID (README.md §3); validate_credentials asks
 * the account's status with them (§7).
 */
import { ApiError } from '../../domain/errors.js';
import { xmlNumber, xmlText } from '../shared/xml.js';
import { parseAccountStatusResponse } from './account.js';
import { classifyError } from './errors.js';
import { responseRoot } from './mapping.js';
import type { Credentials } from './wire.js';

/**
 * RequesterID of the sandbox (§3: RWC SANDBOX_REQUESTER_ID, VCR recordings, endpost README): test
 * accounts use it unless the operator configured their own, and every account does on the built-in
 * emulator, which plays the sandbox.
 */
export const SANDBOX_REQUESTER_ID = 'lxxx';

/** The account's members with the RequesterID the call goes under (undefined: none configured for a live account). */
export function credentialsOf(auth: Readonly<Record<string, string>>, requesterId: string | undefined): Credentials {
  const accountId = auth.account_id;
  const passPhrase = auth.passphrase;
  if (!accountId || !passPhrase) {
    throw new ApiError(
      'carrier_authentication',
      'carrier_d_reseller needs account_id and passphrase in the shipping account auth',
      'auth.account_id',
    );
  }
  if (!requesterId) {
    throw new ApiError(
      'carrier_authentication',
      'carrier_d_reseller live accounts need the operator RequesterID: set WAYBILL_CARRIER_D_RESELLER_REQUESTER_ID',
      'WAYBILL_CARRIER_D_RESELLER_REQUESTER_ID',
    );
  }
  return { requesterId, accountId, passPhrase };
}

/**
 * validate_credentials' answer: refused credentials are `{valid: false}` with the carrier's words,
 * never an error status; any other failure (the carrier down, a broken body) still throws.
 */
export function parseValidateCredentialsResponse(body: string): { valid: boolean; message: string } {
  const root = responseRoot(body, 'AccountStatusResponse');
  const status = xmlNumber(root.Status);
  if (
    status !== undefined &&
    status !== 0 &&
    classifyError({ status: 200, codes: [String(status)] }) === 'carrier_authentication'
  ) {
    return {
      valid: false,
      message: xmlText(root.ErrorMessage) ?? `carrier_d_reseller refused the credentials (status ${status})`,
    };
  }
  const state = parseAccountStatusResponse(body);
  // §7: AccountStatus "A" is active; an account in another state cannot buy postage.
  if (state.accountStatus !== undefined && state.accountStatus !== 'A') {
    return {
      valid: false,
      message:
        `carrier_d_reseller account ${state.accountId ?? ''} is not active (status ${state.accountStatus})`.replace(
          '  ',
          ' ',
        ),
    };
  }
  const balance = state.postageBalance === undefined ? '' : `; postage balance ${state.postageBalance} USD`;
  return {
    valid: true,
    message: `carrier_d_reseller account ${state.accountId ?? ''} is active${balance}`.replace('  ', ' '),
  };
}
