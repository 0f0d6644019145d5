/**
 * Platforms and their merchants: a platform tenant (made so by the operator) creates merchant
 * tenants with their first key and an owner invitation, lists, suspends, reactivates and deletes
 * them, and reads their usage. It never reaches a merchant's data: its own keys and sessions are its
 * own tenant's; only a key of the merchant's does. Deleting a merchant keeps its name taken and its
 * data stored, and refuses its keys and sessions for good.
 *
 * The face binds the dependencies to the use cases: createTenant (create-tenant.ts), listTenants,
 * getTenant and getUsage (read-tenants.ts), suspendTenant, reactivateTenant and deleteTenant
 * (merchant-status.ts).
 */
import { bind } from '../../foundations/bind.js';
import { createTenant } from './create-tenant.js';
import { deleteTenant, reactivateTenant, suspendTenant } from './merchant-status.js';
import { getTenant, getUsage, listTenants } from './read-tenants.js';
import type { TenantsDeps } from './tenants-deps.js';

export type { TenantsDeps };

export function createTenants(deps: TenantsDeps) {
  return {
    create: bind(deps, createTenant),
    list: bind(deps, listTenants),
    read: bind(deps, getTenant),
    suspend: bind(deps, suspendTenant),
    reactivate: bind(deps, reactivateTenant),
    remove: bind(deps, deleteTenant),
    usage: bind(deps, getUsage),
  };
}

export type Tenants = ReturnType<typeof createTenants>;
