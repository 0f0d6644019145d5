/**
 * carrier_b's credentials: an OAuth2 client sent as HTTP Basic to the token endpoint with the
 * merchant's account number; client_id/client_secret when present, else the legacy userid and
 * password (README.md), so accounts registered with the access-license trio still work.
 */
import { ApiError } from '../../domain/errors.js';
import type { CarrierCall } from '../carrier.js';
import { accountNumber } from '../shared/calls.js';
import { tokenKey, type TokenRequest } from '../shared/oauth.js';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export function credentialsOf(auth: Readonly<Record<string, string>>): Credentials {
  const clientId = auth.client_id ?? auth.userid;
  const clientSecret = auth.client_secret ?? auth.password;
  if (!clientId || !clientSecret) {
    throw new ApiError(
      'carrier_authentication',
      'carrier_b needs client_id and client_secret (or userid and password) in the shipping account auth',
      'auth.client_id',
    );
  }
  return { clientId, clientSecret };
}

export function buildTokenRequest(call: CarrierCall, base: string): TokenRequest {
  const c = credentialsOf(call.auth);
  const merchant = accountNumber(call);
  return {
    headers: {
      authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      'x-merchant-id': merchant,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    key: tokenKey('carrier_b', base, c.clientId, c.clientSecret, merchant),
  };
}
