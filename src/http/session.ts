/**
 * The console's session cookie: how it is written, read and checked. The cookie is HttpOnly (no
 * script reads it), SameSite=Strict (no other site's page sends it), Path=/, and Secure when the
 * service is reached over HTTPS (WAYBILL_PUBLIC_URL says https, or the request came over TLS). A
 * request made with it that changes anything (every method but GET and HEAD) must carry the
 * session's CSRF token in X-CSRF-Token: a token bound to the session and read from GET /me, which
 * a page of another origin can neither read nor guess, rather than a second cookie to compare with.
 * The API key or JWT of a request wins over a cookie it also carries: API clients are unchanged.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../foundations/config.js';
import { ApiError } from '../domain/errors.js';
import type { Principal } from '../domain/principal.js';
import type { IdentityService } from '../services/index.js';

export const SESSION_COOKIE = 'waybill_session';
/**
 * Single sign-on's state between its two steps. SameSite=Lax, not Strict: the provider sends the
 * browser back by a top-level navigation from its own site, which a Strict cookie would not join.
 * Path=/session/sso: sent to the callback, and nowhere else.
 */
export const SSO_COOKIE = 'waybill_sso';
const SSO_PATH = '/session/sso';
const TOKEN = /^ws_[A-Za-z0-9_-]{43}$/;
const SAFE = new Set(['GET', 'HEAD']);

/** A cookie's value in a Cookie header. */
export function cookieValue(cookie: string | undefined, name: string): string | undefined {
  if (!cookie) return undefined;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The session token of a Cookie header, when it carries one of the right shape. */
export function sessionToken(cookie: string | undefined): string | undefined {
  const value = cookieValue(cookie, SESSION_COOKIE);
  return value !== undefined && TOKEN.test(value) ? value : undefined;
}

function secure(req: FastifyRequest, config: Config): boolean {
  return config.publicUrl?.startsWith('https:') === true || req.protocol === 'https';
}

/** Set-Cookie for a new session, kept by the browser as long as the session can last. */
export function setSessionCookie(
  reply: FastifyReply,
  req: FastifyRequest,
  config: Config,
  started: { token: string; maxAgeSec: number },
): void {
  const { token, maxAgeSec: maxAge } = started;
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure(req, config) ? '; Secure' : ''}`,
  );
}

export function clearSessionCookie(reply: FastifyReply, req: FastifyRequest, config: Config): void {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure(req, config) ? '; Secure' : ''}`,
  );
}

/** Sets (a value) or clears (undefined) single sign-on's state cookie. */
export function ssoCookie(
  reply: FastifyReply,
  req: FastifyRequest,
  config: Config,
  value: string | undefined,
  maxAgeSec = 0,
): void {
  reply.header(
    'set-cookie',
    `${SSO_COOKIE}=${value ?? ''}; Path=${SSO_PATH}; HttpOnly; SameSite=Lax; Max-Age=${value === undefined ? 0 : maxAgeSec}${secure(req, config) ? '; Secure' : ''}`,
  );
}

/**
 * The principal of a session cookie, its user's rights read now; session_expired when the session
 * has ended (the cookie is cleared), forbidden when a change comes without the CSRF token.
 */
export function createSessionAuthenticator(identity: IdentityService, config: Config) {
  return async (req: FastifyRequest, reply: FastifyReply, token: string): Promise<Principal> => {
    const auth = await identity.sessions.authenticate(token);
    if (!auth) {
      clearSessionCookie(reply, req, config);
      throw new ApiError(
        'session_expired',
        'Your session has ended (signed out, expired or revoked): sign in again',
        'session',
      );
    }
    if (!SAFE.has(req.method)) {
      const given = req.headers['x-csrf-token'];
      if (!auth.csrfMatches(Array.isArray(given) ? given[0] : given)) {
        throw new ApiError(
          'forbidden',
          'A request signed in by cookie that changes something must carry the session’s CSRF token in the X-CSRF-Token header (GET /me answers it as csrf_token)',
          'x-csrf-token',
        );
      }
    }
    req.session = auth;
    return auth.principal;
  };
}
