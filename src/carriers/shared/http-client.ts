/**
 * The one client every carrier's client.ts makes its calls through: it puts the account's
 * credentials on the call (one of four kinds of auth), writes the body and reads the answer (one of
 * three body codecs), and turns a refused answer into the carrier's ApiError. Below it the transport
 * pools connections, retries what is safe to repeat, classifies timeouts, 429 and 5xx, and writes
 * the debug log with every secret redacted; beside it the TokenStore keeps OAuth tokens for every
 * instance. A carrier folder says only what is its own:
 *
 *   const client = createHttpClient(deps, {
 *     carrier: 'my_carrier',
 *     auth: { kind: 'basic', credentials: (call) => credentialsOf(call.auth) },
 *     codec: jsonCodec(),
 *     headers: { accept: 'application/json' },
 *     parseErrorResponse,          // errors.ts: a refused answer → ApiError
 *     unexpectedBody,              // errors.ts: a body not as documented → ApiError
 *   });
 *   const body = await client.send(call, { endpoint: ENDPOINTS.rate, body: buildRateRequest(req) });
 *
 * Auth kinds (`ClientAuth`):
 * - `oauth`: a bearer token from the carrier's token endpoint, kept in the TokenStore and renewed
 *   once when a call is answered 401. The grant is the token request's (auth.ts):
 *   `formTokenRequest` for client credentials, `passwordTokenRequest` for the password grant.
 * - `basic`: HTTP Basic with the account's user and password, with header `keys` beside it when
 *   the carrier asks for more (an account number header).
 * - `keys`: API keys in headers alone.
 * - `none`: the credentials travel inside the body, which the pure builders write.
 *
 * Codecs (`Codec`): `jsonCodec()` (JSON both ways), `xmlCodec` (an XML document named by the endpoint's `root`, the
 * answer's text handed back for the carrier's parser), `xmlFormCodec` (a form whose one field, the endpoint's `field`,
 * holds that XML document) and `formCodec` (form fields both ways out, text back).
 */
import { Buffer } from 'node:buffer';
import type { ApiError } from '../../domain/errors.js';
import type { CarrierCall, CarrierDeps, CarrierSlug } from '../carrier.js';
import { afterNextTurn } from '../../foundations/time-slice.js';
import { parseJson } from './calls.js';
import type { Endpoint } from './endpoint.js';
import { keptTokenRequests, parseTokenResponse, withBearer, type FetchedToken, type TokenRequest } from './oauth.js';
import type { CarrierHttpResponse } from './transport.js';
import { buildXml } from './xml.js';

/** How the account's credentials go on a call. */
export type ClientAuth =
  | {
      kind: 'oauth';
      /** The token endpoint (under the base URL, never under `apiPath`). */
      token: Endpoint;
      /**
       * The token request for the call's credentials at this base URL, made once per credential set and base
       * URL and kept (it reads only the call's `auth`); missing members throw carrier_authentication.
       */
      tokenRequest(call: CarrierCall, base: string): TokenRequest;
    }
  | {
      kind: 'basic';
      credentials(call: CarrierCall): { username: string; password: string };
      /** Header keys the carrier wants beside Basic auth (an account number). */
      keys?(call: CarrierCall): Record<string, string>;
    }
  | { kind: 'keys'; keys(call: CarrierCall): Record<string, string> }
  | { kind: 'none' };

/** How a body is written and an answer read. `D` is what a successful answer decodes to. */
export interface Codec<E extends Endpoint = Endpoint, D = unknown> {
  encode(endpoint: E, body: unknown): { contentType: string; text: string };
  decode(res: CarrierHttpResponse, endpoint: E, unexpected: (what: string) => ApiError): D;
}

/** JSON both ways; `emptyAs` is what an empty answer means where the carrier sends one (DELETE answered 200 bare). */
export function jsonCodec(opts: { emptyAs?: unknown } = {}): Codec<Endpoint, unknown> {
  return {
    encode: (_, body) => ({ contentType: 'application/json', text: JSON.stringify(body) }),
    decode: (res, endpoint, unexpected) => {
      if (opts.emptyAs !== undefined && res.body.trim() === '') return opts.emptyAs;
      return parseJson(res.body, () => unexpected(`${endpoint.operation} response (not JSON)`));
    },
  };
}

