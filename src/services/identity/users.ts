/**
 * A tenant's users: invited by a signed, expiring, single-use link (no e-mail server needed), their
 * role changed, disabled or removed. An admin manages users below owner; making, changing or
 * removing an owner takes users.owners (owners only). A tenant keeps at least one owner who is not
 * disabled. Rights follow a change at once: a session reads its user's role on every request, and
 * disabling or removing a user ends its sessions.
 */
import type { Clock } from '../../foundations/clock.js';
import type { UpdateUserInput, UserView } from '../../contract/identity.js';
import { ApiError } from '../../domain/errors.js';
import type { Role } from '../../domain/permissions.js';
import { grantText, type Principal } from '../../domain/principal.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import { recordAudit } from '../audit/index.js';
import { newId } from '../../storage/ids.js';
import { deleteUserSessions } from '../../storage/repositories/sessions.js';
import {
  deleteUser,
  dropOpenInvitations,
  findUserByEmail,
  insertInvitation,
  insertUser,
  listUsers,
  readUser,
  updateUser,
  type UserRecord,
} from '../../storage/repositories/users.js';
import type { SignedLinks } from '../kernel/index.js';
import type { Passwords } from './passwords.js';
import { checkPassword } from './passwords.js';

export interface UsersDeps {
  db: Db;
  clock: Clock;
  links: SignedLinks;
  passwords: Passwords;
  invitationTtlMs: number;
}

/** Addresses are compared without regard to case or surrounding spaces. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function userView(u: UserRecord): UserView {
  const status = u.disabled_at
    ? 'disabled'
    : u.password_hash === null && u.last_sign_in_at === null
      ? 'invited'
      : 'active';
  return {
    id: u.id,
    email: u.email,
    ...(u.name ? { name: u.name } : {}),
    role: u.role as Role,
    status,
    created: u.created_at,
    ...(u.last_sign_in_at ? { last_sign_in: u.last_sign_in_at } : {}),
  };
}

/** `user:<id>` / `key:<id>`: who made something, as stored beside it. */
export function makerOf(principal: Principal | undefined): string | null {
  if (!principal) return null;
  const { actor } = principal;
  return actor.kind === 'jwt' ? null : `${actor.kind}:${actor.id}`;
}

/** An owner is made, changed or removed only by a principal holding users.owners. */
function checkOwnerRights(principal: Principal, roles: (string | undefined)[], what: string): void {
  if (roles.includes('owner') && !principal.permissions.has('users.owners')) {
    throw new ApiError(
      'forbidden',
      `only an owner may ${what} an owner: ${grantText(principal.grant)} does not have the permission users.owners`,
      'users.owners',
    );
  }
}

const notFound = (id: string) => new ApiError('not_found', `no user ${id}`, 'id');
const lastOwner = (id: string) =>
  new ApiError('conflict', `user ${id} is the tenant’s last owner: make another user owner first`, 'role');

