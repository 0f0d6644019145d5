import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Returns: the tenant's return methods, the returns (with their shipment, label and pickup refs) and
 * their custom name/value pairs. Indexes follow GET /returns: every filter leads with the tenant and
 * ends with the list order (created_at, id), so a page is an index range walked backwards.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('return_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('shipping_account_id', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('method_name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('packaging', 'text')
    .addColumn('label_type', 'text')
    .addColumn('carrier_charge', 'double precision', (c) => c.notNull())
    .addColumn('customer_charge', 'double precision', (c) => c.notNull())
    .addColumn('return_charge', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('return_methods_tenant')
    .on('return_methods')
    .columns(['tenant', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('returns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('return_method_id', 'text', (c) => c.notNull())
    // The method as it was when the return was made, so the return reads after the method is gone.
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('return_lines', 'text', (c) => c.notNull())
    .addColumn('custom', 'text', (c) => c.notNull())
    .addColumn('shipping_account_id', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('test', 'integer', (c) => c.notNull())
    .addColumn('shipment_id', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('reference_number', 'text', (c) => c.notNull())
    .addColumn('label_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pickup_id', 'text')
    .addColumn('pickup_confirmation_number', 'text')
    .addColumn('pickup_location_code', 'text')
    .addColumn('pickup_date', 'text')
    .addColumn('pickup_state', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('returns').columns(columns).execute();
  await index('returns_created', ['tenant', 'created_at', 'id']);
  await index('returns_customer', ['tenant', 'customer_id', 'created_at', 'id']);
  await index('returns_order', ['tenant', 'order_id', 'created_at', 'id']);
  await index('returns_method', ['tenant', 'return_method_id', 'created_at', 'id']);
  await index('returns_status', ['tenant', 'status', 'created_at', 'id']);
  // search: each number on its own index; tracking also finds the return when /track stores a stage.
  await index('returns_tracking', ['tenant', 'tracking_number']);
  await index('returns_reference', ['tenant', 'reference_number']);
  await index('returns_confirmation', ['tenant', 'pickup_confirmation_number']);

  await db.schema
    .createTable('return_custom')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('return_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // What `custom=name:value` matches: a string value as is, any other value as its JSON text.
    .addColumn('match', 'text', (c) => c.notNull())
    // The return's created_at (it never changes): a custom filter pages in list order from this
    // table's index alone, without visiting every matching return to sort them.
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('return_custom_pk', ['return_id', 'name'])
    .execute();
  await db.schema
    .createIndex('return_custom_match')
    .on('return_custom')
    .columns(['tenant', 'name', 'match', 'created_at', 'return_id'])
    .execute();
}
