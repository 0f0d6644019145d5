/**
 * Reading the audit log: GET /audit (listAudit) and its CSV and JSON Lines exports (exportAudit).
 * The repository hands out each entry with its changes decoded; this shapes it for the API.
 */
import { pipeline, Readable } from 'node:stream';
import type { Clock } from '../../foundations/clock.js';
import type { AuditEntryView, AuditQuery } from '../../contract/audit.js';
import type { Db } from '../../storage/database.js';
import * as log from '../../storage/repositories/audit-log.js';
import { dateBounds, paging } from '../kernel/index.js';

/** What the audit log's use cases are handed, once, by their face (audit-log.ts). */
export interface AuditLogDeps {
  db: Db;
  clock: Clock;
  retentionMs: number;
}

const CSV_COLUMNS = [
  'id',
  'at',
  'actor',
  'actor_email',
  'action',
  'resource_type',
  'resource_id',
  'ip',
  'request_id',
  'changes',
] as const;

export function entryView(r: log.AuditRecord): AuditEntryView {
  const [kind, id] = r.actor.includes(':')
    ? [r.actor.slice(0, r.actor.indexOf(':')), r.actor.slice(r.actor.indexOf(':') + 1)]
    : [r.actor, undefined];
  return {
    id: r.id,
    at: r.at,
    actor: {
      kind: kind as AuditEntryView['actor']['kind'],
      ...(id ? { id } : {}),
      ...(r.actor_email ? { email: r.actor_email } : {}),
    },
    action: r.action,
    resource: { type: r.resource_type, ...(r.resource_id ? { id: r.resource_id } : {}) },
    ...(r.ip ? { ip: r.ip } : {}),
    ...(r.request_id ? { request_id: r.request_id } : {}),
    ...(r.changes ? { changes: r.changes } : {}),
  };
}

function filterOf(tenant: string, q: AuditQuery): log.AuditFilter {
  const { from, until } = dateBounds(q);
  return {
    tenant,
    ...(q.actor !== undefined ? { actor: q.actor } : {}),
    ...(q.action !== undefined ? { action: q.action } : {}),
    ...(q.resource !== undefined ? { resource: q.resource } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(until !== undefined ? { until } : {}),
  };
}

/** A page of the tenant's entries, newest first, and how many match. */
export async function listAudit(
  deps: AuditLogDeps,
  tenant: string,
  q: AuditQuery,
): Promise<{ items: AuditEntryView[]; total: number }> {
  const page = await log.listAudit(deps.db, filterOf(tenant, q), paging(q));
  return { items: page.items.map(entryView), total: page.total };
}

/**
 * Every matching entry as CSV (one row each, `changes` as JSON text) or JSON Lines (the list's
 * view), streamed: the filter is checked before the first byte, then rows are read in pages.
 */
export async function exportAudit(
  deps: AuditLogDeps,
  tenant: string,
  q: AuditQuery,
  format: 'csv' | 'jsonl',
): Promise<Readable> {
  const rows = log.eachAudit(deps.db, filterOf(tenant, q));
  if (format === 'jsonl') {
    return Readable.from(
      (async function* () {
        for await (const r of rows) yield `${JSON.stringify(entryView(r))}\n`;
      })(),
    );
  }
  // The CSV writer is loaded by the first CSV export, not at start.
  const { stringify } = await import('csv-stringify');
  // pipeline: a failed read ends the download with its error, and a caller gone stops the reads.
  // The record's `changes` (an object) is written as JSON text: csv-stringify's cast of an object.
  return pipeline(Readable.from(rows), stringify({ header: true, columns: [...CSV_COLUMNS] }), () => {});
}
