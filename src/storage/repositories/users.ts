/**
 * Users and their invitations, each scoped by tenant except the lookups sign-in needs (an e-mail
 * address is one user in the whole service; an invitation is found by the id its link carries).
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../tables.js';

/** A console user of one tenant; `email` lower case and trimmed, unique across the service. */
export interface UserRecord {
  id: string;
  tenant: string;
  email: string;
  name: string | null;
  /** owner | admin | shipper | viewer (domain/permissions.ts) */
  role: string;
  /** Null until an invitation is accepted, or for a user of single sign-on alone. */
  password_hash: string | null;
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
  last_sign_in_at: string | null;
}

/** An invitation that opens one user's account once; `created_by` is null when the CLI made it. */
export interface InvitationRecord {
  id: string;
  tenant: string;
  user_id: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

/** false when the address is taken already (by a user of any tenant). */
export async function insertUser(db: Kysely<Tables>, record: UserRecord): Promise<boolean> {
  const res = await db
    .insertInto('users')
    .values(record)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The user of an address, in any tenant (addresses are stored in lower case). */
/** Whether any tenant has a user: none on a fresh install, before the operator makes the first owner. */
export async function anyUser(db: Kysely<Tables>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function findUserByEmail(db: Kysely<Tables>, email: string): Promise<UserRecord | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function readUser(db: Kysely<Tables>, tenant: string, id: string): Promise<UserRecord | undefined> {
  return db.selectFrom('users').selectAll().where('tenant', '=', tenant).where('id', '=', id).executeTakeFirst();
}

export async function listUsers(db: Kysely<Tables>, tenant: string): Promise<UserRecord[]> {
  return db.selectFrom('users').selectAll().where('tenant', '=', tenant).orderBy('created_at').orderBy('id').execute();
}

/** The tenant's users of these ids (the makers of keys, say). */
export async function usersByIds(db: Kysely<Tables>, tenant: string, ids: readonly string[]): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', 'in', [...ids])
    .execute();
}

type UserPatch = Partial<Pick<UserRecord, 'name' | 'role' | 'password_hash' | 'disabled_at' | 'last_sign_in_at'>>;

/**
 * Changes a user; false when there is no such user. With `keepOwner`, the change is made only when
 * another owner who is not disabled remains, in the same statement: a tenant never loses its last
 * owner to a demotion or a disabling.
 */
export async function updateUser(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
  patch: UserPatch,
  now: Date,
  opts: { keepOwner?: boolean } = {},
): Promise<boolean> {
  let q = db
    .updateTable('users')
    .set({ ...patch, updated_at: now.toISOString() })
    .where('tenant', '=', tenant)
    .where('id', '=', id);
  if (opts.keepOwner) q = q.where((eb) => eb.exists(otherOwners(db, tenant, id)));
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes a user (its sessions and invitations go with it); false when there is none, or it is the last owner with `keepOwner`. */
export async function deleteUser(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
  opts: { keepOwner?: boolean } = {},
): Promise<boolean> {
  let q = db.deleteFrom('users').where('tenant', '=', tenant).where('id', '=', id);
  if (opts.keepOwner) q = q.where((eb) => eb.exists(otherOwners(db, tenant, id)));
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

function otherOwners(db: Kysely<Tables>, tenant: string, id: string) {
  return db
    .selectFrom('users as o')
    .select('o.id')
    .where('o.tenant', '=', tenant)
    .where('o.role', '=', 'owner')
    .where('o.disabled_at', 'is', null)
    .where('o.id', '!=', id);
}

export async function insertInvitation(db: Kysely<Tables>, record: InvitationRecord): Promise<void> {
  await db.insertInto('invitations').values(record).execute();
}

/** By the id an invitation link carries; the caller verifies the link with the row's tenant. */
export async function readInvitation(db: Kysely<Tables>, id: string): Promise<InvitationRecord | undefined> {
  return db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's invitations not yet accepted, newest first. */
export async function openInvitations(db: Kysely<Tables>, tenant: string, userId: string): Promise<InvitationRecord[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('user_id', '=', userId)
    .where('accepted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Drops the user's open invitations: a new one replaces them, and their links stop working. */
export async function dropOpenInvitations(db: Kysely<Tables>, tenant: string, userId: string): Promise<void> {
  await db
    .deleteFrom('invitations')
    .where('tenant', '=', tenant)
    .where('user_id', '=', userId)
    .where('accepted_at', 'is', null)
    .execute();
}

/** Marks the invitation used; false when it was used already (or is gone): one use only. */
export async function acceptInvitation(db: Kysely<Tables>, id: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('invitations')
    .set({ accepted_at: now.toISOString() })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
