/** What the API keys' use cases are handed, once, by their face (keys.ts), and the rules they share. */
import type { Clock } from '../../foundations/clock.js';
import type { KeyView } from '../../contract/identity.js';
import { isScope, SCOPE_PERMISSIONS, type Permission, type Scope } from '../../domain/permissions.js';
import type { Principal } from '../../domain/principal.js';
import type { Db } from '../../storage/database.js';
import type { ApiKeyRecord } from '../../storage/repositories/keys.js';
import { usersByIds } from '../../storage/repositories/users.js';

export interface KeysDeps {
  db: Db;
  clock: Clock;
}

export function keyView(
  k: ApiKeyRecord,
  emails: ReadonlyMap<string, string>,
  status: KeyView['status'] = 'active',
): KeyView {
  const [kind, id] = k.created_by ? (k.created_by.split(':', 2) as [string, string]) : [];
  const email = kind === 'user' && id ? emails.get(id) : undefined;
  return {
    id: k.id,
    ...(k.name ? { name: k.name } : {}),
    scope: isScope(k.scope) ? k.scope : 'full',
    prefix: k.key_prefix,
    created: k.created_at,
    ...(kind && id ? { created_by: { kind: kind as 'user' | 'key', id, ...(email ? { email } : {}) } } : {}),
    ...(k.expires_at ? { expires: k.expires_at } : {}),
    ...(k.last_used_at ? { last_used: k.last_used_at } : {}),
    ...(k.revoked_at ? { revoked: k.revoked_at } : {}),
    status,
  };
}

/** The first permission a key of the scope has that the principal lacks; undefined when it holds them all. */
export const beyondOf = (principal: Principal, scope: Scope): Permission | undefined =>
  [...SCOPE_PERMISSIONS[scope]].find((p) => !principal.permissions.has(p));

/** The e-mail addresses of the users who made the keys, by user id. */
export async function emailsOf(db: Db, tenant: string, records: ApiKeyRecord[]): Promise<Map<string, string>> {
  const ids = [...new Set(records.flatMap((k) => (k.created_by?.startsWith('user:') ? [k.created_by.slice(5)] : [])))];
  return new Map((await usersByIds(db, tenant, ids)).map((u) => [u.id, u.email]));
}
