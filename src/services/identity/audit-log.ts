/**
 * Reading the audit log (GET /audit, its CSV and JSON Lines exports) and its retention: entries
 * older than WAYBILL_AUDIT_RETENTION_DAYS are deleted by the sweep (audit-sweep.ts). Nothing edits
 * one. Recording is services/audit/, the lowest floor; reading it sits here, with who is who.
 */
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Clock } from '../../foundations/clock.js';
import type { AuditEntryView, AuditQuery } from '../../contract/audit.js';
import type { Db } from '../../storage/database.js';
import {
  deleteAuditBefore,
  eachAudit,
  listAudit,
  type AuditFilter,
  type AuditRecord,
} from '../../storage/repositories/audit-log.js';
import { dateBounds, paging } from '../kernel/index.js';

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

export function entryView(r: AuditRecord): AuditEntryView {
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

export function createAuditLog(deps: { db: Db; clock: Clock; retentionMs: number }) {
  const { db, clock } = deps;
  const filterOf = (tenant: string, q: AuditQuery): AuditFilter => {
    const { from, until } = dateBounds(q);
    return {
      tenant,
      ...(q.actor !== undefined ? { actor: q.actor } : {}),
      ...(q.action !== undefined ? { action: q.action } : {}),
      ...(q.resource !== undefined ? { resource: q.resource } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(until !== undefined ? { until } : {}),
    };
  };

  return {
    /** A page of the tenant's entries, newest first, and how many match. */
    async list(tenant: string, q: AuditQuery): Promise<{ items: AuditEntryView[]; total: number }> {
      const page = await listAudit(db, filterOf(tenant, q), paging(q));
      return { items: page.items.map(entryView), total: page.total };
    },

    /**
     * Every matching entry as CSV (one row each, `changes` as JSON text) or JSON Lines (the list's
     * view), streamed: the filter is checked before the first byte, then rows are read in pages.
     */
    export(tenant: string, q: AuditQuery, format: 'csv' | 'jsonl'): Readable {
      const rows = eachAudit(db, filterOf(tenant, q));
      if (format === 'jsonl') {
        return Readable.from(
          (async function* () {
            for await (const r of rows) yield `${JSON.stringify(entryView(r))}\n`;
          })(),
        );
      }
      // pipeline: a failed read ends the download with its error, and a caller gone stops the reads.
      // The record's `changes` (an object) is written as JSON text: csv-stringify's cast of an object.
      return pipeline(Readable.from(rows), stringify({ header: true, columns: [...CSV_COLUMNS] }), () => {});
    },

    /** Deletes what is past the retention; how many entries. */
    sweep(): Promise<number> {
      return deleteAuditBefore(db, new Date(clock.now().getTime() - deps.retentionMs).toISOString());
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
