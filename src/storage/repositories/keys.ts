/** API keys: only SHA-256 hashes are stored; the key is shown once, at creation. */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../tables.js';
import { newId } from '../ids.js';

/** An API key of one tenant, as its hash and what is shown of it; the key itself is never stored. */
export interface ApiKeyRecord {
  id: string;
  tenant: string;
  /** SHA-256 hex of the key (hashKey). */
  key_hash: string;
  /** The key's first characters, to tell keys apart in a list. */
  key_prefix: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  name: string | null;
  /** read | ship | admin (domain/permissions.ts); null: every permission (keys from before scopes). */
  scope: string | null;
  /** `user:<id>` or `key:<id>` of whoever made it through the API; null: the operator's command or a platform. */
  created_by: string | null;
  last_used_at: string | null;
}

/** How stale a key's last use may get before a lookup writes it again: one write a minute at most. */
const LAST_USED_EVERY_MS = 60_000;

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export async function createKey(
  db: Kysely<Tables>,
  input: { tenant: string; expiresAt?: Date; now: Date; name?: string; scope?: string; createdBy?: string },
): Promise<{ record: ApiKeyRecord; key: string }> {
  const key = `wb_${randomBytes(24).toString('base64url')}`;
  const record: ApiKeyRecord = {
    id: newId('key'),
    tenant: input.tenant,
    key_hash: hashKey(key),
    key_prefix: key.slice(0, 10),
    created_at: input.now.toISOString(),
    expires_at: input.expiresAt ? input.expiresAt.toISOString() : null,
    revoked_at: null,
    name: input.name ?? null,
    scope: input.scope ?? null,
    created_by: input.createdBy ?? null,
    last_used_at: null,
  };
  await db.insertInto('api_keys').values(record).execute();
  return { record, key };
}

/** The key's record when it exists, is not revoked and has not expired. */
export async function findActiveKey(db: Kysely<Tables>, key: string, now: Date): Promise<ApiKeyRecord | undefined> {
  const row = await db.selectFrom('api_keys').selectAll().where('key_hash', '=', hashKey(key)).executeTakeFirst();
  if (!row || row.revoked_at) return undefined;
  if (row.expires_at && row.expires_at <= now.toISOString()) return undefined;
  return row;
}

/** Makers followed at most this far back: keys are made by keys only a few times over. */
const MAX_MAKERS = 20;

/** Whose rights a key's rest on, as `keyLineage` finds them. */
export interface KeyLineage {
  /** The scopes of the keys that made it, maker after maker (null: a key of every permission). */
  scopes: (string | null)[];
  /**
   * The user who made the first of them through the API, as it is now; null when that user (or a
   * maker key) is gone; absent when the line starts at the operator's command or a platform.
   */
  user?: { role: string; disabled: boolean } | null;
}

/** The key's makers, back to the user at the start of the line (`created_by` of each). */
export async function keyLineage(db: Kysely<Tables>, record: ApiKeyRecord): Promise<KeyLineage> {
  const scopes: (string | null)[] = [];
  let maker = record.created_by;
  for (let depth = 0; maker; depth++) {
    if (depth >= MAX_MAKERS) return { scopes, user: null };
    const colon = maker.indexOf(':');
    const [kind, id] = [maker.slice(0, colon), maker.slice(colon + 1)];
    if (kind === 'user') {
      const user = await db
        .selectFrom('users')
        .select(['role', 'disabled_at'])
        .where('tenant', '=', record.tenant)
        .where('id', '=', id)
        .executeTakeFirst();
      return { scopes, user: user ? { role: user.role, disabled: user.disabled_at !== null } : null };
    }
    const key = await db
      .selectFrom('api_keys')
      .select(['scope', 'created_by'])
      .where('tenant', '=', record.tenant)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!key) return { scopes, user: null };
    scopes.push(key.scope);
    maker = key.created_by;
  }
  return { scopes };
}

/** Writes the key's last use when the stored one is more than a minute old; true when it wrote. */
export async function touchKey(db: Kysely<Tables>, record: ApiKeyRecord, now: Date): Promise<boolean> {
  if (record.last_used_at && Date.parse(record.last_used_at) > now.getTime() - LAST_USED_EVERY_MS) return false;
  await db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', '=', record.id).execute();
  return true;
}

export async function listKeys(db: Kysely<Tables>, tenant?: string): Promise<ApiKeyRecord[]> {
  let q = db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id');
  if (tenant) q = q.where('tenant', '=', tenant);
  return q.execute();
}

export async function readKey(db: Kysely<Tables>, tenant: string, id: string): Promise<ApiKeyRecord | undefined> {
  return db.selectFrom('api_keys').selectAll().where('tenant', '=', tenant).where('id', '=', id).executeTakeFirst();
}

/** A key by its id alone, whichever tenant's: for the operator's command line. */
export async function readKeyById(db: Kysely<Tables>, id: string): Promise<ApiKeyRecord | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** true when a key was revoked now; false when no such active key exists (of the tenant, when one is named). */
export async function revokeKey(db: Kysely<Tables>, id: string, now: Date, tenant?: string): Promise<boolean> {
  let q = db
    .updateTable('api_keys')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null);
  if (tenant !== undefined) q = q.where('tenant', '=', tenant);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
