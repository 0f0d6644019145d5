/**
 * A shipping account's uploaded price list (README "Price lists"): replaced by a CSV file or JSON
 * rows, read, downloaded as CSV, deleted. The CSV is read as it arrives (body-stream.ts), within the
 * body limit, so a large file neither sits whole in memory before it is checked nor holds the event
 * loop while it is parsed.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { PriceListJsonBody, PriceListView, PRICE_LIST_COLUMNS } from '../../contract/price-list.js';
import { IdParam } from '../../contract/shipping-account.js';
import { jsonRows, readPriceListCsv } from '../../services/index.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import { actedBy } from '../audit-context.js';
import { bodyPieces, readToEnd } from '../body-stream.js';
import type { App, RouteContext } from '../types.js';

const tags = ['shipping accounts'];
const One = Type.Object({ price_list: PriceListView });
const CsvFile = { description: 'the list in the upload’s columns', content: { 'text/csv': { schema: Type.String() } } };

export function registerPriceListRoutes(app: App, { services, config, examples }: RouteContext): void {
  const { priceLists } = services;
  const bounds = { limit: config.bodyLimit, idleMs: config.bodyRead.idleMs };

  // In a scope of its own: text/csv is accepted here, left unread by the parser, and read by the
  // route as it arrives.
  app.register(async (scope: App) => {
    scope.addContentTypeParser('text/csv', (_req: FastifyRequest, _payload: IncomingMessage) => Promise.resolve(''));
    scope.put(
      '/shippingaccount/:id/price-list',
      {
        config: { permission: 'accounts.manage' },
        schema: {
          operationId: 'uploadPriceList',
          tags,
          summary:
            'Upload (replace) the account’s price list: a CSV file (text/csv) or JSON rows; the account then rates from it, whatever its carrier',
          params: IdParam,
          body: {
            content: {
              'application/json': { schema: withExamples(PriceListJsonBody, examples.uploadPriceList) },
              'text/csv': {
                schema: Type.String({
                  description: `a header row naming columns (${PRICE_LIST_COLUMNS.join(', ')}; service_code, min_weight, max_weight, rate, currency and transit_days required), then one weight band per row; weights in kg, sides in cm`,
                }),
              },
            },
          } as never,
          response: { 200: ok('The account’s list as stored: its row count and upload time', One), ...errorResponses },
        },
      },
      async (req, reply) => {
        const body = req.body as unknown;
        try {
          const rows =
            typeof body === 'string'
              ? await readPriceListCsv(bodyPieces(req.raw, bounds))
              : jsonRows((body as PriceListJsonBody).price_list.rows);
          return { price_list: await priceLists.upload(req.tenant, req.params.id, rows, actedBy(req)) };
        } catch (err) {
          // A file refused before its end: the rest is read unparsed, so the client sees the answer.
          if (typeof body === 'string' && !(await readToEnd(req.raw, bounds.limit)))
            reply.header('connection', 'close');
          throw err;
        }
      },
    );
  });

  app.get(
    '/shippingaccount/:id/price-list',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getPriceList',
        tags,
        summary: 'Read the account’s uploaded price list: its rows, their count and when it was uploaded',
        params: IdParam,
        response: { 200: ok('The list with its rows', One), ...errorResponses },
      },
    },
    async (req) => ({ price_list: await priceLists.read(req.tenant, req.params.id) }),
  );

  app.get(
    '/shippingaccount/:id/price-list/csv',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'downloadPriceList',
        tags,
        summary: 'Download the account’s uploaded price list as a CSV file in the upload’s columns',
        params: IdParam,
        response: { 200: CsvFile, ...errorResponses },
      },
    },
    async (req, reply) => {
      const csv = await priceLists.download(req.tenant, req.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="price-list-${req.params.id}.csv"`)
        .send(csv);
    },
  );

  app.delete(
    '/shippingaccount/:id/price-list',
    {
      config: { permission: 'accounts.manage' },
      schema: {
        operationId: 'deletePriceList',
        tags,
        summary: 'Delete the account’s uploaded price list: it rates as its carrier does again',
        params: IdParam,
        response: {
          200: ok('Deleted', Type.Object({ success: Type.Object({ message: Type.String() }) })),
          ...errorResponses,
        },
      },
    },
    async (req) => {
      await priceLists.remove(req.tenant, req.params.id, actedBy(req));
      return { success: { message: `the price list of shipping account ${req.params.id} was deleted` } };
    },
  );
}
