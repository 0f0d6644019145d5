/** The retention of the audit log: once an hour, entries past WAYBILL_AUDIT_RETENTION_DAYS are deleted. */
import type { Log } from '../../foundations/logger.js';
import { deleteAuditBefore } from '../../storage/repositories/audit-log.js';
import { startLoop, type BackgroundLoop } from '../kernel/index.js';
import type { AuditLogDeps } from './audit-entries.js';

const HOUR = 3_600_000;

/** Deletes what is past the retention; how many entries. */
export function sweepAudit(deps: AuditLogDeps): Promise<number> {
  return deleteAuditBefore(deps.db, new Date(deps.clock.now().getTime() - deps.retentionMs).toISOString());
}

export function startAuditSweep(deps: {
  audit: { sweep(): Promise<number> };
  log: Log;
  everyMs?: number;
}): BackgroundLoop {
  return startLoop(
    'audit sweep',
    async () => {
      const n = await deps.audit.sweep();
      if (n > 0) deps.log.info({ deleted: n }, 'audit entries past their retention deleted');
      return false;
    },
    { idleMs: deps.everyMs ?? HOUR, log: deps.log },
  );
}
