/**
 * A request's session cookie → its session, with its user's rights as they are now (one query), and
 * its end: DELETE /session (signOut) and DELETE /session/all (signOutEverywhere).
 */
import { timingSafeEqual } from 'node:crypto';
import { isRole, ROLE_PERMISSIONS } from '../../domain/permissions.js';
import { deleteSession, deleteUserSessions, findSession, touchSession } from '../../storage/repositories/sessions.js';
import type { SessionAuth, SessionsDeps } from './sessions-deps.js';
import { csrfOf, meOf } from './start-session.js';

/** How often a session's last use is written: the idle expiry is that precise. */
const TOUCH_EVERY_MS = 60_000;

/** The session of a cookie's token, with its user's rights as they are now; undefined when it has ended. */
export async function authenticateSession(deps: SessionsDeps, token: string): Promise<SessionAuth | undefined> {
  const { db } = deps;
  const found = await findSession(db, token);
  if (!found) return undefined;
  const { session, user } = found;
  const now = deps.clock.now().getTime();
  const ended =
    Date.parse(session.expires_at) <= now ||
    Date.parse(session.last_seen_at) + deps.idleMs <= now ||
    user.disabled_at !== null ||
    !isRole(user.role);
  if (ended) {
    await deleteSession(db, session.id);
    return undefined;
  }
  if (Date.parse(session.last_seen_at) + TOUCH_EVERY_MS <= now) {
    session.last_seen_at = new Date(now).toISOString();
    await touchSession(db, session.id, new Date(now));
  }
  const role = user.role as keyof typeof ROLE_PERMISSIONS;
  const expected = Buffer.from(csrfOf(deps, token));
  return {
    principal: {
      tenant: user.tenant,
      actor: { kind: 'user', id: user.id },
      grant: { role },
      permissions: ROLE_PERMISSIONS[role],
    },
    sessionId: session.id,
    userId: user.id,
    me: meOf(deps, user, session, token),
    csrfMatches: (given) => {
      const g = Buffer.from(given ?? '');
      return g.length === expected.length && timingSafeEqual(g, expected);
    },
  };
}

export const signOut = (deps: SessionsDeps, sessionId: string) => deleteSession(deps.db, sessionId);

/** Ends every session of the user, this one included; how many ended. */
export const signOutEverywhere = (deps: SessionsDeps, userId: string) => deleteUserSessions(deps.db, userId);
