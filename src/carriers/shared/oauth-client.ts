/**
 * The JSON client of every carrier that authenticates with OAuth2 client credentials: it asks the
 * carrier's token endpoint, parses the answer (the one token parser, oauth.ts), keeps the token in
 * the TokenStore handed in and makes each call with it, renewing a refused token once. What differs
 * per carrier is said by its folder: the token request and key (`auth.ts`), the endpoints
 * (`endpoints.ts`) and the error bodies (`errors.ts`).
 */
import { ApiError } from '../../domain/errors.js';
import type { CarrierCall, CarrierDeps, CarrierSlug } from '../carrier.js';
import { parseJson } from './calls.js';
import type { Endpoint } from './endpoint.js';
import { clientCredentialsForm, parseTokenResponse, withBearer, type FetchedToken } from './oauth.js';
import type { CarrierHttpResponse } from './transport.js';

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
export function clientCredentialsOf(carrier: string, auth: Readonly<Record<string, string>>, purpose = ''): ClientCredentials {
  const clientId = auth.client_id;
  const clientSecret = auth.client_secret;
  if (!clientId || !clientSecret) {
    throw new ApiError('carrier_authentication', `${carrier} needs client_id and client_secret in the shipping account auth${purpose}`, 'auth.client_id');
  }
  return { clientId, clientSecret };
}

/** The client-credentials grant with the client in the form body (RFC 6749 § 4.4, client_secret_post). */
export function formTokenRequest(c: ClientCredentials, key: string, headers: Record<string, string> = {}): TokenRequest {
  return { headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: clientCredentialsForm(c.clientId, c.clientSecret), key };
}

/** What the client needs to know of one carrier. */
export interface OAuthCarrier {
  carrier: CarrierSlug;
  /** The token endpoint. */
  token: Endpoint;
  /** The token request for the call's credentials at this base URL; missing members throw carrier_authentication. */
  tokenRequest(call: CarrierCall, base: string): TokenRequest;
  /** The path of the carrier's API server under the base URL, before every endpoint's but the token's. */
  apiPath?: string;
  /** Headers every call carries besides the token (and content-type, added for a body). */
  headers?: Record<string, string>;
  /** The carrier's error for a failed answer: `auth` for the token endpoint's, `notFound` per the endpoint. */
  parseErrorResponse(status: number, body: string, opts: { auth?: boolean; notFound?: boolean }): ApiError;
  unexpectedBody(what: string): ApiError;
}

/** One call: the endpoint, its path when parameters or a query fill it, a JSON body, more headers. */
export interface BearerRequest {
  endpoint: Endpoint;
  path?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Keep the answer's raw bytes (multipart labels). */
  binary?: boolean;
}

export interface OAuthClient {
  /** The call with the account's token, whatever status it is answered with. */
  request(call: CarrierCall, req: BearerRequest): Promise<CarrierHttpResponse>;
  /**
   * The answer's JSON; a status outside 2xx is the carrier's error. `context` goes to the carrier's
   * error parser with the endpoint's `notFound`.
   */
  json<C extends object>(call: CarrierCall, req: BearerRequest, context?: C): Promise<unknown>;
}

export function createOAuthClient(deps: Pick<CarrierDeps, 'transport' | 'tokens' | 'baseUrl'>, carrier: OAuthCarrier): OAuthClient {
  const { transport, tokens } = deps;

  function fetchToken(call: CarrierCall, base: string, t: TokenRequest): () => Promise<FetchedToken> {
    return async () => {
      const res = await transport.request({
        carrier: carrier.carrier,
        operation: carrier.token.operation,
        method: carrier.token.method,
        url: `${base}${carrier.token.path}`,
        headers: t.headers,
        body: t.body,
        idempotent: true,
        debug: call.debug,
        log: call.log,
      });
      if (res.status !== 200) throw carrier.parseErrorResponse(res.status, res.body, { auth: true });
      return parseTokenResponse(parseJson(res.body, () => carrier.unexpectedBody('token response (not JSON)')), carrier.unexpectedBody);
    };
  }

  async function request(call: CarrierCall, req: BearerRequest): Promise<CarrierHttpResponse> {
    const base = deps.baseUrl(carrier.carrier, call.test);
    const t = carrier.tokenRequest(call, base);
    const { endpoint } = req;
    return withBearer(tokens, t.key, fetchToken(call, base, t), (bearer) =>
      transport.request({
        carrier: carrier.carrier,
        operation: endpoint.operation,
        method: endpoint.method,
        url: `${base}${carrier.apiPath ?? ''}${req.path ?? endpoint.path}`,
        headers: {
          authorization: `Bearer ${bearer}`,
          ...carrier.headers,
          ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...req.headers,
        },
        ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
        idempotent: endpoint.idempotent,
        debug: call.debug,
        log: call.log,
        signal: call.signal,
        ...(req.binary ? { binary: true } : {}),
      }),
    );
  }

  return {
    request,
    async json(call, req, context) {
      const res = await request(call, req);
      if (res.status < 200 || res.status >= 300) throw carrier.parseErrorResponse(res.status, res.body, { notFound: req.endpoint.notFound ?? false, ...context });
      return parseJson(res.body, () => carrier.unexpectedBody(`${req.endpoint.operation} response (not JSON)`));
    },
  };
}
