/** A user as the API shows it, and the rules every users' use case shares. */
import type { UserView } from '../../contract/identity.js';
import { ApiError } from '../../domain/errors.js';
import type { Role } from '../../domain/permissions.js';
import { grantText, type Principal } from '../../domain/principal.js';
import type { Db } from '../../storage/database.js';
import { readUser, type UserRecord } from '../../storage/repositories/users.js';

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
export function checkOwnerRights(principal: Principal, roles: (string | undefined)[], what: string): void {
  if (roles.includes('owner') && !principal.permissions.has('users.owners')) {
    throw new ApiError(
      'forbidden',
      `only an owner may ${what} an owner: ${grantText(principal.grant)} does not have the permission users.owners`,
      'users.owners',
    );
  }
}

export const userNotFound = (id: string) => new ApiError('not_found', `no user ${id}`, 'id');
export const lastOwner = (id: string) =>
  new ApiError('conflict', `user ${id} is the tenant’s last owner: make another user owner first`, 'role');

/** The tenant's user, or 404. */
export async function findUser(db: Db, tenant: string, id: string): Promise<UserRecord> {
  const user = await readUser(db, tenant, id);
  if (!user) throw userNotFound(id);
  return user;
}
