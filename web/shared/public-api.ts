/**
 * How the public pages (tracking, returns portal) talk to the service: JSON over the public API,
 * opened by the signed token in the page's own path. Failures become one value with a sentence a
 * person can act on; nothing the server sends is ever rendered as HTML.
 */
export interface Failure {
  status: number;
  code: string;
  /** What to tell the person. */
  text: string;
}

/** The token after `/<page>/` in the address bar. */
export function tokenFromPath(page: string): string {
  const rest = location.pathname.slice(page.length + 2);
  return decodeURIComponent(rest.split('/')[0] ?? '');
}

const CARRIER_TROUBLE = new Set([
  'carrier_http_exception',
  'carrier_failed_connection',
  'carrier_timeout',
  'carrier_throttling',
  'carrier_exception',
  'carrier_authentication',
  'service_unavailable',
  'rate_limited',
]);

export function failureText(status: number, code: string, message: string, what: string): string {
  if (status === 404 && code === 'not_found')
    return `This ${what} link is not valid. Check that you opened the whole link you were sent.`;
  if (status === 410) return `This ${what} link has expired. Ask the shop that sent it for a new one.`;
  if (CARRIER_TROUBLE.has(code))
    return 'The carrier did not answer just now, so nothing was changed. Please try again in a few minutes.';
  if (status >= 500) return 'Something went wrong on our side. Please try again in a few minutes.';
  return message;
}

export async function callApi<T>(path: string, what: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init?.body ? { 'content-type': 'application/json' } : {}),
        ...init?.headers,
      },
      credentials: 'omit',
    });
  } catch {
    throw {
      status: 0,
      code: 'offline',
      text: 'No connection to the server. Check your connection and try again.',
    } satisfies Failure;
  }
  const body = (await res.json().catch(() => undefined)) as { error?: { code: string; message: string } } | undefined;
  if (!res.ok || !body || body.error) {
    const code = body?.error?.code ?? 'unexpected_exception';
    throw {
      status: res.status,
      code,
      text: failureText(res.status, code, body?.error?.message ?? res.statusText, what),
    } satisfies Failure;
  }
  return body as T;
}

export function isFailure(e: unknown): e is Failure {
  return typeof e === 'object' && e !== null && 'text' in e && 'status' in e;
}
