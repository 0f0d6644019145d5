/**
 * The two carrier_d credentials checks and tokens: the OAuth 2 client-credentials token
 * (`POST /oauth2/v3/token`, fixtures/authentication_LoginResponse.json) and the payment
 * authorization token (`POST /payments/v3/payment-authorization`, payments.yaml: PAYER and
 * LABEL_OWNER roles; "Tokens are valid for eight hours after issuance").
 */
import { ApiError } from '../../domain/errors.js';
import { obj, text } from '../shared/json.js';
import { readTokenResponse, type FetchedToken } from '../shared/oauth.js';
import { unexpectedBody } from './errors.js';
import type { CarrierDPaymentAuthorizationRequest } from './wire.js';

/** payments.yaml: eight hours. The answer carries no lifetime, so this is the cache's. */
export const PAYMENT_TOKEN_TTL_S = 8 * 60 * 60;

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
  return { crid: need('customer_registration_id'), mid: need('mailer_id'), manifestMid: need('manifest_mid'), accountNumber: need('account_number'), accountType };
}

export function buildTokenRequest(clientId: string, clientSecret: string): string {
  return new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }).toString();
}

/** USPS sends expires_in as a string ("14399"). */
export function parseTokenResponse(body: unknown): FetchedToken {
  return readTokenResponse(body, unexpectedBody);
}

export function buildPaymentAuthorizationRequest(a: PaymentAccount): CarrierDPaymentAuthorizationRequest {
  return {
    roles: [
      { roleName: 'PAYER', CRID: a.crid, MID: a.mid, manifestMID: a.manifestMid, accountType: a.accountType, accountNumber: a.accountNumber },
      { roleName: 'LABEL_OWNER', CRID: a.crid, MID: a.mid, manifestMID: a.manifestMid },
    ],
  };
}

export function parsePaymentAuthorizationResponse(body: unknown): FetchedToken {
  const token = text(obj(body)?.paymentAuthorizationToken);
  if (!token) throw unexpectedBody('payment authorization response (no paymentAuthorizationToken)');
  return { access_token: token, expires_in: PAYMENT_TOKEN_TTL_S };
}
