/**
 * Platforms and their merchants: a platform tenant (made so by the operator) creates merchant
 * tenants with their first key and an owner invitation, lists, suspends, reactivates and deletes
 * them, and reads their usage. It never reaches a merchant's data: its own keys and sessions are its
 * own tenant's; only a key of the merchant's does. Deleting a merchant keeps its name taken and its
 * data stored, and refuses its keys and sessions for good.
 */
import type { Clock } from '../../foundations/clock.js';
import type { CreateTenantInput, TenantView, UsageQuery } from '../../contract/tenants.js';
import type { AuditContext } from '../../domain/audit.js';
import { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import { findUserByEmail } from '../../storage/repositories/users.js';
import * as repo from '../../storage/repositories/tenants.js';
import { usageOf, type UsageRow } from '../../storage/repositories/usage.js';
import { recordAudit } from '../audit/index.js';
import type { IdentityService } from '../identity/index.js';
import type { UsageCounter } from '../kernel/index.js';
import type { TenantStatusCheck } from './status.js';

const view = (r: repo.TenantRecord): TenantView => ({
  id: r.id,
  status: r.status === 'suspended' ? 'suspended' : 'active',
  created: r.created_at,
});
const notFound = (id: string) => new ApiError('not_found', `no merchant ${id} of this platform`, 'id');

export function createTenants(deps: {
  db: Db;
  clock: Clock;
  identity: Pick<IdentityService, 'users' | 'keys'>;
  status: TenantStatusCheck;
  usage: UsageCounter;
}) {
  const { db, clock } = deps;

  async function requirePlatform(tenant: string): Promise<void> {
    if (!(await repo.getTenant(db, tenant))?.platform)
      throw new ApiError(
        'platform_required',
        `tenant ${tenant} is not a platform: only a platform creates and manages merchants`,
        tenant,
      );
  }

  async function merchant(platform: string, id: string): Promise<repo.TenantRecord> {
    const row = await repo.getTenant(db, id);
    if (!row || row.parent !== platform || row.status === 'deleted') throw notFound(id);
    return row;
  }

  /** The merchant's new status, recorded in the platform's log and the merchant's. */
  async function setStatus(
    by: AuditContext,
    id: string,
    status: 'active' | 'suspended' | 'deleted',
    action: 'tenant.suspended' | 'tenant.reactivated' | 'tenant.deleted',
  ): Promise<void> {
    await requirePlatform(by.tenant);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      if (!(await repo.setMerchantStatus(trx, by.tenant, id, status, now))) throw notFound(id);
      await recordAudit(trx, by, { action, resource: { id }, at: now });
      await recordAudit(trx, { tenant: id, actor: { kind: 'platform' } }, { action, resource: { id }, at: now });
    });
    deps.status.forget(id);
  }

  return {
    /** A merchant with its first key (scope full) and an invitation for its owner. */
    async create(by: AuditContext, input: CreateTenantInput, base: string) {
      await requirePlatform(by.tenant);
      if (await repo.tenantNameTaken(db, input.id))
        throw new ApiError('conflict', `the tenant name ${input.id} is taken`, 'tenant.id');
      if (await findUserByEmail(db, input.owner_email.trim().toLowerCase()))
        throw new ApiError(
          'conflict',
          `a user with the e-mail address ${input.owner_email} exists already`,
          'tenant.owner_email',
        );
      const now = clock.now();
      const record: repo.TenantRecord = {
        id: input.id,
        parent: by.tenant,
        platform: false,
        status: 'active',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      await db.transaction().execute(async (trx) => {
        if (!(await repo.insertTenant(trx, record)))
          throw new ApiError('conflict', `the tenant name ${input.id} is taken`, 'tenant.id');
        await recordAudit(trx, by, {
          action: 'tenant.created',
          resource: { id: input.id },
          changes: { owner_email: input.owner_email },
          at: now,
        });
      });
      const inMerchant: AuditContext = { tenant: input.id, actor: { kind: 'platform' } };
      const key = await deps.identity.keys.issue(input.id, 'first key', inMerchant);
      const owner = await deps.identity.users.create(
        input.id,
        { email: input.owner_email, role: 'owner' },
        null,
        base,
        inMerchant,
      );
      return { tenant: view(record), key, invitation: owner.invitation! };
    },

    async list(platform: string): Promise<TenantView[]> {
      await requirePlatform(platform);
      return (await repo.listMerchants(db, platform)).map(view);
    },

    async read(platform: string, id: string): Promise<TenantView> {
      await requirePlatform(platform);
      return view(await merchant(platform, id));
    },

    suspend: (by: AuditContext, id: string) => setStatus(by, id, 'suspended', 'tenant.suspended'),
    reactivate: (by: AuditContext, id: string) => setStatus(by, id, 'active', 'tenant.reactivated'),
    remove: (by: AuditContext, id: string) => setStatus(by, id, 'deleted', 'tenant.deleted'),

    /** The caller's usage, and for a platform its merchants' (deleted ones too: they were billed). */
    async usage(tenant: string, q: UsageQuery): Promise<UsageRow[]> {
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
    },
  };
}

export type Tenants = ReturnType<typeof createTenants>;
