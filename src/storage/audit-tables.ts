/** The audit log (services/audit/). */

export interface AuditLogTable {
  id: string;
  tenant: string;
  /** When the change was made (ISO instant). */
  at: string;
  /** `user:<id>`, `key:<id>`, `jwt:<sub>`, `operator` (the CLI) or `anonymous` (a failed sign-in). */
  actor: string;
  /** The user's e-mail address when the change was made, so the entry reads the same after the user is gone. */
  actor_email: string | null;
  /** `label.bought`, `key.revoked`, … (services/audit/actions.ts) */
  action: string;
  resource_type: string;
  resource_id: string | null;
  ip: string | null;
  request_id: string | null;
  /** JSON of what changed, secrets masked; null when the action says it all. */
  changes: string | null;
}
