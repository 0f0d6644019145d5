import type { Kysely } from 'kysely';

/**
 * One uploaded price list per shipping account. The list is kept as one JSON document, not a row
 * per band: it is only ever replaced whole (an upload) and read whole (every rate of the account
 * prices from all its bands), never queried band by band, and a few thousand rows of it as one
 * text are one read and one write instead of thousands. `row_count` lets the account page say how
 * many bands there are without reading the document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('price_lists')
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('shipping_account', 'text', (c) => c.notNull())
    .addColumn('bands', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('price_lists_pk', ['tenant', 'shipping_account'])
    .execute();
}
