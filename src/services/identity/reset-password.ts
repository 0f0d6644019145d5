/** The operator's reset (`waybill users reset-password`): a new password, every session ended. */
import type { UserView } from '../../contract/identity.js';
import { ApiError } from '../../domain/errors.js';
import { deleteUserSessions } from '../../storage/repositories/sessions.js';
import { findUserByEmail, updateUser } from '../../storage/repositories/users.js';
import { checkPassword } from './passwords.js';
import type { UsersDeps } from './users-deps.js';
import { normalizeEmail, userView } from './user-view.js';

export async function resetPassword(deps: UsersDeps, email: string, password: string): Promise<UserView> {
  const { db, clock } = deps;
  checkPassword(password, 'password');
  const user = await findUserByEmail(db, normalizeEmail(email));
  if (!user) throw new ApiError('not_found', `no user with the e-mail address ${normalizeEmail(email)}`, 'email');
  const hash = await deps.passwords.hash(password);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.tenant, user.id, { password_hash: hash }, clock.now());
    await deleteUserSessions(trx, user.id);
  });
  return userView(user);
}
