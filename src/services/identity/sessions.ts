/**
 * Console sessions. Signing in makes a random token, which the browser keeps in an HttpOnly cookie
 * and the database keeps as a SHA-256. Each request reads the session with its user (one query), so
 * a user demoted, disabled or removed has its new rights, or none, on its very next request. A
 * session ends after WAYBILL_SESSION_IDLE_TIMEOUT unused and WAYBILL_SESSION_LIFETIME after sign-in
 * whatever happens; its last use is written at most once a minute.
 *
 * The CSRF token of a session is an HMAC of its token under a key derived from the sealing key: the
 * console reads it from GET /me (which a page of another origin cannot read) and sends it as a
 * header; nothing more is stored, and it dies with the session.
 *
 * The face binds the dependencies to the use cases: startSession and signInFailed
 * (start-session.ts), signIn (sign-in.ts), authenticateSession, signOut and signOutEverywhere
 * (authenticate-session.ts).
 */
import { bind } from '../../foundations/bind.js';
import { authenticateSession, signOut, signOutEverywhere } from './authenticate-session.js';
import type { SessionsDeps } from './sessions-deps.js';
import { signIn } from './sign-in.js';
import { signInFailed, startSession } from './start-session.js';

export type { SeenFrom, SessionAuth, SessionsDeps, SignInMethod, Started } from './sessions-deps.js';

export function createSessions(deps: SessionsDeps) {
  return {
    start: bind(deps, startSession),
    failed: bind(deps, signInFailed),
    signIn: bind(deps, signIn),
    authenticate: bind(deps, authenticateSession),
    signOut: bind(deps, signOut),
    signOutEverywhere: bind(deps, signOutEverywhere),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
