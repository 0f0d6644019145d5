/**
 * POST /batches and POST /batches/preview: a batch's body, JSON or a CSV file, read as it arrives
 * with the batch body limit and the batch's limits checked as they go.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  BatchBody,
  BatchPreviewResponse,
  BatchResponse,
  CsvQuery,
  type BatchInput,
  type CsvQuery as CsvQueryType,
} from '../../contract/batches.js';
import type { BatchSource } from '../../services/index.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import { actedBy } from '../audit-context.js';
import type { App, RouteContext } from '../types.js';
import { readBatchJsonBody } from '../batch-json-thread.js';
import { bodyPieces, readText, readToEnd, textPieces } from '../body-stream.js';

const tags = ['batches'];

export function registerBatchCreateRoutes(app: App, { services, config, examples }: RouteContext): void {
  const { batches } = services;
  const bodyLimit = config.batches.bodyLimit;
  const bounds = { limit: bodyLimit, idleMs: config.bodyRead.idleMs };

  // In a scope of their own: text/csv is accepted here, and only here, and both JSON and CSV are
  // read as they arrive, with the batch body limit and the batch's limits checked as they go.
  app.register(async (scope: App) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', (req: FastifyRequest, payload: IncomingMessage) =>
      readBatchJsonBody(payload, bounds, req.tenant),
    );
    // Without an Idempotency-Key the file stays unread here: the route reads it once the query has
    // named a usable account. With one it is read here, before the key is claimed, so that the key's
    // fingerprint covers the file: another file under the same key is refused, never answered with
    // the first one's batch.
    scope.addContentTypeParser('text/csv', (req: FastifyRequest, payload: IncomingMessage) =>
      req.headers['idempotency-key'] === undefined ? Promise.resolve('') : readText(payload, bounds),
    );
    scope.post(
      '/batches',
      {
        bodyLimit,
        config: { checkedBody: true, permission: 'batches.manage' },
        schema: {
          operationId: 'createBatch',
          tags,
          summary:
            'Book up to 10,000 shipments in the background, each a /ship shipment (rate shopping included): JSON {batch: {shipments}} or a CSV file (text/csv) with the shared values as query parameters; answers 202 at once',
          querystring: CsvQuery,
          body: {
            content: {
              'application/json': { schema: withExamples(BatchBody, examples.createBatch) },
              'text/csv': {
                schema: Type.String({
                  description:
                    'a header row naming columns, then one shipment per row (README "Batches"); every row ships from the billing_address of shipping_account, or of the first of shipping_accounts',
                }),
              },
            },
          } as never,
          response: {
            202: ok('The batch, queued: its id, status and counts (GET /batches/{id} follows it)', BatchResponse),
            ...errorResponses,
          },
        },
      },
      async (req, reply) => {
        const body = req.body as unknown;
        try {
          const batch =
            typeof body === 'string'
              ? await batches.createFromCsv(
                  req.tenant,
                  body === '' ? bodyPieces(req.raw, bounds) : textPieces(body),
                  req.query as CsvQueryType,
                  actedBy(req),
                )
              : await batches.createFromJson(req.tenant, (body as { batch: BatchInput }).batch, actedBy(req));
          return reply.code(202).send({ batch });
        } catch (err) {
          // A file refused before it was read (a wrong account) or before its end: the rest is read
          // unparsed, so the client sees the answer; past the limit the connection closes instead.
          if (!(await readToEnd(req.raw, bodyLimit))) reply.header('connection', 'close');
          throw err;
        }
      },
    );
    scope.post(
      '/batches/preview',
      {
        bodyLimit,
        config: { checkedBody: true, permission: 'shipments.rate' },
        schema: {
          operationId: 'previewBatch',
          tags,
          summary:
            'What a batch would cost: the body and query of POST /batches, each item priced as POST /rate prices it or refused with why, totals per currency; nothing is stored or bought',
          querystring: CsvQuery,
          body: {
            content: {
              'application/json': { schema: withExamples(BatchBody, examples.previewBatch) },
              'text/csv': { schema: Type.String({ description: 'the CSV file of POST /batches' }) },
            },
          } as never,
          response: {
            200: ok('Each item priced or refused, in batch order, and the totals per currency', BatchPreviewResponse),
            ...errorResponses,
          },
        },
      },
      async (req, reply) => {
        const body = req.body as unknown;
        try {
          const source: BatchSource =
            typeof body === 'string'
              ? {
                  kind: 'csv',
                  file: body === '' ? bodyPieces(req.raw, bounds) : textPieces(body),
                  query: req.query as CsvQueryType,
                }
              : { kind: 'json', batch: (body as { batch: BatchInput }).batch };
          return { preview: await services.previewBatch(req.tenant, source, req.log) };
        } catch (err) {
          // As on POST /batches: the unread rest is drained so the client sees the answer.
          if (!(await readToEnd(req.raw, bodyLimit))) reply.header('connection', 'close');
          throw err;
        }
      },
    );
  });
}
