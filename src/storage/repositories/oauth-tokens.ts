/** OAuth tokens shared by all instances, with a lease so only one refreshes a credential set. */
import type { Kysely } from 'kysely';
import type { Tables } from '../tables.js';

/** A credential set's token (sealed) and its refresh lease; keyed by a hash, never the credentials. */
export interface OAuthTokenRecord {
  key: string;
  /** Null until the first refresh under the lease stores one. */
  token_sealed: string | null;
  expires_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
}

export async function readToken(db: Kysely<Tables>, key: string): Promise<OAuthTokenRecord | undefined> {
  return db.selectFrom('oauth_tokens').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Take the refresh lease when nobody holds a live one. */
export async function tryLease(
  db: Kysely<Tables>,
  key: string,
  owner: string,
  now: string,
  until: string,
): Promise<boolean> {
  await db
    .insertInto('oauth_tokens')
    .values({ key, token_sealed: null, expires_at: null, lease_owner: null, lease_until: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const res = await db
    .updateTable('oauth_tokens')
    .set({ lease_owner: owner, lease_until: until })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now), eb('lease_owner', '=', owner)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function saveToken(
  db: Kysely<Tables>,
  key: string,
  owner: string,
  tokenSealed: string,
  expiresAt: string,
): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ token_sealed: tokenSealed, expires_at: expiresAt, lease_owner: null, lease_until: null })
    .where('key', '=', key)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Every refresh lease let go: where one process runs (SQLite), a lease found at start was held by one that died mid-refresh. */
export async function releaseAllLeases(db: Kysely<Tables>): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ lease_owner: null, lease_until: null })
    .where('lease_owner', 'is not', null)
    .execute();
}

export async function releaseLease(db: Kysely<Tables>, key: string, owner: string): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ lease_owner: null, lease_until: null })
    .where('key', '=', key)
    .where('lease_owner', '=', owner)
    .execute();
}

export async function clearToken(db: Kysely<Tables>, key: string, tokenSealed: string): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ token_sealed: null, expires_at: null })
    .where('key', '=', key)
    .where('token_sealed', '=', tokenSealed)
    .execute();
}
