/**
 * A session begins (by password, invitation or single sign-on) or a sign-in is refused: both are
 * written to the user's tenant's audit log. What GET /me answers for a session is made here too.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { MeView } from '../../contract/identity.js';
import { isRole, ROLE_PERMISSIONS } from '../../domain/permissions.js';
import { newId } from '../../storage/ids.js';
import {
  deleteEndedSessions,
  hashToken,
  insertSession,
  type SessionRecord,
} from '../../storage/repositories/sessions.js';
import { updateUser, type UserRecord } from '../../storage/repositories/users.js';
import { recordAudit } from '../audit/index.js';
import type { SeenFrom, SessionsDeps, SignInMethod, Started } from './sessions-deps.js';
import { userView } from './user-view.js';

/** A session's CSRF token: an HMAC of its cookie's token, so nothing more is stored. */
export const csrfOf = (deps: SessionsDeps, token: string): string =>
  createHmac('sha256', deps.csrfKey).update(`csrf\n${token}`).digest('base64url');

export function meOf(deps: SessionsDeps, user: UserRecord, session: SessionRecord, token: string): MeView {
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
    csrf_token: csrfOf(deps, token),
    session: { created: session.created_at, expires: session.expires_at, idle_expires: idle },
  };
}

/** A new session of the user: the cookie's token, and what GET /me answers for it. */
export async function startSession(
  deps: SessionsDeps,
  user: UserRecord,
  method: SignInMethod,
  seen: SeenFrom = {},
): Promise<Started> {
  await deps.admits?.(user.tenant);
  const now = deps.clock.now();
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
  await deps.db.transaction().execute(async (trx) => {
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
  return { token, me: meOf(deps, signedIn, session, token), maxAgeSec: Math.floor(deps.lifetimeMs / 1000) };
}

/**
 * A refused sign-in of an address that names a user, in that user's tenant's log (an unknown
 * address belongs to no tenant, so it is only counted by the sign-in limits).
 */
export async function signInFailed(
  deps: SessionsDeps,
  user: UserRecord | undefined,
  method: SignInMethod,
  seen: SeenFrom,
): Promise<void> {
  if (!user) return;
  await recordAudit(
    deps.db,
    { tenant: user.tenant, actor: { kind: 'anonymous' }, ...seen },
    {
      action: 'session.sign_in_failed',
      resource: { id: user.id },
      changes: { email: user.email, method },
      at: deps.clock.now(),
    },
  );
}
