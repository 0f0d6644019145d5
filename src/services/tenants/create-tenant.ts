/** POST /tenants: a merchant with its first key (scope full) and an invitation for its owner. */
import type { CreateTenantInput } from '../../contract/tenants.js';
import type { AuditContext } from '../../domain/audit.js';
import { ApiError } from '../../domain/errors.js';
import { findUserByEmail } from '../../storage/repositories/users.js';
import * as repo from '../../storage/repositories/tenants.js';
import { recordAudit } from '../audit/index.js';
import { requirePlatform, tenantView, type TenantsDeps } from './tenants-deps.js';

const nameTaken = (id: string) => new ApiError('conflict', `the tenant name ${id} is taken`, 'tenant.id');

export async function createTenant(deps: TenantsDeps, by: AuditContext, input: CreateTenantInput, base: string) {
  const { db, clock } = deps;
  await requirePlatform(db, by.tenant);
  if (await repo.tenantNameTaken(db, input.id)) throw nameTaken(input.id);
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
    if (!(await repo.insertTenant(trx, record))) throw nameTaken(input.id);
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
  return { tenant: tenantView(record), key, invitation: owner.invitation! };
}
