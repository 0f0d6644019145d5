import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Batch label purchase: batches, their items (the durable queue the batch worker claims from), and
 * `shipments.batch_id` so the shipments of a batch can be listed (GET /shipments?batch=).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('label_type', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('batches_tenant_created').on('batches').columns(['tenant', 'created_at', 'id']).execute();

  await db.schema
    .createTable('batch_items')
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('row', 'integer')
    .addColumn('reference', 'text')
    .addColumn('carrier', 'text')
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('shipment_id', 'text')
    .addColumn('label_ids', 'text')
    .addColumn('error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('batch_items_pk', ['batch_id', 'idx'])
    .execute();
  // The worker's claim (queued items of one carrier, oldest batch first) and the lease sweep.
  await db.schema
    .createIndex('batch_items_queue')
    .on('batch_items')
    .columns(['status', 'carrier', 'queued_at', 'idx'])
    .execute();
  await db.schema.createIndex('batch_items_lease').on('batch_items').columns(['status', 'lease_until']).execute();
  await db.schema
    .createIndex('batch_items_batch_status')
    .on('batch_items')
    .columns(['batch_id', 'status', 'idx'])
    .execute();

  await db.schema.alterTable('shipments').addColumn('batch_id', 'text').execute();
  await db.schema.createIndex('shipments_tenant_batch').on('shipments').columns(['tenant', 'batch_id']).execute();
}
