/**
 * The console's calls: the session cookie goes with each (same origin only), the session's CSRF
 * token with each as X-CSRF-Token, and a 401 (the session ended: signed out elsewhere, expired, the
 * user disabled or removed) signs the page out, back to the sign-in form.
 */
import { api, apiBlob, ApiFailure, type ApiAnswer, type CallOptions } from '../shared/api';
import { currentMe, setMe } from './session';

function withSession(opts: CallOptions): CallOptions {
  const csrf = currentMe()?.csrf_token;
  return csrf ? { ...opts, csrf } : opts;
}

function ended(err: unknown): unknown {
  if (err instanceof ApiFailure && err.status === 401 && currentMe() !== null) setMe(null);
  return err;
}

export async function call<T>(path: string, opts: CallOptions = {}): Promise<ApiAnswer<T>> {
  try {
    return await api<T>(path, withSession(opts));
  } catch (err) {
    throw ended(err);
  }
}

export async function callBlob(path: string, opts: CallOptions = {}): Promise<Blob> {
  try {
    return await apiBlob(path, withSession(opts));
  } catch (err) {
    throw ended(err);
  }
}
