/** GET /audit: the tenant's audit log, listed like GET /shipments or exported whole. No route edits or deletes an entry. */
import { Type } from 'typebox';
import { AuditEntryView, AuditQuery } from '../../contract/audit.js';
import { errorResponses, ok } from '../openapi.js';
import type { App, RouteContext } from '../types.js';
import { pageLinks } from './returns.js';
import { linkBase } from '../base-url.js';

// format=csv and format=jsonl are streamed as text/csv and application/x-ndjson, past the serializer.
const AuditAnswer = ok('Newest first (csv, jsonl: every match)', Type.Array(AuditEntryView));

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson' } as const;

export function registerAuditRoutes(app: App, { services, config }: RouteContext): void {
  const base = linkBase(app, config);
  app.get(
    '/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        operationId: 'listAudit',
        tags: ['users'],
        summary: 'The audit log: who changed what, when, from where',
        querystring: AuditQuery,
        response: { 200: AuditAnswer, ...errorResponses },
      },
    },
    async (req, reply) => {
      const format = req.query.format ?? 'json';
      if (format !== 'json') {
        const stream = await services.auditLog.export(req.tenant, req.query, format);
        return reply
          .type(CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="audit.${format}"`)
          .send(stream as never);
      }
      const { items, total } = await services.auditLog.list(req.tenant, req.query);
      reply.header('x-total-count', String(total));
      reply.header('link', pageLinks(new URL(req.url, base()), req.query.page ?? 1, req.query.pageSize ?? 50, total));
      return items;
    },
  );
}
