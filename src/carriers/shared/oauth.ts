/**
 * OAuth2 tokens (client-credentials and password grants) as the carriers see them: a store hands out a token valid for
 * at least its safety margin and fetches a new one only when needed. The store shared by all
 * instances through the database is built from the oauth-token repository where the process is
 * assembled and passed in as CarrierDeps.tokens, so carriers never reach storage themselves.
 * Contract: `get` never runs two fetches for one credential set at the same time (in this process
 * or across processes): some carriers revoke the old token on refresh.
 */
import { createHash } from 'node:crypto';
import { ApiError } from '../../domain/errors.js';
import { numeric, obj, text } from './json.js';

/** Token keys already made, by the credential set they name (bounded: emptied when full). */
const tokenKeys = new Map<string, string>();
const MAX_TOKEN_KEYS = 1_000;

/**
 * The key a token is stored under: the SHA-256 of its credential set, which it names without
 * containing it. Remembered per credential set rather than hashed on every carrier call, which
 * every /rate paid (bench/README.md, the runtime issue's third pass).
 */
export function tokenKey(...parts: (string | undefined)[]): string {
  const set = parts.join('\n');
  let key = tokenKeys.get(set);
  if (key === undefined) {
    if (tokenKeys.size >= MAX_TOKEN_KEYS) tokenKeys.clear();
    tokenKeys.set(set, (key = createHash('sha256').update(set).digest('hex')));
  }
  return key;
}

export interface FetchedToken {
  access_token: string;
  /** Lifetime in seconds, as the carrier's token endpoint says. */
  expires_in: number;
}

export interface TokenStore {
  get(key: string, fetch: () => Promise<FetchedToken>): Promise<string>;
  /** Forget a token the carrier refused, so that the next `get` fetches a new one. */
  invalidate(key: string, token: string): Promise<void>;
}

/** The client-credentials grant's form body with the client in it (RFC 6749 § 4.4, client_secret_post). */
export function clientCredentialsForm(clientId: string, clientSecret: string): string {
  return new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
  }).toString();
}

/** One credential set's token request, as the carrier's auth.ts builds it. */
export interface TokenRequest {
  headers: Record<string, string>;
  /** The form body. */
  body: string;
  /** Where the token is stored: tokenKey of the carrier, the base URL and the whole credential set. */
  key: string;
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** The account's client_id and client_secret; without both the carrier cannot be asked for a token. */
export function clientCredentialsOf(
  carrier: string,
  auth: Readonly<Record<string, string>>,
  purpose = '',
): ClientCredentials {
  const clientId = auth.client_id;
  const clientSecret = auth.client_secret;
  if (!clientId || !clientSecret) {
    throw new ApiError(
      'carrier_authentication',
      `${carrier} needs client_id and client_secret in the shipping account auth${purpose}`,
      'auth.client_id',
    );
  }
  return { clientId, clientSecret };
}

/** The client-credentials grant with the client in the form body (RFC 6749 § 4.4, client_secret_post). */
export function formTokenRequest(
  c: ClientCredentials,
  key: string,
  headers: Record<string, string> = {},
): TokenRequest {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: clientCredentialsForm(c.clientId, c.clientSecret),
    key,
  };
}

/**
 * A token request builder that builds once per credential set (a call's `auth`, the same object
 * while its account is kept in memory) and base URL: building one (its form body, its key) on
 * every call cost a /rate about 1 µs, for its key alone once the token is kept (bench/README.md,
 * the sixth round). `build` reads nothing of the call but its `auth`.
 */
export function keptTokenRequests<C extends { auth: object }>(
  build: (call: C, base: string) => TokenRequest,
): (call: C, base: string) => TokenRequest {
  const byAuth = new WeakMap<object, Map<string, TokenRequest>>();
  return (call, base) => {
    let byBase = byAuth.get(call.auth);
    if (byBase === undefined) byAuth.set(call.auth, (byBase = new Map()));
    let t = byBase.get(base);
    if (t === undefined) byBase.set(base, (t = build(call, base)));
    return t;
  };
}

/** The customer's own user name and password, which the password grant sends beside the client's. */
export interface UserCredentials {
  username: string;
  password: string;
}

/**
 * The resource owner password grant (RFC 6749 § 4.3) with the client in the form body: for carriers
 * whose token names the customer's own login as well as the integrator's client. `key` must name the
 * user too (tokenKey of both sets), since each customer's token is its own.
 */
export function passwordTokenRequest(
  c: ClientCredentials,
  user: UserCredentials,
  key: string,
  headers: Record<string, string> = {},
): TokenRequest {
  const body = new URLSearchParams({
    grant_type: 'password',
    username: user.username,
    password: user.password,
    client_id: c.clientId,
    client_secret: c.clientSecret,
  }).toString();
  return { headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body, key };
}

/**
 * A client-credentials token endpoint's JSON answer. expires_in may come as a string ("14399")
 * and is an hour when absent; a body without access_token is the carrier's `unexpected` error.
 */
export function parseTokenResponse(json: unknown, unexpected: (what: string) => Error): FetchedToken {
  const body = obj(json);
  const accessToken = text(body?.access_token);
  if (!accessToken) throw unexpected('token response (no access_token)');
  return { access_token: accessToken, expires_in: numeric(body?.expires_in) ?? 3600 };
}

/**
 * One call with a bearer token from the store. A 401 means the carrier did nothing (the token
 * expired early or another instance replaced it), so the token is forgotten, renewed and the call
 * repeated once; a second 401 is the caller's to classify.
 */
export async function withBearer<R extends { status: number }>(
  tokens: TokenStore,
  key: string,
  fetchToken: () => Promise<FetchedToken>,
  attempt: (bearer: string) => Promise<R>,
): Promise<R> {
  const bearer = await tokens.get(key, fetchToken);
  const res = await attempt(bearer);
  if (res.status !== 401) return res;
  await tokens.invalidate(key, bearer);
  return attempt(await tokens.get(key, fetchToken));
}
