/** A tenant's branding (one row per tenant), and its logo by the id its public URL names. */
import type { Kysely } from 'kysely';
import type { BrandingTable, Tables } from '../tables.js';

/** The branding without the logo's bytes, which only the logo's own URL reads. */
export type BrandingRecord = Omit<BrandingTable, 'logo'>;

export interface LogoRecord {
  id: string;
  bytes: Uint8Array;
  width: number;
  height: number;
}

export async function getBranding(db: Kysely<Tables>, tenant: string): Promise<BrandingRecord | undefined> {
  return db
    .selectFrom('branding')
    .select(['tenant', 'display_name', 'accent_color', 'logo_id', 'logo_width', 'logo_height', 'updated_at'])
    .where('tenant', '=', tenant)
    .executeTakeFirst();
}

/** Name and colour as given (null: none); the logo stays as it is. */
export async function saveBrandingText(
  db: Kysely<Tables>,
  tenant: string,
  text: { display_name: string | null; accent_color: string | null },
  now: string,
): Promise<void> {
  await db
    .insertInto('branding')
    .values({ tenant, ...text, logo_id: null, logo: null, logo_width: null, logo_height: null, updated_at: now })
    .onConflict((oc) => oc.column('tenant').doUpdateSet({ ...text, updated_at: now }))
    .execute();
}

/** The logo replaced (undefined: removed); name and colour stay as they are. */
export async function saveLogo(
  db: Kysely<Tables>,
  tenant: string,
  logo: LogoRecord | undefined,
  now: string,
): Promise<void> {
  const columns = {
    logo_id: logo?.id ?? null,
    logo: logo?.bytes ?? null,
    logo_width: logo?.width ?? null,
    logo_height: logo?.height ?? null,
  };
  await db
    .insertInto('branding')
    .values({ tenant, display_name: null, accent_color: null, ...columns, updated_at: now })
    .onConflict((oc) => oc.column('tenant').doUpdateSet({ ...columns, updated_at: now }))
    .execute();
}

/** A logo by its id alone, for its public URL: the id is a hash of the bytes, so any row with it has them. */
export async function getLogo(db: Kysely<Tables>, id: string): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('branding')
    .select('logo')
    .where('logo_id', '=', id)
    .where('logo', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row?.logo ?? undefined;
}
