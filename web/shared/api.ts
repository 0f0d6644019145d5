/**
 * The console's one way to call the service's public API: JSON in and out, the error shape turned
 * into an exception whose message is the API's own. Same origin only (the CSP allows nothing else);
 * the session cookie goes along, and the session's CSRF token when given (console/call.ts).
 */
export interface ApiAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

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

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** The session's CSRF token, sent as X-CSRF-Token (the service asks it of every change made with the cookie). */
  csrf?: string;
  /** A body sent as it is (a CSV file, say) with its content type, instead of JSON. */
  raw?: { body: string | Blob; type: string };
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header: the same key for every attempt of one intent. */
  idempotencyKey?: string;
}

/** A URL of this service (absolute links from the API included) as a same-origin path. */
export function samePath(url: string): string {
  const u = new URL(url, location.origin);
  return `${u.pathname}${u.search}`;
}

async function send(path: string, opts: CallOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.csrf) headers['x-csrf-token'] = opts.csrf;
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.raw) headers['content-type'] = opts.raw.type;
  const body = opts.raw ? opts.raw.body : opts.body !== undefined ? JSON.stringify(opts.body) : undefined;
  try {
    return await fetch(samePath(path), {
      method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      // The session cookie (HttpOnly, SameSite=Strict) is this origin's: it goes along, and nowhere else.
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiFailure(0, 'network', 'The service did not answer; check the connection and try again.');
  }
}

async function failure(res: Response): Promise<ApiFailure> {
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

export async function api<T>(path: string, opts: CallOptions = {}): Promise<ApiAnswer<T>> {
  const res = await send(path, opts);
  if (!res.ok) throw await failure(res);
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

/** Bytes (a label, a document) with their content type. */
export async function apiBlob(path: string, opts: CallOptions = {}): Promise<Blob> {
  const res = await send(path, opts);
  if (!res.ok) throw await failure(res);
  return res.blob();
}

/** A query string of the set values only. */
export function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
