/** Returns portal links, and the returns made through one (found by their `portal_link` pair). */
import type { Kysely } from 'kysely';
import type { PortalLinksTable, Tables } from '../tables.js';

export type PortalLinkRow = PortalLinksTable;

/** The custom pair every return made through a portal link carries: the merchant can filter on it. */
export const PORTAL_LINK_PAIR = 'portal_link';

export async function insertLink(db: Kysely<Tables>, row: PortalLinkRow): Promise<void> {
  await db.insertInto('portal_links').values(row).execute();
}

/** By id alone, for a signed link: the caller checks the link against the row's tenant. */
export async function getLinkById(db: Kysely<Tables>, id: string): Promise<PortalLinkRow | undefined> {
  return db.selectFrom('portal_links').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function returnsThrough(db: Kysely<Tables>, tenant: string, linkId: string) {
  return db
    .selectFrom('return_custom')
    .innerJoin('returns', (j) =>
      j.onRef('returns.tenant', '=', 'return_custom.tenant').onRef('returns.id', '=', 'return_custom.return_id'),
    )
    .select([
      'returns.id',
      'returns.created_at',
      'returns.tracking_number',
      'returns.status',
      'returns.method',
      'returns.return_lines',
      'returns.label_id',
      'returns.pickup_date',
    ])
    .where('return_custom.tenant', '=', tenant)
    .where('return_custom.name', '=', PORTAL_LINK_PAIR)
    .where('return_custom.match', '=', linkId)
    .orderBy('returns.created_at')
    .execute();
}
