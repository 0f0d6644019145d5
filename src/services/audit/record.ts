/**
 * recordAudit: the one call every use case makes for a change, given the transaction that makes it,
 * so the entry commits or rolls back with the change (a failed change leaves no entry):
 *
 *   await db.transaction().execute(async (trx) => {
 *     await revokeKey(trx, id, now, tenant);
 *     await recordAudit(trx, by, { action: 'key.revoked', resource: { id }, at: now });
 *   });
 */
import type { Db } from '../../storage/database.js';
import { newId } from '../../storage/ids.js';
import { insertAudit } from '../../storage/repositories/audit-log.js';
import { actorText, AUDIT_ACTIONS, type AuditAction, type AuditContext } from '../../domain/audit.js';
import { maskSecrets } from './mask.js';

export interface AuditEntry {
  action: AuditAction;
  /** The resource's id; its type follows from the action. */
  resource?: { id?: string };
  /** What changed (the new values, or the part that matters); secrets are masked here. */
  changes?: Record<string, unknown>;
  at: Date;
  /** Another tenant's log than the context's (a platform acting on a merchant). */
  tenant?: string;
}

export async function recordAudit(trx: Db, by: AuditContext, entry: AuditEntry): Promise<void> {
  await insertAudit(trx, {
    id: newId('aud'),
    tenant: entry.tenant ?? by.tenant,
    at: entry.at.toISOString(),
    actor: actorText(by.actor),
    actor_email: by.email ?? null,
    action: entry.action,
    resource_type: AUDIT_ACTIONS[entry.action],
    resource_id: entry.resource?.id ?? null,
    ip: by.ip ?? null,
    request_id: by.requestId ?? null,
    changes: entry.changes ? (maskSecrets(entry.changes) as Record<string, unknown>) : null,
  });
}

/**
 * Runs `work` in `db`'s transaction when it is one, else in a new one: a use case that records an
 * entry beside a single write needs a transaction, and one called inside another's must join it.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
