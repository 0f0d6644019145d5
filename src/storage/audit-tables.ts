/** The audit log (services/audit/), tenants as platforms and merchants and their usage (services/tenants/). */

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

/** A tenant that is not simply active and on its own: a platform, a merchant, a suspended one. */
export interface TenantsTable {
  /** The tenant's name (domain/tenants.ts). */
  id: string;
  /** The platform that created it; null for a tenant of its own. */
  parent: string | null;
  /** 0/1: it may create merchants (`waybill tenants set-platform`). */
  platform: number;
  /** active | suspended | deleted */
  status: string;
  created_at: string;
  updated_at: string;
}

/** What is counted beside the rows: per tenant, month (YYYY-MM), carrier and metric (tracking_calls). */
export interface UsageCountersTable {
  tenant: string;
  month: string;
  carrier: string;
  metric: string;
  count: number;
}
