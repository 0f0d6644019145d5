import type { Kysely } from 'kysely';

/**
 * The audit log: one row per change a tenant's users and keys make (and sign-ins), written in the
 * change's own transaction. Rows are only inserted and, past the retention, deleted by the sweep;
 * no route edits one. `changes` is JSON with every secret already masked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .addColumn('changes', 'text')
    .execute();
  // The list is a tenant's entries newest first; the sweep deletes by age across tenants.
  await db.schema.createIndex('audit_log_tenant_at').on('audit_log').columns(['tenant', 'at']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}
