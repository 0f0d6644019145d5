/**
 * A merchant suspended, reactivated or deleted by its platform (POST /tenants/{id}/suspend,
 * /reactivate, DELETE /tenants/{id}): recorded in the platform's log and the merchant's, and
 * forgotten at once by this instance's status cache (status.ts).
 */
import type { AuditContext } from '../../domain/audit.js';
import * as repo from '../../storage/repositories/tenants.js';
import { recordAudit } from '../audit/index.js';
import { merchantNotFound, requirePlatform, type TenantsDeps } from './tenants-deps.js';

async function setStatus(
  deps: TenantsDeps,
  by: AuditContext,
  id: string,
  status: 'active' | 'suspended' | 'deleted',
  action: 'tenant.suspended' | 'tenant.reactivated' | 'tenant.deleted',
): Promise<void> {
  const { db, clock } = deps;
  await requirePlatform(db, by.tenant);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    if (!(await repo.setMerchantStatus(trx, by.tenant, id, status, now))) throw merchantNotFound(id);
    await recordAudit(trx, by, { action, resource: { id }, at: now });
    await recordAudit(trx, { tenant: id, actor: { kind: 'platform' } }, { action, resource: { id }, at: now });
  });
  deps.status.forget(id);
}

export const suspendTenant = (deps: TenantsDeps, by: AuditContext, id: string) =>
  setStatus(deps, by, id, 'suspended', 'tenant.suspended');

export const reactivateTenant = (deps: TenantsDeps, by: AuditContext, id: string) =>
  setStatus(deps, by, id, 'active', 'tenant.reactivated');

/** Deleting keeps the merchant's name taken and its data stored, and refuses its keys and sessions for good. */
export const deleteTenant = (deps: TenantsDeps, by: AuditContext, id: string) =>
  setStatus(deps, by, id, 'deleted', 'tenant.deleted');
