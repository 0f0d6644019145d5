/**
 * POST /batches and POST /batches/preview: a batch's body, JSON or a CSV file, read as it arrives
 * with the batch body limit and the batch's limits checked as they go.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

  /** The batch a request carries: its JSON, or its CSV file (read already, or read as it arrives) and query. */
  function sourceOf(req: FastifyRequest): BatchSource {
    const body = req.body as unknown;
    if (typeof body !== 'string') return { kind: 'json', batch: (body as { batch: BatchInput }).batch };
    const file = body === '' ? bodyPieces(req.raw, bounds) : textPieces(body);
    return { kind: 'csv', file, query: req.query as CsvQueryType };
  }

  /**
   * A file refused before it was read (a wrong account) or before its end: the rest is read unparsed,
   * so the client sees the answer; past the limit the connection closes instead.
   */
  async function drainedOnRefusal<T>(req: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (!(await readToEnd(req.raw, bodyLimit))) reply.header('connection', 'close');
      throw err;
    }
  }

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
      (req, reply) =>
        drainedOnRefusal(req, reply, async () => {
          const source = sourceOf(req);
          const batch =
            source.kind === 'csv'
              ? await batches.createFromCsv(req.tenant, source.file, source.query, actedBy(req))
              : await batches.createFromJson(req.tenant, source.batch, actedBy(req));
          return reply.code(202).send({ batch });
        }),
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
      (req, reply) =>
        drainedOnRefusal(req, reply, async () => ({
          preview: await services.previewBatch(req.tenant, sourceOf(req), req.log),
        })),
    );
  });
}
