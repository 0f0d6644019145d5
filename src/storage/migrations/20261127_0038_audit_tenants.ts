import type { Kysely } from 'kysely';

/**
 * The audit log, tenants as platforms and their merchants, and usage counters.
 *
 * The audit log: one row per change a tenant's users and keys make (and sign-ins), written in the
 * change's own transaction. Rows are only inserted and, past the retention, deleted by the sweep;
 * no route edits one. `changes` is JSON with every secret already masked.
 *
 * Tenants were names alone; a row here is needed only for what is not the default: a platform (which
 * creates merchants), a merchant (its parent, the platform), a suspended or deleted tenant. A name
 * without a row is an active tenant of its own, as every tenant was before.
 *
 * Usage counters hold what the stored rows do not tell: tracking calls, counted in memory and added
 * here periodically, per tenant, month and carrier. Labels and batch items are counted from their rows.
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

  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent', 'text')
    .addColumn('platform', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tenants_parent').on('tenants').columns(['parent', 'created_at']).execute();

  await db.schema
    .createTable('usage_counters')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_counters_pk', ['tenant', 'month', 'carrier', 'metric'])
    .execute();
}
