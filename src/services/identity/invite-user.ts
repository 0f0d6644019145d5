/**
 * A new user of a tenant (POST /users by invitation, `waybill users create`, a merchant's first
 * owner), and its invitation: a signed, expiring, single-use link, so no e-mail server is needed.
 */
import type { Role } from '../../domain/permissions.js';
import type { Principal } from '../../domain/principal.js';
import type { AuditContext } from '../../domain/audit.js';
import { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import { newId } from '../../storage/ids.js';
import {
  dropOpenInvitations,
  findUserByEmail,
  insertInvitation,
  insertUser,
  updateUser,
  type UserRecord,
} from '../../storage/repositories/users.js';
import { recordAudit } from '../audit/index.js';
import { checkPassword } from './passwords.js';
import type { UsersDeps } from './users-deps.js';
import { checkOwnerRights, makerOf, normalizeEmail, userView } from './user-view.js';

/** A new invitation of the user (earlier open ones stop working): its link and expiry. */
async function issueInvitation(
  deps: UsersDeps,
  trx: Db,
  user: UserRecord,
  maker: string | null,
  base: string,
): Promise<{ url: string; expires: string }> {
  const now = deps.clock.now();
  const expires = new Date(now.getTime() + deps.invitationTtlMs);
  const id = newId('inv');
  await dropOpenInvitations(trx, user.tenant, user.id);
  await insertInvitation(trx, {
    id,
    tenant: user.tenant,
    user_id: user.id,
    created_by: maker,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
    accepted_at: null,
  });
  return { url: deps.links.invitationUrl(base, user.tenant, id, expires), expires: expires.toISOString() };
}

const addressTaken = (email: string) =>
  new ApiError('conflict', `a user with the e-mail address ${email} exists already`, 'invitation.email');

/**
 * A user of the tenant, new; with a password it may sign in at once, else it gets an invitation.
 * Another user holding the address is a conflict, whichever tenant it belongs to.
 */
export async function createUser(
  deps: UsersDeps,
  tenant: string,
  input: { email: string; name?: string; role: Role; password?: string },
  maker: string | null,
  base: string,
  by: AuditContext = { tenant, actor: { kind: 'operator' } },
) {
  if (input.password !== undefined) checkPassword(input.password, 'password');
  const passwordHash = input.password !== undefined ? await deps.passwords.hash(input.password) : null;
  const now = deps.clock.now().toISOString();
  const user: UserRecord = {
    id: newId('usr'),
    tenant,
    email: normalizeEmail(input.email),
    name: input.name?.trim() || null,
    role: input.role,
    password_hash: passwordHash,
    created_at: now,
    updated_at: now,
    disabled_at: null,
    last_sign_in_at: null,
  };
  return deps.db.transaction().execute(async (trx) => {
    if (!(await insertUser(trx, user))) throw addressTaken(user.email);
    const invitation = passwordHash === null ? await issueInvitation(deps, trx, user, maker, base) : undefined;
    await recordAudit(trx, by, {
      action: 'user.invited',
      resource: { id: user.id },
      changes: { email: user.email, role: user.role, ...(user.name ? { name: user.name } : {}) },
      at: new Date(now),
    });
    return { user: userView(user), ...(invitation ? { invitation } : {}) };
  });
}

/**
 * POST /users: invites a person, a new user (status invited) and its link. Inviting someone invited
 * before and not yet signed in makes a new link (the old one stops working) with the role and name given.
 */
export async function inviteUser(
  deps: UsersDeps,
  principal: Principal,
  input: { email: string; name?: string; role: Role },
  base: string,
  by: AuditContext,
) {
  const { db, clock } = deps;
  checkOwnerRights(principal, [input.role], 'invite');
  const existing = await findUserByEmail(db, normalizeEmail(input.email));
  if (!existing) {
    const made = await createUser(
      deps,
      principal.tenant,
      { email: input.email, role: input.role, ...(input.name ? { name: input.name } : {}) },
      makerOf(principal),
      base,
      by,
    );
    return { user: made.user, invitation: made.invitation! };
  }
  if (existing.tenant !== principal.tenant || userView(existing).status !== 'invited')
    throw addressTaken(existing.email);
  checkOwnerRights(principal, [existing.role], 'invite again');
  return db.transaction().execute(async (trx) => {
    await updateUser(
      trx,
      existing.tenant,
      existing.id,
      { role: input.role, ...(input.name ? { name: input.name.trim() } : {}) },
      clock.now(),
    );
    const invitation = await issueInvitation(deps, trx, existing, makerOf(principal), base);
    await recordAudit(trx, by, {
      action: 'user.invited',
      resource: { id: existing.id },
      changes: { email: existing.email, role: input.role, again: true },
      at: clock.now(),
    });
    return {
      user: userView({ ...existing, role: input.role, name: input.name?.trim() || existing.name }),
      invitation,
    };
  });
}
