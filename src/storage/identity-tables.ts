/** API keys, users, their invitations and sessions (services/identity/). */

export interface ApiKeysTable {
  id: string;
  tenant: string;
  /** SHA-256 hex of the key; the key itself is never stored. */
  key_hash: string;
  /** First characters of the key, shown by `keys list` to tell keys apart. */
  key_prefix: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  /** What its maker called it; absent on keys from before keys had names. */
  name: string | null;
  /** read | ship | admin; null: every permission (keys from before scopes, `keys create` without --scope). */
  scope: string | null;
  /** `user:<id>` or `key:<id>` of whoever made it through the API; null from the CLI. */
  created_by: string | null;
  /** Written at most once a minute, when the key is looked up. */
  last_used_at: string | null;
}

export interface UsersTable {
  id: string;
  tenant: string;
  /** Lower case, trimmed; one user per address in the whole service. */
  email: string;
  name: string | null;
  /** owner | admin | shipper | viewer (domain/permissions.ts) */
  role: string;
  /** argon2id (PHC string); null until an invitation is accepted, or for single sign-on alone. */
  password_hash: string | null;
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
  /** The last sign-in (password, invitation or single sign-on); null: never signed in. */
  last_sign_in_at: string | null;
}

export interface InvitationsTable {
  id: string;
  tenant: string;
  user_id: string;
  /** The user or key that invited, `user:<id>` or `key:<id>`; null when made by the CLI. */
  created_by: string | null;
  created_at: string;
  expires_at: string;
  /** Set once: an invitation opens one account once. */
  accepted_at: string | null;
}

export interface SessionsTable {
  id: string;
  /** SHA-256 hex of the cookie's token. */
  token_hash: string;
  tenant: string;
  user_id: string;
  created_at: string;
  /** Written at most once a minute; the idle expiry counts from it. */
  last_seen_at: string;
  /** The absolute expiry, however active the session. */
  expires_at: string;
}
