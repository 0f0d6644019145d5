/** What the sessions' use cases are handed, once, by their face (sessions.ts), and what they answer. */
import type { Clock } from '../../foundations/clock.js';
import type { MeView } from '../../contract/identity.js';
import type { Principal } from '../../domain/principal.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import type { Passwords } from './passwords.js';

export interface SessionsDeps {
  db: Db;
  clock: Clock;
  passwords: Passwords;
  /** HMAC key of the CSRF tokens. */
  csrfKey: Buffer;
  idleMs: number;
  lifetimeMs: number;
  /** Throws when the user's tenant may not sign in now (suspended by its platform). */
  admits?: (tenant: string) => Promise<void>;
}

/** What a request made with a session cookie carries besides its principal. */
export interface SessionAuth {
  principal: Principal;
  sessionId: string;
  userId: string;
  /** What GET /me answers for it, the CSRF token included. */
  me: MeView;
  /** Whether `given` is the session's CSRF token. */
  csrfMatches(given: string | undefined): boolean;
}

/** A session just started: the cookie's token and how long the browser keeps it, and what GET /me answers. */
export interface Started {
  token: string;
  maxAgeSec: number;
  me: MeView;
}

/** Where a sign-in came from, for the audit log: the caller's address and the request id. */
export type SeenFrom = Pick<AuditContext, 'ip' | 'requestId'>;

/** How a session was started, as the audit log says. */
export type SignInMethod = 'password' | 'invitation' | 'sso';
