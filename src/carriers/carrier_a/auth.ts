/**
 * carrier_a's credentials: an OAuth2 client (client_id, client_secret) asking tokens with the
 * client-credentials grant; the shared client (shared/http-client.ts) fetches and keeps them.
 */
import type { CarrierCall } from '../carrier.js';
import {
  clientCredentialsOf,
  formTokenRequest,
  tokenKey,
  type ClientCredentials,
  type TokenRequest,
} from '../shared/oauth.js';

export function credentialsOf(auth: Readonly<Record<string, string>>): ClientCredentials {
  return clientCredentialsOf('carrier_a', auth, ' to use its REST API');
}

export function buildTokenRequest(call: CarrierCall, base: string): TokenRequest {
  const c = credentialsOf(call.auth);
  return formTokenRequest(c, tokenKey('carrier_a', base, c.clientId, c.clientSecret));
}
