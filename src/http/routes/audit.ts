/** GET /audit: the tenant's audit log, listed like GET /shipments or exported whole. No route edits or deletes an entry. */
import { Type } from 'typebox';
import { AuditEntryView, AuditQuery } from '../../contract/audit.js';
import { errorResponses } from '../openapi.js';
import type { App, RouteContext } from '../types.js';
import { pageLinks } from './returns.js';
import { linkBase } from '../base-url.js';

const AuditAnswer = {
  description: 'json: one page of entries, newest first (the total in X-Total-Count, pages in Link); csv and jsonl: every matching entry, streamed as a download',
  content: {
    'application/json': { schema: Type.Array(AuditEntryView) },
    'text/csv': { schema: Type.String({ description: 'a header row, then id, at, actor, actor_email, action, resource_type, resource_id, ip, request_id, changes (JSON)' }) },
    'application/x-ndjson': { schema: Type.String({ description: 'one entry (as in the JSON list) per line' }) },
  },
};

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson' } as const;

export function registerAuditRoutes(app: App, { services, config }: RouteContext): void {
  const base = linkBase(app, config);
  app.get(
    '/audit',
    {
      config: { permission: 'audit.read' },
      schema: { operationId: 'listAudit', tags: ['users'], summary: 'The audit log: who changed what, when and from where, newest first; filtered, paged, or exported as CSV or JSON Lines', querystring: AuditQuery, response: { 200: AuditAnswer, ...errorResponses } },
    },
    async (req, reply) => {
      const format = req.query.format ?? 'json';
      if (format !== 'json') {
        const stream = services.auditLog.export(req.tenant, req.query, format);
        return reply.type(CONTENT_TYPES[format]).header('content-disposition', `attachment; filename="audit.${format}"`).send(stream as never);
      }
      const { items, total } = await services.auditLog.list(req.tenant, req.query);
      reply.header('x-total-count', String(total));
      reply.header('link', pageLinks(new URL(req.url, base()), req.query.page ?? 1, req.query.pageSize ?? 50, total));
      return items;
    },
  );
}