/** An endpoint whose request is an XML document: its root element, and its media type when not plain XML. */
export interface XmlEndpoint extends Endpoint {
  root: string;
  contentType?: string;
}

/** An XML document out, the answer's text back (the carrier's parser checks its root). */
export const xmlCodec: Codec<XmlEndpoint, string> = {
  encode: (endpoint, body) => ({
    contentType: endpoint.contentType ?? 'application/xml',
    text: buildXml(endpoint.root, body as object),
  }),
  decode: (res) => res.body,
};

/** An endpoint posted as a form whose one field holds the XML document. */
export interface XmlFormEndpoint extends XmlEndpoint {
  field: string;
}

/** A form with one field holding an XML document out, the answer's text back. */
export const xmlFormCodec: Codec<XmlFormEndpoint, string> = {
  encode: (endpoint, body) => ({
    contentType: 'application/x-www-form-urlencoded',
    text: new URLSearchParams({ [endpoint.field]: buildXml(endpoint.root, body as object) }).toString(),
  }),
  decode: (res) => res.body,
};

/** Form fields out, the answer's text back. */
export const formCodec: Codec<Endpoint, string> = {
  encode: (_, body) => ({
    contentType: 'application/x-www-form-urlencoded',
    text: new URLSearchParams(body as Record<string, string>).toString(),
  }),
  decode: (res) => res.body,
};

/** What the client needs to know of one carrier. */
export interface HttpCarrier<E extends Endpoint, D> {
  carrier: CarrierSlug;
  auth: ClientAuth;
  codec: Codec<E, D>;
  /** The path of the carrier's API under the base URL, before every endpoint's but the token's. */
  apiPath?: string;
  /** Headers every call carries besides the credentials (and content-type, added for a body). */
  headers?: Record<string, string>;
  /** Which statuses are answers (default 2xx); any other goes to `parseErrorResponse`. */
  ok?(status: number): boolean;
  /** The carrier's error for a refused answer: `auth` for the token endpoint's, `notFound` per the endpoint. */
  parseErrorResponse(status: number, body: string, opts: { auth?: boolean; notFound?: boolean }): ApiError;
  unexpectedBody(what: string): ApiError;
}

/** One call: the endpoint, its path when parameters fill it, a query, a body, more headers. */
export interface HttpRequest<E extends Endpoint = Endpoint> {
  endpoint: E;
  path?: string;
  /** Name-value pairs after `?`, in order (a name may repeat). */
  query?: readonly (readonly [string, string])[];
  body?: unknown;
  headers?: Record<string, string>;
  /** Keep the answer's raw bytes (multipart labels). */
  binary?: boolean;
  /** A second token the call carries in a header of its own, beside the account's credentials. */
  token?: HeaderToken;
}

/**
 * A token besides the credentials (a payment authorization): kept in the TokenStore under `key`,
 * sent in `header`, and when the call is answered `refusedWith` it is forgotten, fetched again and
 * the call repeated once, which is safe because a refused call did nothing.
 */
export interface HeaderToken {
  key: string;
  fetch(): Promise<FetchedToken>;
  header: string;
  refusedWith: number;
}

