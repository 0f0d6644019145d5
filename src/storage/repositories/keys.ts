/** API keys: only SHA-256 hashes are stored; the key is shown once, at creation. */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApiKeysTable, Tables } from '../tables.js';
import { newId } from '../ids.js';

export type ApiKeyRecord = ApiKeysTable;

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export async function createKey(
  db: Kysely<Tables>,
  input: { tenant: string; expiresAt?: Date; now: Date },
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

export async function listKeys(db: Kysely<Tables>, tenant?: string): Promise<ApiKeyRecord[]> {
  let q = db.selectFrom('api_keys').selectAll().orderBy('created_at');
  if (tenant) q = q.where('tenant', '=', tenant);
  return q.execute();
}

/** true when a key was revoked now; false when no such active key exists. */
export async function revokeKey(db: Kysely<Tables>, id: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('api_keys')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
