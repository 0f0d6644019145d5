/** Reading the audit log (GET /audit, its exports) and its retention sweep; recording is services/audit/. */
export { createAuditLog, type AuditLog } from './log.js';
export { startAuditSweep } from './sweep.js';
