/**
 * How the public pages (tracking, returns portal) talk to the service: the public API's operations
 * through the generated client (shared/api.ts, no cookie sent), opened by the signed token in the
 * page's own path. Failures become one value with a sentence a person can act on; nothing the
 * server sends is ever rendered as HTML.
 */
import { ApiFailure, connect, type Answer, type InputArgs, type OperationId } from './api';

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

const api = connect({ credentials: 'omit' });

/** Calls an operation for a public page; a failure is thrown as a Failure, `what` naming the link. */
export async function callApi<K extends OperationId>(what: string, id: K, ...input: InputArgs<K>): Promise<Answer<K>> {
  try {
    return await api.call(id, ...input);
  } catch (caught) {
    // A link cut before its token: the client refuses an empty path parameter (a TypeError), and
    // the person hears what the service says of a token it does not know.
    const err = caught instanceof TypeError ? new ApiFailure(404, 'not_found', '') : caught;
    if (!(err instanceof ApiFailure)) throw err;
    if (err.status === 0)
      throw {
        status: 0,
        code: 'offline',
        text: 'No connection to the server. Check your connection and try again.',
      } satisfies Failure;
    throw {
      status: err.status,
      code: err.code,
      text: failureText(err.status, err.code, err.message, what),
    } satisfies Failure;
  }
}

export function isFailure(e: unknown): e is Failure {
  return typeof e === 'object' && e !== null && 'text' in e && 'status' in e;
}
