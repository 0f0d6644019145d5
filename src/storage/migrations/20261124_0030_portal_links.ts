import type { Kysely } from 'kysely';

/**
 * Returns portal links: what the merchant said about the order (customer, lines, methods, reasons)
 * stays here; the link the customer gets carries only the id and a signature. Returns made through
 * a link are found by their `portal_link` custom pair, written with the return in one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_links_order').on('portal_links').columns(['tenant', 'order_id']).execute();
}
