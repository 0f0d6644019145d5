/** GET /tenants, GET /tenants/{id} (a platform's merchants) and GET /usage. */
import type { TenantView, UsageQuery } from '../../contract/tenants.js';
import { ApiError } from '../../domain/errors.js';
import * as repo from '../../storage/repositories/tenants.js';
import { usageOf, type UsageRow } from '../../storage/repositories/usage.js';
import { findMerchant, requirePlatform, tenantView, type TenantsDeps } from './tenants-deps.js';

export async function listTenants(deps: TenantsDeps, platform: string): Promise<TenantView[]> {
  await requirePlatform(deps.db, platform);
  return (await repo.listMerchants(deps.db, platform)).map(tenantView);
}

export async function getTenant(deps: TenantsDeps, platform: string, id: string): Promise<TenantView> {
  await requirePlatform(deps.db, platform);
  return tenantView(await findMerchant(deps.db, platform, id));
}

/** The caller's usage, and for a platform its merchants' (deleted ones too: they were billed). */
export async function getUsage(deps: TenantsDeps, tenant: string, q: UsageQuery): Promise<UsageRow[]> {
  const { db } = deps;
  const self = await repo.getTenant(db, tenant);
  const merchants = self?.platform
    ? (await repo.listMerchants(db, tenant, { withDeleted: true })).map((m) => m.id)
    : [];
  const all = [tenant, ...merchants];
  if (q.tenant !== undefined && !all.includes(q.tenant))
    throw new ApiError('not_found', `no tenant ${q.tenant} of yours`, 'tenant');
  // This instance's counts so far are stored first, so its own calls are never missing.
  await deps.usage.flush();
  return usageOf(db, q.tenant !== undefined ? [q.tenant] : all, q.month);
}
