/** POST /keys (createKey), and a merchant's first key made by its platform (issueKey): shown once. */
import type { CreateKeyInput, KeyView } from '../../contract/identity.js';
import { ApiError } from '../../domain/errors.js';
import { grantText, type Principal } from '../../domain/principal.js';
import type { AuditContext } from '../../domain/audit.js';
import * as keys from '../../storage/repositories/keys.js';
import { recordAudit } from '../audit/index.js';
import { beyondOf, emailsOf, keyView, type KeysDeps } from './keys-deps.js';
import { makerOf } from './user-view.js';

/** A key never gets more than its maker may do. */
export async function createKey(
  deps: KeysDeps,
  principal: Principal,
  input: CreateKeyInput,
  by: AuditContext,
): Promise<KeyView> {
  const { db, clock } = deps;
  const beyond = beyondOf(principal, input.scope);
  if (beyond)
    throw new ApiError(
      'forbidden',
      `a key of scope ${input.scope} could ${beyond}, which ${grantText(principal.grant)} may not: a key gets at most what its maker may do`,
      beyond,
    );
  const now = clock.now();
  const expiresAt = input.expires_at !== undefined ? new Date(input.expires_at) : undefined;
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw new ApiError(
      'schema_validation_error',
      `key.expires_at ${input.expires_at} is not in the future`,
      'key.expires_at',
    );
  const maker = makerOf(principal);
  const { record, key } = await db.transaction().execute(async (trx) => {
    const made = await keys.createKey(trx, {
      tenant: principal.tenant,
      now,
      name: input.name.trim(),
      scope: input.scope,
      ...(expiresAt ? { expiresAt } : {}),
      ...(maker ? { createdBy: maker } : {}),
    });
    await recordAudit(trx, by, {
      action: 'key.created',
      resource: { id: made.record.id },
      changes: {
        name: made.record.name,
        scope: input.scope,
        prefix: made.record.key_prefix,
        ...(made.record.expires_at ? { expires: made.record.expires_at } : {}),
      },
      at: now,
    });
    return made;
  });
  const emails =
    principal.actor.kind === 'user' ? await emailsOf(db, principal.tenant, [record]) : new Map<string, string>();
  return { ...keyView(record, emails), key };
}

/** A merchant's first key, made by its platform (`by`, in the merchant's log): every permission of the merchant's. */
export async function issueKey(
  deps: KeysDeps,
  tenant: string,
  name: string,
  by: AuditContext,
): Promise<KeyView & { key: string }> {
  const now = deps.clock.now();
  const { record, key } = await deps.db.transaction().execute(async (trx) => {
    const made = await keys.createKey(trx, { tenant, now, name });
    await recordAudit(trx, by, {
      action: 'key.created',
      resource: { id: made.record.id },
      changes: { name, scope: 'full', prefix: made.record.key_prefix },
      at: now,
    });
    return made;
  });
  return { ...keyView(record, new Map()), key };
}
