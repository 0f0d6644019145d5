/**
 * The account operations (README.md §7): AccountStatusRequest (GetAccountStatusXML, also behind
 * validate_credentials, auth.ts), RecreditRequest (BuyPostageXML) to fund the postage balance and
 * ChangePassPhraseRequest (ChangePassPhraseXML). Samples: listing-10-*, listing-4-*, listing-5-*,
 * VCR buy_postage_*, change_pass_phrase_*, tehpeh change_pass_phrase_success.
 */
import { ApiError } from '../../domain/errors.js';
import type { PostageBalance } from '../carrier.js';
import { dropUndefined, toDecimalString } from '../shared/json.js';
import { xmlElement, xmlNumber, xmlText, type XmlObject } from '../shared/xml.js';
import { throwIfError } from './errors.js';
import { certifiedIntermediary, responseRoot } from './mapping.js';
import type {
  AccountState,
  WireAccountStatusRequest,
  WireChangePassPhraseRequest,
  Credentials,
  WireRecreditRequest,
} from './wire.js';

/** G13 p.55: the smallest purchase is $10 (VCR: 5 → 12118 "The purchase amount is too low"). */
export const MIN_RECREDIT = 10;
/** The largest purchase ELS takes in one RecreditRequest (12119 "The purchase amount is too high" above it). */
export const MAX_RECREDIT = 99_999;
/** §3, G13 p.60: pass phrases are 5 to 64 characters. */
const PASS_PHRASE_LENGTH = { min: 5, max: 64 };

function base(creds: Credentials, requestId: string): WireAccountStatusRequest {
  return { RequesterID: creds.requesterId, RequestID: requestId, CertifiedIntermediary: certifiedIntermediary(creds) };
}

export function buildAccountStatusRequest(creds: Credentials): WireAccountStatusRequest {
  return base(creds, 'account-status');
}

function accountState(root: XmlObject): AccountState {
  const ci = xmlElement(root.CertifiedIntermediary);
  const balance = xmlNumber(ci?.PostageBalance);
  return dropUndefined<AccountState>({
    accountId: xmlText(ci?.AccountID),
    postageBalance: balance === undefined ? undefined : toDecimalString(balance),
    accountStatus: xmlText(ci?.AccountStatus),
  });
}

/** AccountStatusResponse → the account's state; refused credentials and other errors throw. */
export function parseAccountStatusResponse(body: string): AccountState {
  const root = responseRoot(body, 'AccountStatusResponse');
  throwIfError(root, 'account status response');
  return accountState(root);
}

export function buildRecreditRequest(creds: Credentials, amount: number, requestId = 'recredit'): WireRecreditRequest {
  if (!Number.isFinite(amount) || amount < MIN_RECREDIT || amount > MAX_RECREDIT) {
    throw new ApiError(
      'schema_validation_error',
      `carrier_d_reseller sells postage from ${MIN_RECREDIT} to ${MAX_RECREDIT} USD at a time`,
      'amount',
    );
  }
  return { ...base(creds, requestId), RecreditAmount: toDecimalString(amount) };
}

/** The account state's balance as the service shows it: ELS accounts hold US dollars. */
export function postageBalanceOf(state: AccountState): PostageBalance {
  if (state.postageBalance === undefined)
    throw new ApiError('carrier_exception', 'carrier_d_reseller answered without a postage balance', 'PostageBalance');
  return { amount: state.postageBalance, currency: 'USD' };
}

/** RecreditRequestResponse → the account after the purchase (its new PostageBalance). */
export function parseRecreditResponse(body: string): AccountState {
  const root = responseRoot(body, 'RecreditRequestResponse');
  throwIfError(root, 'buy postage response');
  return accountState(root);
}

export function buildChangePassPhraseRequest(
  creds: Credentials,
  newPassPhrase: string,
  tokenRequested = false,
): WireChangePassPhraseRequest {
  if (newPassPhrase.length < PASS_PHRASE_LENGTH.min || newPassPhrase.length > PASS_PHRASE_LENGTH.max) {
    throw new ApiError(
      'schema_validation_error',
      `a carrier_d_reseller pass phrase has ${PASS_PHRASE_LENGTH.min} to ${PASS_PHRASE_LENGTH.max} characters`,
      'new_passphrase',
    );
  }
  return {
    '@_TokenRequested': tokenRequested ? 'true' : 'false',
    ...base(creds, 'change-pass-phrase'),
    NewPassPhrase: newPassPhrase,
  };
}

/** ChangePassPhraseRequestResponse → the token ELS issues when one was requested (§3). */
export function parseChangePassPhraseResponse(body: string): { token?: string } {
  const root = responseRoot(body, 'ChangePassPhraseRequestResponse');
  throwIfError(root, 'change pass phrase response');
  const token = xmlText(root.Token);
  return token ? { token } : {};
}
