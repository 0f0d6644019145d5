/**
 * The console's calls, by operationId through the generated client (shared/api.ts): the session
 * cookie goes with each (same origin only), the session's CSRF token with each as X-CSRF-Token, and
 * a 401 (the session ended: signed out elsewhere, expired, the user disabled or removed) signs the
 * page out, back to the sign-in form.
 */
import { ApiFailure, connect, type Answer, type InputArgs, type OperationId } from '../shared/api';
import { currentMe, setMe } from './session';

const api = connect({
  credentials: 'same-origin',
  headers: (): Record<string, string> => {
    const csrf = currentMe()?.csrf_token;
    return csrf ? { 'x-csrf-token': csrf } : {};
  },
});

function ended(err: unknown): never {
  if (err instanceof ApiFailure && err.status === 401 && currentMe() !== null) setMe(null);
  throw err;
}

export function call<K extends OperationId>(id: K, ...input: InputArgs<K>): Promise<Answer<K>> {
  return api.call(id, ...input).catch(ended);
}

/** The answer with its headers: a paged list's X-Total-Count. */
export function callWithHeaders<K extends OperationId>(id: K, ...input: InputArgs<K>) {
  return api.request(id, ...input).catch(ended);
}

export function callBlob(url: string): Promise<Blob> {
  return api.blob(url).catch(ended);
}

export function callJson(url: string, signal?: AbortSignal): Promise<unknown> {
  return api.json(url, signal).catch(ended);
}

/** Asks the service who this browser's cookie signs in, if anyone. */
export async function loadMe(): Promise<void> {
  try {
    setMe((await api.call('getMe')).me);
  } catch {
    setMe(null);
  }
}
