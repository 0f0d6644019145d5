/**
 * Reading the audit log (GET /audit, its CSV and JSON Lines exports) and its retention: entries
 * older than WAYBILL_AUDIT_RETENTION_DAYS are deleted by the sweep (audit-sweep.ts). Nothing edits
 * one. Recording is services/audit/, the lowest floor; reading it sits here, with who is who.
 *
 * The face binds the dependencies to the use cases: listAudit and exportAudit (audit-entries.ts),
 * sweepAudit (audit-sweep.ts).
 */
import { bind } from '../../foundations/bind.js';
import { exportAudit, listAudit, type AuditLogDeps } from './audit-entries.js';
import { sweepAudit } from './audit-sweep.js';

export type { AuditLogDeps };

export function createAuditLog(deps: AuditLogDeps) {
  return {
    list: bind(deps, listAudit),
    export: bind(deps, exportAudit),
    sweep: bind(deps, sweepAudit),
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
