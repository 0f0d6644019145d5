/**
 * Whether a tenant's keys and sessions are let in: asked by the step right after authentication
 * (http/tenant-status.ts) on every request. Kept in memory for at most a second, so a suspension
 * made through another instance holds there within that second; this instance forgets the tenant at
 * once when it suspends, reactivates or deletes it.
 */
import type { Clock } from '../../clock.js';
import { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import { tenantStatus } from '../../storage/repositories/tenants.js';
import { createTtlCache } from '../../ttl-cache.js';

export type TenantStatus = 'active' | 'suspended' | 'deleted';

const STATUS_TTL_MS = 1_000;

export function createTenantStatus(deps: { db: Db; clock: Clock }) {
  const cache = createTtlCache<TenantStatus>({ ttlMs: STATUS_TTL_MS });
  return {
    /** The status when known within the last second, without a promise (the hot path); else undefined. */
    cached: (tenant: string): TenantStatus | undefined => cache.get(tenant, deps.clock.now().getTime()),
    async read(tenant: string): Promise<TenantStatus> {
      const status = (await tenantStatus(deps.db, tenant)) as TenantStatus;
      cache.set(tenant, status, deps.clock.now().getTime());
      return status;
    },
    forget: (tenant: string) => cache.delete(tenant),
  };
}

export type TenantStatusCheck = ReturnType<typeof createTenantStatus>;

/** 403 tenant_suspended for a tenant its platform suspended or deleted. */
export function refuseInactive(tenant: string, status: TenantStatus): void {
  if (status === 'active') return;
  throw new ApiError('tenant_suspended', `tenant ${tenant} ${status === 'deleted' ? 'was deleted' : 'is suspended'} by its platform`, tenant);
}
