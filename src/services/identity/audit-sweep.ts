/** The retention of the audit log: once an hour, entries past WAYBILL_AUDIT_RETENTION_DAYS are deleted. */
import type { Log } from '../../foundations/logger.js';
import { startLoop, type BackgroundLoop } from '../kernel/index.js';
import type { AuditLog } from './audit-log.js';

const HOUR = 3_600_000;

export function startAuditSweep(deps: { audit: Pick<AuditLog, 'sweep'>; log: Log; everyMs?: number }): BackgroundLoop {
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
