/** What the tenants' use cases are handed, once, by their face (tenants.ts), and the rules they share. */
import type { Clock } from '../../foundations/clock.js';
import type { TenantView } from '../../contract/tenants.js';
import { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import * as repo from '../../storage/repositories/tenants.js';
import type { IdentityService } from '../identity/index.js';
import type { UsageCounter } from '../kernel/index.js';
import type { TenantStatusCheck } from './status.js';

export interface TenantsDeps {
  db: Db;
  clock: Clock;
  identity: Pick<IdentityService, 'users' | 'keys'>;
  status: TenantStatusCheck;
  usage: UsageCounter;
}

export const tenantView = (r: repo.TenantRecord): TenantView => ({
  id: r.id,
  status: r.status === 'suspended' ? 'suspended' : 'active',
  created: r.created_at,
});

export const merchantNotFound = (id: string) => new ApiError('not_found', `no merchant ${id} of this platform`, 'id');

/** Only a platform creates and manages merchants. */
export async function requirePlatform(db: Db, tenant: string): Promise<void> {
  if (!(await repo.getTenant(db, tenant))?.platform)
    throw new ApiError(
      'platform_required',
      `tenant ${tenant} is not a platform: only a platform creates and manages merchants`,
      tenant,
    );
}

/** The platform's merchant, not deleted, or 404. */
export async function findMerchant(db: Db, platform: string, id: string): Promise<repo.TenantRecord> {
  const row = await repo.getTenant(db, id);
  if (!row || row.parent !== platform || row.status === 'deleted') throw merchantNotFound(id);
  return row;
}
