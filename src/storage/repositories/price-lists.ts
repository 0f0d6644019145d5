/**
 * Shipping accounts' uploaded price lists, one per account, scoped by tenant. The bands are stored
 * as one versioned JSON document (the migration says why); this module alone knows its encoding,
 * and hands out and takes domain records.
 */
import type { Kysely } from 'kysely';
import type { PriceBand } from '../../domain/price-list.js';
import type { Tables } from '../tables.js';

export interface PriceListSummary {
  shipping_account: string;
  row_count: number;
  /** ISO date-time of the upload. */
  uploaded_at: string;
}

export interface PriceListRecord extends PriceListSummary {
  bands: PriceBand[];
}

/** The document's shape version: a later change of PriceBand reads older documents by it. */
const VERSION = 1;

function encode(bands: readonly PriceBand[]): string {
  return JSON.stringify({ v: VERSION, bands });
}

function decode(text: string): PriceBand[] {
  const doc = JSON.parse(text) as { v: number; bands: PriceBand[] };
  if (doc.v !== VERSION)
    throw new Error(`price list document of version ${doc.v} is newer than this build reads (${VERSION})`);
  return doc.bands;
}

/** Stores the account's list, replacing the one it had. */
export async function savePriceList(db: Kysely<Tables>, tenant: string, list: PriceListRecord): Promise<void> {
  const columns = { bands: encode(list.bands), row_count: list.bands.length, uploaded_at: list.uploaded_at };
  await db
    .insertInto('price_lists')
    .values({ tenant, shipping_account: list.shipping_account, ...columns })
    .onConflict((oc) => oc.columns(['tenant', 'shipping_account']).doUpdateSet(columns))
    .execute();
}

export async function getPriceList(
  db: Kysely<Tables>,
  tenant: string,
  account: string,
): Promise<PriceListRecord | undefined> {
  const row = await db
    .selectFrom('price_lists')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('shipping_account', '=', account)
    .executeTakeFirst();
  return (
    row && {
      shipping_account: row.shipping_account,
      row_count: Number(row.row_count),
      uploaded_at: row.uploaded_at,
      bands: decode(row.bands),
    }
  );
}

/** How many bands and when, without reading the bands. */
export async function getPriceListSummary(
  db: Kysely<Tables>,
  tenant: string,
  account: string,
): Promise<PriceListSummary | undefined> {
  const row = await db
    .selectFrom('price_lists')
    .select(['shipping_account', 'row_count', 'uploaded_at'])
    .where('tenant', '=', tenant)
    .where('shipping_account', '=', account)
    .executeTakeFirst();
  return row && { ...row, row_count: Number(row.row_count) };
}

/** Whether there was a list to delete. */
export async function deletePriceList(db: Kysely<Tables>, tenant: string, account: string): Promise<boolean> {
  const res = await db
    .deleteFrom('price_lists')
    .where('tenant', '=', tenant)
    .where('shipping_account', '=', account)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
