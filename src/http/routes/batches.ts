/**
 * Batches: many shipments booked as one job in the background (JSON or CSV), their print file.
 * Making one (and pricing one first) is batches-create.ts; here, reading and acting on one.
 */
import { Type } from 'typebox';
import {
  BatchesQuery,
  BatchItemsQuery,
  BatchItemView,
  BatchResponse,
  LabelsQuery,
  ManifestsResponse,
  RetryQuery,
} from '../../contract/batches.js';
import { errorResponses, ok } from '../openapi.js';
import { actedBy } from '../audit-context.js';
import type { App, RouteContext } from '../types.js';
import { pageLinks } from './returns.js';
import { linkBase } from '../base-url.js';
import { registerBatchCreateRoutes } from './batches-create.js';

const IdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const tags = ['batches'];
const PrintFile = {
  description: 'every booked label in batch order, streamed: PDF one label per page, ZPL and EPL concatenated',
  content: {
    'application/pdf': { schema: Type.String({ format: 'binary' }) },
    'application/octet-stream': { schema: Type.String({ format: 'binary' }) },
  },
};

export function registerBatchRoutes(app: App, ctx: RouteContext): void {
  const { services, config } = ctx;
  const { batches } = services;
  const base = linkBase(app, config);

  // POST /batches and its preview, in a scope of their own that reads JSON and CSV bodies itself.
  registerBatchCreateRoutes(app, ctx);

  app.get(
    '/batches',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'listBatches',
        tags,
        summary: 'List batches, newest first: the total in X-Total-Count, pages in Link (RFC 8288)',
        querystring: BatchesQuery,
        response: {
          200: ok('One page of batches, newest first', Type.Array(BatchResponse.properties.batch)),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const { items, total } = await batches.list(req.tenant, req.query);
      reply.header('x-total-count', String(total));
      reply.header('link', pageLinks(new URL(req.url, base()), req.query.page ?? 1, req.query.pageSize ?? 50, total));
      return items;
    },
  );

  app.get(
    '/batches/:id',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getBatch',
        tags,
        summary: 'A batch: its status and counts',
        params: IdParam,
        response: { 200: ok('The batch with its status and counts', BatchResponse), ...errorResponses },
      },
    },
    async (req) => ({
      batch: await batches.read(req.tenant, req.params.id),
    }),
  );

  app.get(
    '/batches/:id/shipments',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'listBatchShipments',
        tags,
        summary: 'The items of a batch in batch order, with their shipment or error; paged like GET /batches',
        params: IdParam,
        querystring: BatchItemsQuery,
        response: {
          200: ok('One page of the batch’s items, in batch order', Type.Array(BatchItemView)),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const { items, total } = await batches.items(req.tenant, req.params.id, req.query);
      reply.header('x-total-count', String(total));
      reply.header('link', pageLinks(new URL(req.url, base()), req.query.page ?? 1, req.query.pageSize ?? 50, total));
      return items;
    },
  );

  app.get(
    '/batches/:id/labels',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getBatchLabels',
        tags,
        summary: 'One print file of every booked label, in batch order (streamed)',
        params: IdParam,
        querystring: LabelsQuery,
        response: { 200: PrintFile, ...errorResponses },
      },
    },
    async (req, reply) => {
      const file = await batches.printFile(req.tenant, req.params.id, req.query.format, req.log);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${req.params.id}.${req.query.format}"`)
        .send(file.stream as never);
    },
  );

  app.post(
    '/batches/:id/retry',
    {
      config: { permission: 'batches.manage' },
      schema: {
        operationId: 'retryBatch',
        tags,
        summary: 'Requeue the failed items (each under a new idempotency record)',
        params: IdParam,
        querystring: RetryQuery,
        response: { 200: ok('The batch, its failed items queued again', BatchResponse), ...errorResponses },
      },
    },
    async (req) => ({
      batch: await batches.retry(req.tenant, req.params.id, {
        includeInterrupted: req.query.include_interrupted ?? false,
        ...(req.query.index ? { indexes: req.query.index } : {}),
      }),
    }),
  );

  app.post(
    '/batches/:id/cancel',
    {
      config: { permission: 'batches.manage' },
      schema: {
        operationId: 'cancelBatch',
        tags,
        summary: 'Cancel the queued rest; booked labels stay booked',
        params: IdParam,
        response: { 200: ok('The batch, its queued items cancelled', BatchResponse), ...errorResponses },
      },
    },
    async (req) => ({
      batch: await batches.cancel(req.tenant, req.params.id, actedBy(req)),
    }),
  );

  app.post(
    '/batches/:id/manifest',
    {
      config: { permission: 'batches.manage' },
      schema: {
        operationId: 'manifestBatch',
        tags,
        summary: 'Close the day for each shipping account of the batch whose carrier has manifests',
        params: IdParam,
        response: {
          200: ok('One end-of-day form per shipping account whose carrier has them', ManifestsResponse),
          ...errorResponses,
        },
      },
    },
    async (req) => batches.manifest(req.tenant, req.params.id, req.log),
  );
}
