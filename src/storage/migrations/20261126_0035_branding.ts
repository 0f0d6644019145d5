import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A merchant's branding, one row per tenant: the name, accent colour and logo its customers see on
 * the tracking page and the returns portal. The logo is the PNG the service wrote from the upload
 * (documents/logo.ts); `logo_id`, a hash of those bytes, names it in its public URL, so that the
 * URL says nothing of the tenant and a new logo gets a new URL (the old one may be kept by caches).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Image bytes: SQLite calls the type blob, PostgreSQL bytea.
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('branding')
    .addColumn('tenant', 'text', (c) => c.primaryKey())
    .addColumn('display_name', 'text')
    .addColumn('accent_color', 'text')
    .addColumn('logo_id', 'text')
    .addColumn('logo', bytes as 'blob')
    .addColumn('logo_width', 'integer')
    .addColumn('logo_height', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('branding_logo').on('branding').column('logo_id').execute();
}
