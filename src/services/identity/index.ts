/**
 * Who may sign in and act for a tenant: users and their invitations, console sessions, API keys as
 * objects (README "Teams and platforms"). What each may do is domain/permissions.ts's, decided per
 * request by http/permissions.ts; this feature keeps who is who.
 *
 * Each use case is a named function of its own file, its dependencies passed first (inviteUser,
 * signIn, acceptInvitation, createKey, beginSignOn, listAudit, …); each part's face (users.ts,
 * sessions.ts, invitations.ts, keys.ts, sso.ts, audit-log.ts) only binds them.
 */
import type { Clock } from '../../foundations/clock.js';
import { bind } from '../../foundations/bind.js';
import type { Db } from '../../storage/database.js';
import type { SignedLinks } from '../kernel/index.js';
import { createInvitations } from './invitations.js';
import { createKeyAuth } from './key-auth.js';
import { createKeys } from './keys.js';
import { describePrincipal, firstOwnerNeeded } from './me.js';
import { createPasswords, type Passwords } from './passwords.js';
import { createSessions } from './sessions.js';
import { createSso, type OidcSettings } from './sso.js';
import { createUsers } from './users.js';

export interface IdentityDeps {
  db: Db;
  clock: Clock;
  links: SignedLinks;
  /** HMAC key of sessions' CSRF tokens (derived from the sealing key). */
  csrfKey: Buffer;
  sessions: { idleMs: number; lifetimeMs: number };
  invitationTtlMs: number;
  /** Single sign-on, when the operator configured an OpenID provider; with the HMAC key of its transaction cookie. */
  oidc?: OidcSettings & { key: Buffer };
  passwords?: Passwords;
  /** Throws when the tenant may not sign in now (its platform suspended it); absent: every tenant may. */
  admits?: (tenant: string) => Promise<void>;
}

export function createIdentityService(deps: IdentityDeps) {
  const { db, clock, links } = deps;
  const passwords = deps.passwords ?? createPasswords();
  const sessions = createSessions({
    db,
    clock,
    passwords,
    csrfKey: deps.csrfKey,
    ...deps.sessions,
    ...(deps.admits ? { admits: deps.admits } : {}),
  });
  return {
    users: createUsers({ db, clock, links, passwords, invitationTtlMs: deps.invitationTtlMs }),
    sessions,
    invitations: createInvitations({ db, clock, links, passwords, sessions }),
    keys: createKeys({ db, clock }),
    /** An API key as a request presents it → its principal (http/auth.ts). */
    keyAuth: createKeyAuth({ db }),
    sso: deps.oidc ? createSso({ db, clock, sessions, settings: deps.oidc, key: deps.oidc.key }) : undefined,
    firstOwnerNeeded: bind({ db }, firstOwnerNeeded),
    describe: describePrincipal,
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
export type { SessionAuth } from './sessions.js';
export { generatePassword } from './passwords.js';
export type { KeyAuth } from './key-auth.js';
export { createAuditLog, type AuditLog } from './audit-log.js';
export { startAuditSweep } from './audit-sweep.js';
