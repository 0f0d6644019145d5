/**
 * An API key as a request presents it → who acts and what it may do. The HTTP layer
 * (http/auth.ts) keeps the verified answer for a few seconds; this is the database's part.
 */
import { ApiError } from '../../domain/errors.js';
import {
  isRole,
  isScope,
  ROLE_PERMISSIONS,
  SCOPE_PERMISSIONS,
  type Permission,
  type Scope,
} from '../../domain/permissions.js';
import type { Principal } from '../../domain/principal.js';
import type { Db } from '../../storage/database.js';
import {
  findActiveKey,
  keyLineage,
  touchKey,
  type ApiKeyRecord,
  type KeyLineage,
} from '../../storage/repositories/keys.js';

/**
 * Why a key no longer acts for anyone, or undefined while its maker stands: the user who made it
 * (or the first of the keys that made it) was removed or disabled. Authentication refuses such a
 * key, and GET /keys shows it so (keys.ts), from this one rule.
 */
export function makerGone(lineage: KeyLineage): 'maker_removed' | 'maker_disabled' | undefined {
  if (lineage.user === null) return 'maker_removed';
  return lineage.user?.disabled ? 'maker_disabled' : undefined;
}

export function createKeyAuth(deps: { db: Db }) {
  const { db } = deps;

  /**
   * A key's permissions: its scope's, and of those only what every key that made it, and the user
   * who made the first, may still do. A key acts on its maker's behalf: a user removed or disabled
   * takes the keys they made with them (undefined), and one demoted takes the rights they lost.
   */
  async function rightsOf(record: ApiKeyRecord, scope: Scope): Promise<ReadonlySet<Permission> | undefined> {
    if (!record.created_by) return SCOPE_PERMISSIONS[scope];
    const lineage = await keyLineage(db, record);
    if (makerGone(lineage)) return undefined;
    const bounds = lineage.scopes.map((s) => SCOPE_PERMISSIONS[isScope(s) ? s : 'full']);
    if (lineage.user) bounds.push(ROLE_PERMISSIONS[isRole(lineage.user.role) ? lineage.user.role : 'viewer']);
    return new Set([...SCOPE_PERMISSIONS[scope]].filter((p) => bounds.every((b) => b.has(p))));
  }

  /** The key's principal and when the key expires (ms since 1970, Infinity: never); throws wrong_api_key. */
  async function principalOf(credential: string, now: Date): Promise<{ principal: Principal; expires: number }> {
    const record = await findActiveKey(db, credential, now);
    if (!record) throw new ApiError('wrong_api_key', 'API key not accepted: unknown, revoked or expired', 'zkkey');
    const expires = record.expires_at ? Date.parse(record.expires_at) : Infinity;
    const scope = isScope(record.scope) ? record.scope : 'full';
    const permissions = await rightsOf(record, scope);
    if (!permissions)
      throw new ApiError(
        'wrong_api_key',
        'API key not accepted: the user who made it was removed or disabled',
        'zkkey',
      );
    // GET /keys shows when a key was last used, to the minute; a failed write must not fail the request.
    touchKey(db, record, now).catch(() => undefined);
    return {
      principal: { tenant: record.tenant, actor: { kind: 'key', id: record.id }, grant: { scope }, permissions },
      expires,
    };
  }

  return { principalOf };
}

export type KeyAuth = ReturnType<typeof createKeyAuth>;