export interface HttpClient<E extends Endpoint, D> {
  /** The call with the account's credentials, whatever status it is answered with. */
  request(call: CarrierCall, req: HttpRequest<E>): Promise<CarrierHttpResponse>;
  /** The answer as it came (headers, bytes); a status that is not an answer is the carrier's error. */
  answer<C extends object>(call: CarrierCall, req: HttpRequest<E>, context?: C): Promise<CarrierHttpResponse>;
  /**
   * The answer decoded by the codec; a status that is not an answer is the carrier's error.
   * `context` goes to the carrier's error parser with the endpoint's `notFound`.
   */
  send<C extends object>(call: CarrierCall, req: HttpRequest<E>, context?: C): Promise<D>;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

export function createHttpClient<E extends Endpoint, D>(
  deps: Pick<CarrierDeps, 'transport' | 'tokens' | 'baseUrl'>,
  carrier: HttpCarrier<E, D>,
): HttpClient<E, D> {
  const { transport, tokens } = deps;
  const { auth } = carrier;
  const ok = carrier.ok ?? isSuccess;
  const tokenRequest = auth.kind === 'oauth' ? keptTokenRequests(auth.tokenRequest) : undefined;

  function fetchToken(call: CarrierCall, base: string, token: Endpoint, t: TokenRequest): () => Promise<FetchedToken> {
    return async () => {
      const res = await transport.request({
        carrier: carrier.carrier,
        operation: token.operation,
        method: token.method,
        url: `${base}${token.path}`,
        headers: t.headers,
        body: t.body,
        idempotent: true,
        debug: call.debug,
        log: call.log,
      });
      if (res.status !== 200) throw carrier.parseErrorResponse(res.status, res.body, { auth: true });
      return parseTokenResponse(
        parseJson(res.body, () => carrier.unexpectedBody('token response (not JSON)')),
        carrier.unexpectedBody,
      );
    };
  }

  /** Runs `attempt` with the credential headers of the auth kind (an OAuth call renews a refused token once). */
  function authorized(
    call: CarrierCall,
    base: string,
    attempt: (headers: Record<string, string>) => Promise<CarrierHttpResponse>,
  ): Promise<CarrierHttpResponse> {
    switch (auth.kind) {
      case 'oauth': {
        const t = (tokenRequest ?? auth.tokenRequest)(call, base);
        return withBearer(tokens, t.key, fetchToken(call, base, auth.token, t), (bearer) =>
          attempt({ authorization: `Bearer ${bearer}` }),
        );
      }
      case 'basic': {
        const { username, password } = auth.credentials(call);
        return attempt({
          authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
          ...auth.keys?.(call),
        });
      }
      case 'keys':
        return attempt(auth.keys(call));
      case 'none':
        return attempt({});
    }
  }

  async function withHeaderToken(
    t: HeaderToken | undefined,
    attempt: (headers: Record<string, string>) => Promise<CarrierHttpResponse>,
  ): Promise<CarrierHttpResponse> {
    if (t === undefined) return attempt({});
    const value = await tokens.get(t.key, t.fetch);
    const res = await attempt({ [t.header]: value });
    if (res.status !== t.refusedWith) return res;
    await tokens.invalidate(t.key, value);
    return attempt({ [t.header]: await tokens.get(t.key, t.fetch) });
  }

  function request(call: CarrierCall, req: HttpRequest<E>): Promise<CarrierHttpResponse> {
    return withHeaderToken(req.token, (token) =>
      req.token === undefined ? once(call, req) : once(call, { ...req, headers: { ...req.headers, ...token } }),
    );
  }

  function once(call: CarrierCall, req: HttpRequest<E>): Promise<CarrierHttpResponse> {
    const base = deps.baseUrl(carrier.carrier, call.test);
    const { endpoint } = req;
    const body = req.body === undefined ? undefined : carrier.codec.encode(endpoint, req.body);
    const search =
      req.query && req.query.length > 0 ? `?${new URLSearchParams(req.query as [string, string][]).toString()}` : '';
    return authorized(call, base, (credentials) =>
      transport.request({
        carrier: carrier.carrier,
        operation: endpoint.operation,
        method: endpoint.method,
        url: `${base}${carrier.apiPath ?? ''}${req.path ?? endpoint.path}${search}`,
        headers: {
          ...credentials,
          ...carrier.headers,
          ...(body === undefined ? {} : { 'content-type': body.contentType }),
          ...req.headers,
        },
        ...(body === undefined ? {} : { body: body.text }),
        idempotent: endpoint.idempotent,
        debug: call.debug,
        log: call.log,
        signal: call.signal,
        ...(req.binary ? { binary: true } : {}),
      }),
    );
  }

  async function answer<C extends object>(
    call: CarrierCall,
    req: HttpRequest<E>,
    context?: C,
  ): Promise<CarrierHttpResponse> {
    const res = await request(call, req);
    if (!ok(res.status))
      throw carrier.parseErrorResponse(res.status, res.body, { notFound: req.endpoint.notFound ?? false, ...context });
    return res;
  }

  return {
    request,
    answer,
    async send(call, req, context) {
      const res = await answer(call, req, context);
      if (call.answered) {
        call.answered();
        await afterNextTurn();
      }
      return carrier.codec.decode(res, req.endpoint, carrier.unexpectedBody);
    },
  };
}
