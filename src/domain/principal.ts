/**
 * Who a request acts as: the tenant whose data it reaches, and the actor that made it (what the
 * audit log records and what permissions are decided for). Set once by the authentication hook.
 */
import type { Permission, Role, Scope } from './permissions.js';

export type Actor =
  /** An API key of the tenant's, by its id (never the key). */
  | { kind: 'key'; id: string }
  /** A JWT signed with the operator's key, by its `sub` (the tenant's name). */
  | { kind: 'jwt'; subject: string }
  /** A user signed in to the console (a session cookie), by the user's id. */
  | { kind: 'user'; id: string };

/** Where the principal's permissions come from: a user's role, or a key's (a JWT's) scope. */
export type Grant = { role: Role } | { scope: Scope };

export interface Principal {
  tenant: string;
  actor: Actor;
  grant: Grant;
  /** What it may do (domain/permissions.ts), read when the request arrived. */
  permissions: ReadonlySet<Permission>;
}

/** "role viewer", "key scope read": who lacks a permission, in a message. */
export function grantText(grant: Grant): string {
  return 'role' in grant ? `role ${grant.role}` : `scope ${grant.scope}`;
}
