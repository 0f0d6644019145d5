/** Console sessions: stored by the SHA-256 of the cookie's token, read with their user. */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../tables.js';
import type { UserRecord } from './users.js';

/** A console session: found by its cookie's token hash, idle after last_seen_at, over at expires_at. */
export interface SessionRecord {
  id: string;
  token_hash: string;
  tenant: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function insertSession(db: Kysely<Tables>, record: SessionRecord): Promise<void> {
  await db.insertInto('sessions').values(record).execute();
}

/** The session of a cookie's token with its user, as they are now (one query per request). */
export async function findSession(
  db: Kysely<Tables>,
  token: string,
): Promise<{ session: SessionRecord; user: UserRecord } | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.token_hash', 's.tenant', 's.user_id', 's.created_at', 's.last_seen_at', 's.expires_at'])
    .select([
      'u.id as u_id',
      'u.tenant as u_tenant',
      'u.email as u_email',
      'u.name as u_name',
      'u.role as u_role',
      'u.password_hash as u_password_hash',
      'u.created_at as u_created_at',
      'u.updated_at as u_updated_at',
      'u.disabled_at as u_disabled_at',
      'u.last_sign_in_at as u_last_sign_in_at',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    session: {
      id: row.id,
      token_hash: row.token_hash,
      tenant: row.tenant,
      user_id: row.user_id,
      created_at: row.created_at,
      last_seen_at: row.last_seen_at,
      expires_at: row.expires_at,
    },
    user: {
      id: row.u_id,
      tenant: row.u_tenant,
      email: row.u_email,
      name: row.u_name,
      role: row.u_role,
      password_hash: row.u_password_hash,
      created_at: row.u_created_at,
      updated_at: row.u_updated_at,
      disabled_at: row.u_disabled_at,
      last_sign_in_at: row.u_last_sign_in_at,
    },
  };
}

export async function touchSession(db: Kysely<Tables>, id: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', id).execute();
}

export async function deleteSession(db: Kysely<Tables>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of the user; how many there were. */
export async function deleteUserSessions(db: Kysely<Tables>, userId: string): Promise<number> {
  const res = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Drops the user's sessions past either expiry (kept tidy at each sign-in). */
export async function deleteEndedSessions(
  db: Kysely<Tables>,
  userId: string,
  now: Date,
  idleMs: number,
): Promise<void> {
  const idleSince = new Date(now.getTime() - idleMs).toISOString();
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_seen_at', '<=', idleSince)]))
    .execute();
}
