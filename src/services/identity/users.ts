/**
 * A tenant's users: invited by a signed, expiring, single-use link (no e-mail server needed), their
 * role changed, disabled or removed. An admin manages users below owner; making, changing or
 * removing an owner takes users.owners (owners only). A tenant keeps at least one owner who is not
 * disabled. Rights follow a change at once: a session reads its user's role on every request, and
 * disabling or removing a user ends its sessions.
 *
 * The face binds the dependencies to the use cases: createUser and inviteUser (invite-user.ts),
 * listUsers and getUser (read-users.ts), updateUser and deleteUser (change-user.ts), resetPassword.
 */
import { bind } from '../../foundations/bind.js';
import { deleteUser, updateUser } from './change-user.js';
import { createUser, inviteUser } from './invite-user.js';
import { getUser, listUsers } from './read-users.js';
import { resetPassword } from './reset-password.js';
import type { UsersDeps } from './users-deps.js';

export type { UsersDeps };

export function createUsers(deps: UsersDeps) {
  return {
    create: bind(deps, createUser),
    list: bind(deps, listUsers),
    read: bind(deps, getUser),
    invite: bind(deps, inviteUser),
    update: bind(deps, updateUser),
    remove: bind(deps, deleteUser),
    resetPassword: bind(deps, resetPassword),
  };
}

export type Users = ReturnType<typeof createUsers>;
