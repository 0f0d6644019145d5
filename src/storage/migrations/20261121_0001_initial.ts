import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** The first schema: keys, accounts, shipments and labels, idempotency, tracking cache, OAuth tokens. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Label bytes: SQLite calls the type blob, PostgreSQL bytea.
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('shipping_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('test', 'integer', (c) => c.notNull())
    .addColumn('auth_sealed', 'text')
    .addColumn('billing_address', 'text')
    .addColumn('defaults', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text')
    .addColumn('parent_id', 'text', (c) => c.references('shipping_accounts.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shipping_accounts_tenant')
    .on('shipping_accounts')
    .columns(['tenant', 'created_at'])
    .execute();

  await db.schema
    .createTable('shipments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('shipping_account_id', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('carrier_shipment_id', 'text')
    .addColumn('service', 'text')
    .addColumn('ship_date', 'text')
    .addColumn('test', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('voided_at', 'text')
    .execute();
  await db.schema.createIndex('shipments_tracking').on('shipments').columns(['tenant', 'tracking_number']).execute();

  await db.schema
    .createTable('labels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('shipment_id', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('data', bytes as 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('labels_shipment').on('labels').column('shipment_id').execute();

  await db.schema
    .createTable('idempotency')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_pk', ['tenant', 'key'])
    .execute();

  await db.schema
    .createTable('tracking_cache')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('test', 'integer', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tracking_cache_pk', ['tenant', 'carrier', 'tracking_number', 'test'])
    .execute();

  await db.schema
    .createTable('oauth_tokens')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('token_sealed', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .execute();
}
