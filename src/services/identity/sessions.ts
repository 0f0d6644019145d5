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
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import type { MeView } from '../../contract/identity.js';
import { ApiError } from '../../domain/errors.js';
import { isRole, ROLE_PERMISSIONS } from '../../domain/permissions.js';
import type { Principal } from '../../domain/principal.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import { recordAudit } from '../audit/index.js';
import { newId } from '../../storage/ids.js';
import {
  deleteEndedSessions,
  deleteSession,
  deleteUserSessions,
  findSession,
  hashToken,
  insertSession,
  touchSession,
  type SessionRecord,
} from '../../storage/repositories/sessions.js';
import { findUserByEmail, updateUser, type UserRecord } from '../../storage/repositories/users.js';
import type { Passwords } from './passwords.js';
import { normalizeEmail, userView } from './users.js';

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

/** How often a session's last use is written: the idle expiry is that precise. */
const TOUCH_EVERY_MS = 60_000;

export function createSessions(deps: SessionsDeps) {
  const { db, clock } = deps;

  const csrfOf = (token: string) => createHmac('sha256', deps.csrfKey).update(`csrf\n${token}`).digest('base64url');

  function meOf(user: UserRecord, session: SessionRecord, token: string): MeView {
    const role = isRole(user.role) ? user.role : 'viewer';
    const idle = new Date(
      Math.min(Date.parse(session.last_seen_at) + deps.idleMs, Date.parse(session.expires_at)),
    ).toISOString();
    return {
      tenant: user.tenant,
      actor: { kind: 'user', id: user.id },
      user: userView(user),
      role,
      permissions: [...ROLE_PERMISSIONS[role]],
      csrf_token: csrfOf(token),
      session: { created: session.created_at, expires: session.expires_at, idle_expires: idle },
    };
  }

  /** A new session of the user: the cookie's token, and what GET /me answers for it. */
  async function start(user: UserRecord, method: SignInMethod, seen: SeenFrom = {}): Promise<Started> {
    await deps.admits?.(user.tenant);
    const now = clock.now();
    const token = `ws_${randomBytes(32).toString('base64url')}`;
    const expires = new Date(now.getTime() + deps.lifetimeMs);
    const session: SessionRecord = {
      id: newId('ses'),
      token_hash: hashToken(token),
      tenant: user.tenant,
      user_id: user.id,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expires.toISOString(),
    };
    await db.transaction().execute(async (trx) => {
      await deleteEndedSessions(trx, user.id, now, deps.idleMs);
      await insertSession(trx, session);
      await updateUser(trx, user.tenant, user.id, { last_sign_in_at: now.toISOString() }, now);
      await recordAudit(
        trx,
        { tenant: user.tenant, actor: { kind: 'user', id: user.id }, email: user.email, ...seen },
        { action: 'session.signed_in', resource: { id: user.id }, changes: { method }, at: now },
      );
    });
    const signedIn = { ...user, last_sign_in_at: now.toISOString() };
    return { token, me: meOf(signedIn, session, token), maxAgeSec: Math.floor(deps.lifetimeMs / 1000) };
  }

  /**
   * A refused sign-in of an address that names a user, in that user's tenant's log (an unknown
   * address belongs to no tenant, so it is only counted by the sign-in limits).
   */
  async function failed(user: UserRecord | undefined, method: SignInMethod, seen: SeenFrom): Promise<void> {
    if (!user) return;
    await recordAudit(
      db,
      { tenant: user.tenant, actor: { kind: 'anonymous' }, ...seen },
      {
        action: 'session.sign_in_failed',
        resource: { id: user.id },
        changes: { email: user.email, method },
        at: clock.now(),
      },
    );
  }

  /** Whether the tenant's people may sign in now: false for a tenant its platform suspended. */
  async function admitted(tenant: string): Promise<boolean> {
    try {
      await deps.admits?.(tenant);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.code === 'tenant_suspended') return false;
      throw err;
    }
  }

  return {
    start,
    failed,

    /**
     * E-mail and password → a session. Every refusal is the same 401, and takes as long: an unknown
     * address, a user invited but not signed up, a disabled user and a wrong password all verify a
     * hash (passwords.ts) and answer sign_in_failed; so does the right password of a suspended
     * tenant's user, lest the refusal tell a guesser that the password was right.
     */
    async signIn(email: string, password: string, seen: SeenFrom = {}): Promise<Started> {
      const user = await findUserByEmail(db, normalizeEmail(email));
      const ok =
        (await deps.passwords.verify(user?.disabled_at ? null : user?.password_hash, password)) &&
        user !== undefined &&
        (await admitted(user.tenant));
      if (!user || !ok) {
        await failed(user, 'password', seen);
        throw new ApiError('sign_in_failed', 'E-mail address or password not accepted', 'session');
      }
      return start(user, 'password', seen);
    },

    /** The session of a cookie's token, with its user's rights as they are now; undefined when it has ended. */
    async authenticate(token: string): Promise<SessionAuth | undefined> {
      const found = await findSession(db, token);
      if (!found) return undefined;
      const { session, user } = found;
      const now = clock.now().getTime();
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
      const expected = Buffer.from(csrfOf(token));
      return {
        principal: {
          tenant: user.tenant,
          actor: { kind: 'user', id: user.id },
          grant: { role },
          permissions: ROLE_PERMISSIONS[role],
        },
        sessionId: session.id,
        userId: user.id,
        me: meOf(user, session, token),
        csrfMatches: (given) => {
          const g = Buffer.from(given ?? '');
          return g.length === expected.length && timingSafeEqual(g, expected);
        },
      };
    },

    signOut: (sessionId: string) => deleteSession(db, sessionId),

    /** Ends every session of the user, this one included; how many ended. */
    signOutEverywhere: (userId: string) => deleteUserSessions(db, userId),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
