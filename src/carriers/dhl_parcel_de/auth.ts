/**
 * dhl_parcel_de's credentials: the API client (client_id, client_secret) with the business
 * customer's portal user (username, password), exchanged for a bearer token with the OAuth 2
 * password grant (RFC 6749 § 4.3) at the Parcel DE authentication API; the shared OAuth client
 * keeps the token. validate_credentials is that exchange: a token means valid.
 */
import { ApiError } from '../../domain/errors.js';
import type { CarrierCall } from '../carrier.js';
import { passwordTokenRequest, tokenKey, type TokenRequest } from '../shared/oauth.js';
import { dig, text } from '../shared/json.js';

export interface DhlParcelDeCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

export function credentialsOf(auth: Readonly<Record<string, string>>): DhlParcelDeCredentials {
  const { client_id: clientId, client_secret: clientSecret, username, password } = auth;
  if (!clientId || !clientSecret)
    throw new ApiError(
      'carrier_authentication',
      'dhl_parcel_de needs client_id and client_secret (the API app of the developer portal) in the shipping account auth',
      'auth.client_id',
    );
  if (!username || !password)
    throw new ApiError(
      'carrier_authentication',
      'dhl_parcel_de needs username and password (the business customer portal user) in the shipping account auth',
      'auth.username',
    );
  return { clientId, clientSecret, username, password };
}

/** The 14-digit billing number every booking names. */
export function billingNumberOf(auth: Readonly<Record<string, string>>): string {
  const n = auth.billing_number;
  if (!n || !/^\d{14}$/.test(n))
    throw new ApiError(
      'carrier_authentication',
      'dhl_parcel_de needs billing_number, the 14-digit billing number (EKP, procedure and participation), in the shipping account auth',
      'auth.billing_number',
    );
  return n;
}

/** The password grant, everything in the form body, as the authentication API asks. */
export function buildTokenRequest(call: CarrierCall, base: string): TokenRequest {
  const c = credentialsOf(call.auth);
  return passwordTokenRequest(
    c,
    c,
    tokenKey('dhl_parcel_de', base, c.clientId, c.clientSecret, c.username, c.password),
  );
}

/** A token answer means the credentials are good; anything else is not a token answer. */
export function parseValidateCredentialsResponse(body: unknown): boolean {
  return text(dig(body, 'access_token')) !== undefined;
}
