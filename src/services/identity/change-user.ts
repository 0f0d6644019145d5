/**
 * PATCH /users/{id} and DELETE /users/{id}. A tenant keeps at least one owner who is not disabled;
 * disabling or removing a user ends its sessions (its open invitations stop working with it).
 */
import type { UpdateUserInput, UserView } from '../../contract/identity.js';
import type { Principal } from '../../domain/principal.js';
import type { AuditContext } from '../../domain/audit.js';
import { deleteUserSessions } from '../../storage/repositories/sessions.js';
import * as users from '../../storage/repositories/users.js';
import { recordAudit } from '../audit/index.js';
import type { UsersDeps } from './users-deps.js';
import { checkOwnerRights, findUser, lastOwner, userNotFound, userView } from './user-view.js';

export async function updateUser(
  deps: UsersDeps,
  principal: Principal,
  id: string,
  patch: UpdateUserInput,
  by: AuditContext,
): Promise<UserView> {
  const { db, clock } = deps;
  const user = await findUser(db, principal.tenant, id);
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
    if (!(await users.updateUser(trx, principal.tenant, id, change, now, { keepOwner: losesOwner })))
      throw losesOwner ? lastOwner(id) : userNotFound(id);
    if (patch.disabled === true) await deleteUserSessions(trx, id);
    await recordAudit(trx, by, {
      action: 'user.updated',
      resource: { id },
      changes: { email: user.email, ...patch, ...(patch.role !== undefined ? { previous_role: user.role } : {}) },
      at: now,
    });
  });
  return userView(await findUser(db, principal.tenant, id));
}

/** Removes the user: its sessions end and its open invitations stop working. */
export async function deleteUser(deps: UsersDeps, principal: Principal, id: string, by: AuditContext): Promise<void> {
  const { db, clock } = deps;
  const user = await findUser(db, principal.tenant, id);
  checkOwnerRights(principal, [user.role], 'remove');
  const keepOwner = user.role === 'owner' && !user.disabled_at;
  await db.transaction().execute(async (trx) => {
    if (!(await users.deleteUser(trx, principal.tenant, id, { keepOwner })))
      throw keepOwner ? lastOwner(id) : userNotFound(id);
    await recordAudit(trx, by, {
      action: 'user.removed',
      resource: { id },
      changes: { email: user.email, role: user.role },
      at: clock.now(),
    });
  });
}
