/** GET /me for a key or a JWT (a session's is made with it: start-session.ts), and GET /session/methods' first-owner hint. */
import type { MeView } from '../../contract/identity.js';
import type { Principal } from '../../domain/principal.js';
import type { Db } from '../../storage/database.js';
import { anyUser } from '../../storage/repositories/users.js';

export function describePrincipal(principal: Principal): MeView {
  const { actor } = principal;
  return {
    tenant: principal.tenant,
    actor: actor.kind === 'jwt' ? { kind: 'jwt', subject: actor.subject } : { kind: actor.kind, id: actor.id },
    ...('role' in principal.grant ? { role: principal.grant.role } : { scope: principal.grant.scope }),
    permissions: [...principal.permissions],
  };
}

/** No user exists yet (a fresh install): the sign-in page says how the operator makes the first owner. */
export async function firstOwnerNeeded(deps: { db: Db }): Promise<boolean> {
  return !(await anyUser(deps.db));
}
