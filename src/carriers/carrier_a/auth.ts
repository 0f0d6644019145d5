/**
 * carrier_a's credentials: an OAuth2 client (client_id, client_secret) asking tokens with the
 * client-credentials grant; the shared OAuth client (shared/oauth-client.ts) fetches and keeps them.
 */
import { ApiError } from '../../domain/errors.js';
import type { CarrierCall } from '../carrier.js';
import { clientCredentialsForm, tokenKey } from '../shared/oauth.js';
import type { TokenRequest } from '../shared/oauth-client.js';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export function credentialsOf(auth: Readonly<Record<string, string>>): Credentials {
  const clientId = auth.client_id;
  const clientSecret = auth.client_secret;
  if (!clientId || !clientSecret) {
    throw new ApiError('carrier_authentication', 'carrier_a needs client_id and client_secret in the shipping account auth to use its REST API', 'auth.client_id');
  }
  return { clientId, clientSecret };
}

export function buildTokenRequest(call: CarrierCall, base: string): TokenRequest {
  const c = credentialsOf(call.auth);
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: clientCredentialsForm(c.clientId, c.clientSecret),
    key: tokenKey('carrier_a', base, c.clientId, c.clientSecret),
  };
}
