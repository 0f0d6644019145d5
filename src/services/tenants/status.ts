/**
 * Whether a tenant's keys and sessions are let in: asked by the step right after authentication
 * (http/tenant-status.ts) on every request. Kept in memory for at most a second, so a suspension
 * made through another instance holds there within that second; this instance forgets the tenant at
 * once when it suspends, reactivates or deletes it. Reading it registers a tenant that had no row,
 * so every tenant that ever authenticated has its name taken (tenants.ts).
 */
import type { Clock } from '../../foundations/clock.js';
import { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import { enterTenant } from '../../storage/repositories/tenants.js';
import { createTtlCache } from '../../foundations/ttl-cache.js';

export type TenantStatus = 'active' | 'suspended' | 'deleted';

/** What the step after authentication needs of a tenant. */
export interface TenantState {
  status: TenantStatus;
  /** A platform's merchant (created through POST /tenants). */
  merchant: boolean;
}

const STATUS_TTL_MS = 1_000;

export function createTenantStatus(deps: { db: Db; clock: Clock }) {
  const cache = createTtlCache<TenantState>({ ttlMs: STATUS_TTL_MS });
  return {
    /** The state when known within the last second, without a promise (the hot path); else undefined. */
    cached: (tenant: string): TenantState | undefined => cache.get(tenant, deps.clock.now().getTime()),
    async read(tenant: string): Promise<TenantState> {
      const row = await enterTenant(deps.db, tenant, deps.clock.now());
      const state: TenantState = { status: row.status as TenantStatus, merchant: row.parent !== null };
      cache.set(tenant, state, deps.clock.now().getTime());
      return state;
    },
    forget: (tenant: string) => cache.delete(tenant),
  };
}

export type TenantStatusCheck = ReturnType<typeof createTenantStatus>;

/** 403 tenant_suspended for a tenant its platform suspended or deleted. */
export function refuseInactive(tenant: string, status: TenantStatus): void {
  if (status === 'active') return;
  throw new ApiError(
    'tenant_suspended',
    `tenant ${tenant} ${status === 'deleted' ? 'was deleted' : 'is suspended'} by its platform`,
    tenant,
  );
}

/**
 * Throws when a request of the tenant may not come in: its platform suspended or deleted it, or it
 * comes with a JWT naming a platform's merchant (401 wrong_api_key). A JWT names a tenant of the
 * operator's integration; a merchant was created by its platform, which holds a key of it, so a
 * platform that took a name before its integration's first JWT would read what the JWTs then wrote.
 * A merchant is reached by its keys and sessions.
 */
export function refuseEntry(tenant: string, state: TenantState, byJwt: boolean): void {
  if (byJwt && state.merchant)
    throw new ApiError(
      'wrong_api_key',
      'API key not accepted',
      `JWT sub ${tenant} names a platform's merchant, which JWTs do not reach: use one of its keys`,
    );
  refuseInactive(tenant, state.status);
}
