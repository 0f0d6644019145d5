/** Returns portal links, and the returns made through one (found by their `portal_link` pair). */
import type { Kysely } from 'kysely';
import type { PortalLinksTable, Tables } from '../tables.js';
import type { ReturnMethodCopy } from './returns.js';

/** A returns portal link: `data` is what it stands for, as the service that made it shaped it. */
export interface PortalLinkRecord<Data = unknown> extends Omit<PortalLinksTable, 'data'> {
  data: Data;
}

/** The custom pair every return made through a portal link carries: the merchant can filter on it. */
export const PORTAL_LINK_PAIR = 'portal_link';

export async function insertLink(db: Kysely<Tables>, record: PortalLinkRecord): Promise<void> {
  await db
    .insertInto('portal_links')
    .values({ ...record, data: JSON.stringify(record.data) })
    .execute();
}

/**
 * By id alone, for a signed link: the caller checks the link against the record's tenant. The data
 * column holds, as JSON, what the caller's insertLink was given: `Data` names that shape.
 */
export async function getLinkById<Data>(db: Kysely<Tables>, id: string): Promise<PortalLinkRecord<Data> | undefined> {
  const row = await db.selectFrom('portal_links').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { ...row, data: JSON.parse(row.data) as Data };
}

/** The returns made through a link, oldest first, their method and lines decoded (`Line`: a line's shape). */
export async function returnsThrough<Line = unknown>(db: Kysely<Tables>, tenant: string, linkId: string) {
  const rows = await db
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
  return rows.map((r) => ({
    ...r,
    method: JSON.parse(r.method) as ReturnMethodCopy,
    return_lines: JSON.parse(r.return_lines) as Line[],
  }));
}
