import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Webhooks and events: endpoints, the event outbox with one delivery per subscribed endpoint and
 * its attempts, and the shipments tracked in the background.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('previous_secret_sealed', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_tenant')
    .on('webhook_endpoints')
    .columns(['tenant', 'created_at'])
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_tenant_created').on('events').columns(['tenant', 'created_at', 'id']).execute();
  await db.schema.createIndex('events_created').on('events').column('created_at').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('lock_owner', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').column('event_id').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .columns(['delivery_id', 'at'])
    .execute();

  await db.schema
    .createTable('tracked_shipments')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('shipping_account_id', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('test', 'integer', (c) => c.notNull())
    .addColumn('stage', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('next_poll_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addPrimaryKeyConstraint('tracked_shipments_pk', ['tenant', 'shipping_account_id', 'tracking_number'])
    .execute();
  await db.schema
    .createIndex('tracked_shipments_due')
    .on('tracked_shipments')
    .columns(['state', 'next_poll_at'])
    .execute();
}
