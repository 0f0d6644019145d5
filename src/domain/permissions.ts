/**
 * What a principal may do, written once: the permissions every route declares (its route config's
 * `permission`, decided by http/permissions.ts), the roles of users and the scopes of API keys.
 * Each role holds the one below it; a key's scope is the role of the same name's set.
 */

/** Every permission, with what it allows (the README's table is this one). */
export const PERMISSIONS = {
  me: 'read who one is; end one’s own sessions',
  'data.read':
    'read shipments, labels, tracking, pickups, returns, batches, shipping accounts (secrets masked), balances, webhooks, events and the carrier catalog; merge labels',
  'shipments.rate': 'rate shipments, validate addresses, find drop-off locations and pickup slots',
  'shipments.buy': 'book labels (POST /ship) and end-of-day forms',
  'shipments.cancel': 'void labels',
  'batches.manage': 'start, retry, cancel and close batches',
  'pickups.manage': 'schedule and cancel pickups',
  'returns.manage': 'create and void returns, make returns portal links',
  'accounts.manage':
    'create, change and delete shipping accounts and return methods; check credentials; set the branding customers see',
  'webhooks.manage': 'create, change and delete webhook endpoints, rotate their secrets, replay and redeliver events',
  'keys.manage': 'create, list and revoke API keys',
  'users.manage': 'invite users, change their roles and remove them, below owner',
  'users.owners': 'make owners, and change or remove them',
  'billing.manage': 'buy postage for prepaid accounts',
  'audit.read': 'read and export the audit log',
  'tenants.read': 'list a platform’s merchants',
  'tenants.manage': 'create, suspend, reactivate and delete a platform’s merchants',
  'usage.read': 'read usage: labels booked and voided, batch items, tracking calls (a platform: its merchants’ too)',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const ROLES = ['owner', 'admin', 'shipper', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const VIEWER: readonly Permission[] = ['me', 'data.read'];
const SHIPPER: readonly Permission[] = [
  ...VIEWER,
  'shipments.rate',
  'shipments.buy',
  'shipments.cancel',
  'batches.manage',
  'pickups.manage',
  'returns.manage',
];
const ADMIN: readonly Permission[] = [
  ...SHIPPER,
  'accounts.manage',
  'webhooks.manage',
  'keys.manage',
  'users.manage',
  'audit.read',
  'tenants.read',
  'usage.read',
];
const OWNER: readonly Permission[] = [...ADMIN, 'users.owners', 'billing.manage', 'tenants.manage'];

/** The role table. */
export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(OWNER),
  admin: new Set(ADMIN),
  shipper: new Set(SHIPPER),
  viewer: new Set(VIEWER),
};

/** What a key is created with. */
export const KEY_SCOPES = ['read', 'ship', 'admin'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/**
 * A key's scope, as stored and shown: `full` for keys made before scopes existed (and by `keys create`
 * without --scope) and for JWTs, which keep doing everything they did.
 */
export type Scope = KeyScope | 'full';

export const SCOPE_PERMISSIONS: Record<Scope, ReadonlySet<Permission>> = {
  read: ROLE_PERMISSIONS.viewer,
  ship: ROLE_PERMISSIONS.shipper,
  admin: ROLE_PERMISSIONS.admin,
  full: ROLE_PERMISSIONS.owner,
};

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);
export const isScope = (value: unknown): value is Scope =>
  value === 'full' || (typeof value === 'string' && (KEY_SCOPES as readonly string[]).includes(value));
export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);

/** Whether `having` holds every permission of `wanted` (no one hands out more than it holds). */
export function covers(having: ReadonlySet<Permission>, wanted: ReadonlySet<Permission>): boolean {
  for (const p of wanted) if (!having.has(p)) return false;
  return true;
}
