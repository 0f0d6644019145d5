/**
 * Accepting an invitation: the link's token (id, expiry, signature; kernel/signed-links.ts) names
 * the invitation, whose row says the tenant to verify it for and whether it was used. The person
 * chooses a password, the invitation is marked used in the same transaction (a second use, or a
 * race of two, finds it used: 410), and a session starts.
 */
import type { Clock } from '../../foundations/clock.js';
import type { AcceptInvitationInput } from '../../contract/identity.js';
import { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import * as users from '../../storage/repositories/users.js';
import type { SignedLinks } from '../kernel/index.js';
import { checkPassword, type Passwords } from './passwords.js';
import type { Sessions } from './sessions.js';
import type { SeenFrom, Started } from './sessions-deps.js';

/** What accepting an invitation is handed, once, by its face (invitations.ts). */
export interface InvitationsDeps {
  db: Db;
  clock: Clock;
  links: SignedLinks;
  passwords: Passwords;
  sessions: Sessions;
}

const used = () =>
  new ApiError(
    'link_expired',
    'this invitation was used already: sign in with your e-mail address and password',
    'invitation',
  );

export async function acceptInvitation(
  deps: InvitationsDeps,
  input: AcceptInvitationInput,
  seen: SeenFrom = {},
): Promise<Started> {
  const { db, links } = deps;
  const { id, expires, signature } = links.parseToken('invitation', input.token);
  const invitation = await users.readInvitation(db, id);
  if (!invitation) throw links.notFound('invitation');
  links.verify('invitation', invitation.tenant, id, { expires, signature });
  if (invitation.accepted_at !== null) throw used();
  const user = await users.readUser(db, invitation.tenant, invitation.user_id);
  // A user disabled since the invitation was made is not let in by it.
  if (!user || user.disabled_at !== null) throw links.notFound('invitation');
  checkPassword(input.password, 'invitation.password');
  const hash = await deps.passwords.hash(input.password);
  await db.transaction().execute(async (trx) => {
    if (!(await users.acceptInvitation(trx, id, deps.clock.now()))) throw used();
    await users.updateUser(
      trx,
      user.tenant,
      user.id,
      { password_hash: hash, ...(input.name ? { name: input.name.trim() } : {}) },
      deps.clock.now(),
    );
  });
  return deps.sessions.start(
    { ...user, password_hash: hash, name: input.name?.trim() || user.name },
    'invitation',
    seen,
  );
}
