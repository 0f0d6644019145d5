/** DELETE /keys/{id}. A revoked key stops working within the authentication cache's 5 seconds. */
import { ApiError } from '../../domain/errors.js';
import { isScope } from '../../domain/permissions.js';
import { grantText, type Principal } from '../../domain/principal.js';
import type { AuditContext } from '../../domain/audit.js';
import * as keys from '../../storage/repositories/keys.js';
import { recordAudit } from '../audit/index.js';
import { beyondOf, type KeysDeps } from './keys-deps.js';

const noActiveKey = (id: string) => new ApiError('not_found', `no active key ${id}`, 'id');

/** Revokes a key that does nothing the revoker may not: an admin cannot end an owner's full key. */
export async function revokeKey(deps: KeysDeps, principal: Principal, id: string, by: AuditContext): Promise<void> {
  const { db, clock } = deps;
  const tenant = principal.tenant;
  const record = await keys.readKey(db, tenant, id);
  if (!record || record.revoked_at) throw noActiveKey(id);
  const scope = isScope(record.scope) ? record.scope : 'full';
  const beyond = beyondOf(principal, scope);
  if (beyond)
    throw new ApiError(
      'forbidden',
      `key ${id} of scope ${scope} could ${beyond}, which ${grantText(principal.grant)} may not: a key is revoked only by one who may do all it does`,
      beyond,
    );
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    if (!(await keys.revokeKey(trx, id, now, tenant))) throw noActiveKey(id);
    await recordAudit(trx, by, { action: 'key.revoked', resource: { id }, at: now });
  });
}
