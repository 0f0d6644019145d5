/**
 * The two carrier_d credentials checks and tokens: the OAuth 2 client-credentials token
 * (`POST /oauth2/v3/token`, fixtures/authentication_LoginResponse.json), which the shared OAuth
 * client fetches and keeps, and the payment authorization token (`POST
 * /payments/v3/payment-authorization`, payments.yaml: PAYER and LABEL_OWNER roles; "Tokens are
 * valid for eight hours after issuance").
 */
import { ApiError } from '../../domain/errors.js';
import type { CarrierCall } from '../carrier.js';
import { obj, text } from '../shared/json.js';
import {
  clientCredentialsOf,
  formTokenRequest,
  tokenKey,
  type ClientCredentials,
  type FetchedToken,
  type TokenRequest,
} from '../shared/oauth.js';
import { unexpectedBody } from './errors.js';
import type { CarrierDPaymentAuthorizationRequest } from './wire.js';

/** payments.yaml: eight hours. The answer carries no lifetime, so this is the cache's. */
export const PAYMENT_TOKEN_TTL_S = 8 * 60 * 60;

export function credentialsOf(auth: Readonly<Record<string, string>>): ClientCredentials {
  return clientCredentialsOf('carrier_d', auth);
}

export function buildTokenRequest(call: CarrierCall, base: string): TokenRequest {
  const c = credentialsOf(call.auth);
  // Cache keys name the credential sets without containing them.
  return formTokenRequest(c, tokenKey('carrier_d', 'oauth', base, c.clientId, c.clientSecret), {
    accept: 'application/json',
  });
}

export interface PaymentAccount {
  crid: string;
  mid: string;
  manifestMid: string;
  accountNumber: string;
  accountType: string;
}

/** The payment members of a carrier_d account; account_type defaults to EPS (the spec's optional member). */
export function paymentAccount(auth: Readonly<Record<string, string>>): PaymentAccount {
  const need = (k: string): string => {
    const v = auth[k];
    if (!v) throw new ApiError('carrier_authentication', `the shipping account has no ${k}`, `auth.${k}`);
    return v;
  };
  const accountType = (auth.account_type ?? 'EPS').toUpperCase();
  if (accountType !== 'EPS' && accountType !== 'PERMIT') {
    throw new ApiError('carrier_authentication', 'carrier_d account_type must be EPS or PERMIT', 'auth.account_type');
  }
  return {
    crid: need('customer_registration_id'),
    mid: need('mailer_id'),
    manifestMid: need('manifest_mid'),
    accountNumber: need('account_number'),
    accountType,
  };
}

/** Where the payment token of the call's account is stored. */
export function paymentKey(call: CarrierCall, base: string): string {
  const c = credentialsOf(call.auth);
  const a = paymentAccount(call.auth);
  // The client secret too: validate_credentials reads a cached payment token as proof of every member.
  return tokenKey(
    'carrier_d',
    'payment',
    base,
    c.clientId,
    c.clientSecret,
    a.crid,
    a.mid,
    a.manifestMid,
    a.accountType,
    a.accountNumber,
  );
}

export function buildPaymentAuthorizationRequest(a: PaymentAccount): CarrierDPaymentAuthorizationRequest {
  return {
    roles: [
      {
        roleName: 'PAYER',
        CRID: a.crid,
        MID: a.mid,
        manifestMID: a.manifestMid,
        accountType: a.accountType,
        accountNumber: a.accountNumber,
      },
      { roleName: 'LABEL_OWNER', CRID: a.crid, MID: a.mid, manifestMID: a.manifestMid },
    ],
  };
}

export function parsePaymentAuthorizationResponse(body: unknown): FetchedToken {
  const token = text(obj(body)?.paymentAuthorizationToken);
  if (!token) throw unexpectedBody('payment authorization response (no paymentAuthorizationToken)');
  return { access_token: token, expires_in: PAYMENT_TOKEN_TTL_S };
}
