/**
 * Who is signed in, as GET /me answers it, kept in this page's memory only. The session itself is
 * an HttpOnly cookie that no script can read, and no API key is kept in the browser. The page holds
 * the session's CSRF token, which every call sends (call.ts, where GET /me is asked too), and the
 * permissions that decide which pages and buttons it shows (the API decides again on every request).
 */
import type { Me } from './types';

let current: Me | null = null;
const listeners = new Set<(me: Me | null) => void>();

export function currentMe(): Me | null {
  return current;
}

/** Signed in (the answer of sign-in or GET /me), or signed out (null): every listener hears it. */
export function setMe(me: Me | null): void {
  current = me;
  for (const l of listeners) l(me);
}

export function onMe(listener: (me: Me | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
