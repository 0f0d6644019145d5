/** POST /session: an e-mail address and a password → a session. */
import { ApiError } from '../../domain/errors.js';
import { findUserByEmail } from '../../storage/repositories/users.js';
import type { SeenFrom, SessionsDeps, Started } from './sessions-deps.js';
import { signInFailed, startSession } from './start-session.js';
import { normalizeEmail } from './user-view.js';

/** Whether the tenant's people may sign in now: false for a tenant its platform suspended. */
async function admitted(deps: SessionsDeps, tenant: string): Promise<boolean> {
  try {
    await deps.admits?.(tenant);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'tenant_suspended') return false;
    throw err;
  }
}

/**
 * Every refusal is the same 401, and takes as long: an unknown address, a user invited but not
 * signed up, a disabled user and a wrong password all verify a hash (passwords.ts) and answer
 * sign_in_failed; so does the right password of a suspended tenant's user, lest the refusal tell a
 * guesser that the password was right.
 */
export async function signIn(
  deps: SessionsDeps,
  email: string,
  password: string,
  seen: SeenFrom = {},
): Promise<Started> {
  const user = await findUserByEmail(deps.db, normalizeEmail(email));
  const ok =
    (await deps.passwords.verify(user?.disabled_at ? null : user?.password_hash, password)) &&
    user !== undefined &&
    (await admitted(deps, user.tenant));
  if (!user || !ok) {
    await signInFailed(deps, user, 'password', seen);
    throw new ApiError('sign_in_failed', 'E-mail address or password not accepted', 'session');
  }
  return startSession(deps, user, 'password', seen);
}
