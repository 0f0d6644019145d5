/**
 * Who a request acts as: the tenant whose data it reaches, and the actor that made it (what the
 * audit log records and what permissions are decided for). Set once by the authentication hook.
 */
export type Actor =
  /** An API key of the tenant's, by its id (never the key). */
  | { kind: 'key'; id: string }
  /** A JWT signed with the operator's key, by its `sub` (the tenant's name). */
  | { kind: 'jwt'; subject: string };

export interface Principal {
  tenant: string;
  actor: Actor;
}
