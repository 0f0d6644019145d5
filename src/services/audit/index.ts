/**
 * Recording the audit log (README "Audit log"): the lowest floor of the services, importing no
 * other feature, so every feature records its changes with `recordAudit` in the change's own
 * transaction; who acted comes down from the route as an AuditContext (domain/audit.ts). Secrets
 * are masked here, once. Reading the log is services/audit-log/.
 */
export { maskSecrets } from './mask.js';
export { inTransaction, recordAudit, type AuditEntry } from './record.js';
