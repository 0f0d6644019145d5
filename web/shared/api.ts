/**
 * The pages' one way to call the service's public API: the generated client (packages/client),
 * typed by each operation's operationId, over a fetch of this origin. Every answer that is not a
 * success becomes an ApiFailure whose message is the API's own; the console adds its session
 * (console/call.ts), the public pages their words for a person (shared/public-api.ts).
 */
import { Waybill, type Response } from '../../packages/client/src/client';
import { WaybillConnectionError } from '../../packages/client/src/errors';
import type { Answer, InputArgs, OperationId } from '../../packages/client/src/types';

export type { Answer, Input, InputArgs, OperationId } from '../../packages/client/src/types';

/** An answer in the API's error shape (or no answer at all: code "network"). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail = '',
    /** The stored answer of an earlier attempt with the same Idempotency-Key. */
    readonly replayed = false,
  ) {
    super(message);
  }
}

/** How a page's calls travel. */
export interface Transport {
  /** Whether the cookie goes along: the console's session does; the public pages send none. */
  credentials: RequestCredentials;
  /** Headers read at each call (the session's CSRF token). */
  headers?: () => Record<string, string>;
}

export interface Api {
  /** Calls an operation and gives its answer. */
  call<K extends OperationId>(id: K, ...input: InputArgs<K>): Promise<Answer<K>>;
  /** The answer with its status and headers (a list's X-Total-Count). */
  request<K extends OperationId>(id: K, ...input: InputArgs<K>): Promise<Response<Answer<K>>>;
  /** Bytes (a label, a document) behind a link the API gave, with their content type. */
  blob(url: string): Promise<Blob>;
  /** JSON that is no operation's answer (the OpenAPI document itself), to be read as unknown. */
  json(url: string, signal?: AbortSignal): Promise<unknown>;
}

/** A URL of this service (absolute links from the API included) as a same-origin path. */
export function samePath(url: string): string {
  const u = new URL(url, location.origin);
  return `${u.pathname}${u.search}`;
}

async function failure(res: globalThis.Response): Promise<ApiFailure> {
  const text = await res.text();
  try {
    const { error } = JSON.parse(text) as { error?: { code?: string; message?: string; detail?: string } };
    if (error?.code)
      return new ApiFailure(
        res.status,
        error.code,
        error.message ?? error.code,
        error.detail ?? '',
        res.headers.get('idempotent-replayed') === 'true',
      );
  } catch {
    // Not JSON: a proxy's page, for example; the status says enough.
  }
  return new ApiFailure(res.status, 'http', `The service answered ${res.status} ${res.statusText}`.trim());
}

/**
 * The fetch the client is given: same origin only (the CSP allows nothing else), and an answer that
 * is not a success read here, once, as an ApiFailure.
 */
function fetchOf(transport: Transport): typeof fetch {
  return async (target, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(transport.headers?.() ?? {})) headers.set(name, value);
    let res: globalThis.Response;
    try {
      res = await fetch(target, { ...init, headers, credentials: transport.credentials });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiFailure(0, 'network', 'The service did not answer; check the connection and try again.');
    }
    if (!res.ok) throw await failure(res);
    return res;
  };
}

/** The client reports what its fetch threw as a lost connection: the ApiFailure inside is the one. */
function unwrapped(err: unknown): never {
  throw err instanceof WaybillConnectionError && err.cause instanceof ApiFailure ? err.cause : err;
}

export function connect(transport: Transport): Api {
  const send = fetchOf(transport);
  // No retries: a page's action is retried by the person (with the same Idempotency-Key, intent.ts).
  const client = new Waybill({ baseUrl: location.origin, fetch: send, retry: { retries: 0 } });
  return {
    call: (id, ...input) => client.call(id, ...input).catch(unwrapped),
    request: (id, ...input) => client.request(id, ...input).catch(unwrapped),
    blob: async (url) => (await send(samePath(url), { headers: { accept: '*/*' } })).blob(),
    json: async (url, signal) => (await send(samePath(url), signal ? { signal } : {})).json(),
  };
}

/** The members that hold a value ('' is a field left empty): what a query sends. */
export function filled<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined)) as Partial<T>;
}

/** A query string of the set values only (a page's own address, a file's link). */
export function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
