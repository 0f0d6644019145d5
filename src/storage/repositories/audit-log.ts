/** The audit log: inserted in the change's transaction, listed per tenant, deleted only by age. */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AuditLogTable, Tables } from '../tables.js';

/** An entry of the audit log: `changes` is what changed (secrets masked), null when the action says it all. */
export interface AuditRecord extends Omit<AuditLogTable, 'changes'> {
  changes: Record<string, unknown> | null;
}

/** The column holds the changes as JSON text. */
function decode(row: AuditLogTable): AuditRecord {
  return { ...row, changes: row.changes === null ? null : (JSON.parse(row.changes) as Record<string, unknown>) };
}

export interface AuditFilter {
  tenant: string;
  /** `user:<id>`, `key:<id>`, … or a user's e-mail address. */
  actor?: string;
  action?: string;
  /** A resource id, or a resource type (`shipment`). */
  resource?: string;
  /** Bounds on `at`: from inclusive, until exclusive. */
  from?: string;
  until?: string;
}

export async function insertAudit(db: Kysely<Tables>, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ ...record, changes: record.changes === null ? null : JSON.stringify(record.changes) })
    .execute();
}

function filtered(db: Kysely<Tables>, f: AuditFilter): SelectQueryBuilder<Tables, 'audit_log', object> {
  let q = db.selectFrom('audit_log').where('tenant', '=', f.tenant);
  if (f.actor !== undefined) {
    const actor = f.actor;
    q = q.where((eb) => eb.or([eb('actor', '=', actor), eb('actor_email', '=', actor.toLowerCase())]));
  }
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  if (f.resource !== undefined) {
    const resource = f.resource;
    q = q.where((eb) => eb.or([eb('resource_id', '=', resource), eb('resource_type', '=', resource)]));
  }
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.until !== undefined) q = q.where('at', '<', f.until);
  return q;
}

/** A page of the entries, newest first, and how many match in all. */
export async function listAudit(
  db: Kysely<Tables>,
  f: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ items: AuditRecord[]; total: number }> {
  const [items, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: items.map(decode), total: Number(count.n) };
}

/**
 * Every matching entry, newest first, read in pages of `size` by keyset (the last page's at and id),
 * so an export of any length holds one page in memory and entries written meanwhile shift nothing.
 */
export async function* eachAudit(db: Kysely<Tables>, f: AuditFilter, size = 500): AsyncGenerator<AuditRecord> {
  let after: { at: string; id: string } | undefined;
  for (;;) {
    let q = filtered(db, f).selectAll();
    if (after) {
      const { at, id } = after;
      q = q.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
    }
    const rows = await q.orderBy('at', 'desc').orderBy('id', 'desc').limit(size).execute();
    yield* rows.map(decode);
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}

/** Deletes entries written before `before` (every tenant's); how many. */
export async function deleteAuditBefore(db: Kysely<Tables>, before: string): Promise<number> {
  const res = await db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