export function createUsers(deps: UsersDeps) {
  const { db, clock, links } = deps;

  async function mustRead(tenant: string, id: string): Promise<UserRecord> {
    const user = await readUser(db, tenant, id);
    if (!user) throw notFound(id);
    return user;
  }

  /** A new invitation of the user (earlier open ones stop working): its link and expiry. */
  async function inviteUser(
    trx: Db,
    user: UserRecord,
    maker: string | null,
    base: string,
  ): Promise<{ url: string; expires: string }> {
    const now = clock.now();
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
    return { url: links.invitationUrl(base, user.tenant, id, expires), expires: expires.toISOString() };
  }

  /**
   * A user of the tenant, new; with a password it may sign in at once, else it gets an invitation.
   * Another user holding the address is a conflict, whichever tenant it belongs to.
   */
  async function create(
    tenant: string,
    input: { email: string; name?: string; role: Role; password?: string },
    maker: string | null,
    base: string,
    by: AuditContext = { tenant, actor: { kind: 'operator' } },
  ) {
    if (input.password !== undefined) checkPassword(input.password, 'password');
    const passwordHash = input.password !== undefined ? await deps.passwords.hash(input.password) : null;
    const now = clock.now().toISOString();
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
    return db.transaction().execute(async (trx) => {
      if (!(await insertUser(trx, user)))
        throw new ApiError(
          'conflict',
          `a user with the e-mail address ${user.email} exists already`,
          'invitation.email',
        );
      const invitation = passwordHash === null ? await inviteUser(trx, user, maker, base) : undefined;
      await recordAudit(trx, by, {
        action: 'user.invited',
        resource: { id: user.id },
        changes: { email: user.email, role: user.role, ...(user.name ? { name: user.name } : {}) },
        at: new Date(now),
      });
      return { user: userView(user), ...(invitation ? { invitation } : {}) };
    });
  }

  return {
    create,

    async list(tenant: string): Promise<UserView[]> {
      return (await listUsers(db, tenant)).map(userView);
    },

    async read(tenant: string, id: string): Promise<UserView> {
      return userView(await mustRead(tenant, id));
    },

    /**
     * Invites a person: a new user (status invited) and its link. Inviting someone invited before
     * and not yet signed in makes a new link (the old one stops working) with the role and name given.
     */
    async invite(
      principal: Principal,
      input: { email: string; name?: string; role: Role },
      base: string,
      by: AuditContext,
    ) {
      checkOwnerRights(principal, [input.role], 'invite');
      const existing = await findUserByEmail(db, normalizeEmail(input.email));
      if (!existing) {
        const made = await create(
          principal.tenant,
          { email: input.email, role: input.role, ...(input.name ? { name: input.name } : {}) },
          makerOf(principal),
          base,
          by,
        );
        return { user: made.user, invitation: made.invitation! };
      }
      if (existing.tenant !== principal.tenant || userView(existing).status !== 'invited')
        throw new ApiError(
          'conflict',
          `a user with the e-mail address ${existing.email} exists already`,
          'invitation.email',
        );
      checkOwnerRights(principal, [existing.role], 'invite again');
      return db.transaction().execute(async (trx) => {
        await updateUser(
          trx,
          existing.tenant,
          existing.id,
          { role: input.role, ...(input.name ? { name: input.name.trim() } : {}) },
          clock.now(),
        );
        const invitation = await inviteUser(trx, existing, makerOf(principal), base);
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
    },

    async update(principal: Principal, id: string, patch: UpdateUserInput, by: AuditContext): Promise<UserView> {
      const user = await mustRead(principal.tenant, id);
      checkOwnerRights(principal, [user.role, patch.role], 'change');
      const now = clock.now();
      const change = {
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(patch.disabled !== undefined
          ? { disabled_at: patch.disabled ? (user.disabled_at ?? now.toISOString()) : null }
          : {}),
      };
      // An owner stops being one by a new role or by being disabled: only while another remains.
      const losesOwner =
        user.role === 'owner' &&
        !user.disabled_at &&
        ((patch.role !== undefined && patch.role !== 'owner') || patch.disabled === true);
      await db.transaction().execute(async (trx) => {
        if (!(await updateUser(trx, principal.tenant, id, change, now, { keepOwner: losesOwner })))
          throw losesOwner ? lastOwner(id) : notFound(id);
        if (patch.disabled === true) await deleteUserSessions(trx, id);
        await recordAudit(trx, by, {
          action: 'user.updated',
          resource: { id },
          changes: { email: user.email, ...patch, ...(patch.role !== undefined ? { previous_role: user.role } : {}) },
          at: now,
        });
      });
      return userView(await mustRead(principal.tenant, id));
    },

    /** Removes the user: its sessions end and its open invitations stop working. */
    async remove(principal: Principal, id: string, by: AuditContext): Promise<void> {
      const user = await mustRead(principal.tenant, id);
      checkOwnerRights(principal, [user.role], 'remove');
      const keepOwner = user.role === 'owner' && !user.disabled_at;
      await db.transaction().execute(async (trx) => {
        if (!(await deleteUser(trx, principal.tenant, id, { keepOwner })))
          throw keepOwner ? lastOwner(id) : notFound(id);
        await recordAudit(trx, by, {
          action: 'user.removed',
          resource: { id },
          changes: { email: user.email, role: user.role },
          at: clock.now(),
        });
      });
    },

    /** The operator's reset (waybill users reset-password): a new password, every session ended. */
    async resetPassword(email: string, password: string): Promise<UserView> {
      checkPassword(password, 'password');
      const user = await findUserByEmail(db, normalizeEmail(email));
      if (!user) throw new ApiError('not_found', `no user with the e-mail address ${normalizeEmail(email)}`, 'email');
      const hash = await deps.passwords.hash(password);
      await db.transaction().execute(async (trx) => {
        await updateUser(trx, user.tenant, user.id, { password_hash: hash }, clock.now());
        await deleteUserSessions(trx, user.id);
      });
      return userView(user);
    },
  };
}

export type Users = ReturnType<typeof createUsers>;
