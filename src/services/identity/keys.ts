/**
 * API keys as objects: made by a user (or a key) with a name, a scope and an optional expiry, shown
 * once; listed with when they were made, by whom and last used; revoked. A key never gets more than
 * its maker may do. Keys made by `waybill keys create` appear here too (their scope full unless
 * --scope said otherwise). A revoked key stops working within the authentication cache's 5 seconds.
 */
import type { Clock } from '../../foundations/clock.js';
import type { CreateKeyInput, KeyView } from '../../contract/identity.js';
import { ApiError } from '../../domain/errors.js';
import { isScope, SCOPE_PERMISSIONS, type Permission, type Scope } from '../../domain/permissions.js';
import { grantText, type Principal } from '../../domain/principal.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import { recordAudit } from '../audit/index.js';
import {
  createKey,
  keyLineage,
  listKeys,
  readKey,
  revokeKey,
  type ApiKeyRecord,
} from '../../storage/repositories/keys.js';
import { makerGone } from './key-auth.js';
import { usersByIds } from '../../storage/repositories/users.js';
import { makerOf } from './user-view.js';

function keyView(k: ApiKeyRecord, emails: ReadonlyMap<string, string>, status: KeyView['status'] = 'active'): KeyView {
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

/** Whether the key works now, as authentication decides it (key-auth.ts): revoked, expired, or its maker gone. */
async function statusOf(db: Db, k: ApiKeyRecord, now: Date): Promise<KeyView['status']> {
  if (k.revoked_at) return 'revoked';
  if (k.expires_at && Date.parse(k.expires_at) <= now.getTime()) return 'expired';
  return k.created_by ? (makerGone(await keyLineage(db, k)) ?? 'active') : 'active';
}

/** The first permission a key of the scope has that the principal lacks; undefined when it holds them all. */
const beyondOf = (principal: Principal, scope: Scope): Permission | undefined =>
  [...SCOPE_PERMISSIONS[scope]].find((p) => !principal.permissions.has(p));

export function createKeys(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async create(principal: Principal, input: CreateKeyInput, by: AuditContext): Promise<KeyView> {
      const beyond = beyondOf(principal, input.scope);
      if (beyond)
        throw new ApiError(
          'forbidden',
          `a key of scope ${input.scope} could ${beyond}, which ${grantText(principal.grant)} may not: a key gets at most what its maker may do`,
          beyond,
        );
      const now = clock.now();
      const expiresAt = input.expires_at !== undefined ? new Date(input.expires_at) : undefined;
      if (expiresAt && expiresAt.getTime() <= now.getTime())
        throw new ApiError(
          'schema_validation_error',
          `key.expires_at ${input.expires_at} is not in the future`,
          'key.expires_at',
        );
      const maker = makerOf(principal);
      const { record, key } = await db.transaction().execute(async (trx) => {
        const made = await createKey(trx, {
          tenant: principal.tenant,
          now,
          name: input.name.trim(),
          scope: input.scope,
          ...(expiresAt ? { expiresAt } : {}),
          ...(maker ? { createdBy: maker } : {}),
        });
        await recordAudit(trx, by, {
          action: 'key.created',
          resource: { id: made.record.id },
          changes: {
            name: made.record.name,
            scope: input.scope,
            prefix: made.record.key_prefix,
            ...(made.record.expires_at ? { expires: made.record.expires_at } : {}),
          },
          at: now,
        });
        return made;
      });
      const emails =
        principal.actor.kind === 'user' ? await emailsOf(principal.tenant, [record]) : new Map<string, string>();
      return { ...keyView(record, emails), key };
    },

    /** A merchant's first key, made by its platform (`by`, in the merchant's log): every permission of the merchant's. */
    async issue(tenant: string, name: string, by: AuditContext): Promise<KeyView & { key: string }> {
      const now = clock.now();
      const { record, key } = await db.transaction().execute(async (trx) => {
        const made = await createKey(trx, { tenant, now, name });
        await recordAudit(trx, by, {
          action: 'key.created',
          resource: { id: made.record.id },
          changes: { name, scope: 'full', prefix: made.record.key_prefix },
          at: now,
        });
        return made;
      });
      return { ...keyView(record, new Map()), key };
    },

    /** The tenant's keys, oldest first, revoked ones included (with when). */
    async list(tenant: string): Promise<KeyView[]> {
      const records = await listKeys(db, tenant);
      const emails = await emailsOf(tenant, records);
      const now = clock.now();
      return Promise.all(records.map(async (k) => keyView(k, emails, await statusOf(db, k, now))));
    },

    /** Revokes a key that does nothing the revoker may not: an admin cannot end an owner's full key. */
    async revoke(principal: Principal, id: string, by: AuditContext): Promise<void> {
      const tenant = principal.tenant;
      const record = await readKey(db, tenant, id);
      if (!record || record.revoked_at) throw new ApiError('not_found', `no active key ${id}`, 'id');
      const scope = isScope(record.scope) ? record.scope : 'full';
      const beyond = beyondOf(principal, scope);
      if (beyond)
        throw new ApiError(
          'forbidden',
          `key ${id} of scope ${scope} could ${beyond}, which ${grantText(principal.grant)} may not: a key is revoked only by one who may do all it does`,
          beyond,
        );
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        if (!(await revokeKey(trx, id, now, tenant))) throw new ApiError('not_found', `no active key ${id}`, 'id');
        await recordAudit(trx, by, { action: 'key.revoked', resource: { id }, at: now });
      });
    },
  };

  async function emailsOf(tenant: string, records: ApiKeyRecord[]): Promise<Map<string, string>> {
    const ids = [
      ...new Set(records.flatMap((k) => (k.created_by?.startsWith('user:') ? [k.created_by.slice(5)] : []))),
    ];
    return new Map((await usersByIds(db, tenant, ids)).map((u) => [u.id, u.email]));
  }
}
