/** Return methods and returns. */
import { Type } from 'typebox';
import { ApiError } from '../../domain/errors.js';
import { SuccessMessage } from '../../contract/operations.js';
import {
  MethodsQuery,
  ReturnBody,
  ReturnMethodBody,
  ReturnMethodPatch,
  ReturnMethodView,
  ReturnPatchBody,
  ReturnsQuery,
  ReturnView,
} from '../../contract/returns.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import type { App, RouteContext } from '../types.js';
import { linkBase } from '../base-url.js';
import { actedBy } from '../audit-context.js';

const IdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const OneMethod = Type.Object({ return_method: ReturnMethodView });
const tags = ['returns'];

/** RFC 8288 links to the first, previous, next and last pages, keeping every other query parameter. */
export function pageLinks(requestUrl: URL, page: number, pageSize: number, total: number): string {
  const last = Math.max(1, Math.ceil(total / pageSize));
  const link = (p: number, rel: string) => {
    const u = new URL(requestUrl);
    u.searchParams.set('page', String(p));
    u.searchParams.set('pageSize', String(pageSize));
    return `<${u.toString()}>; rel="${rel}"`;
  };
  return [
    link(1, 'first'),
    ...(page > 1 ? [link(Math.min(page - 1, last), 'prev')] : []),
    ...(page < last ? [link(page + 1, 'next')] : []),
    link(last, 'last'),
  ].join(', ');
}

export function registerReturnRoutes(app: App, { services, config, examples }: RouteContext): void {
  const base = linkBase(app, config);
  const { returnMethods, returns } = services;

  app.post(
    '/returns/methods',
    {
      config: { permission: 'accounts.manage' },
      schema: {
        operationId: 'createReturnMethod',
        tags,
        summary: 'Create a return method: carrier account, service, drop off or pickup, costs',
        body: withExamples(ReturnMethodBody, examples.createReturnMethod),
        response: { 200: ok('The method with its id and the carrier’s name and mark', OneMethod), ...errorResponses },
      },
    },
    async (req) => ({
      return_method: await returnMethods.create(req.tenant, req.body.return_method, {
        log: req.log,
        baseUrl: base(),
        by: actedBy(req),
      }),
    }),
  );

  app.get(
    '/returns/methods',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'listReturnMethods',
        tags,
        summary:
          'List return methods; with country and postal_code, drop-off methods list the carrier’s locations near the customer as options',
        querystring: MethodsQuery,
        response: {
          200: ok(
            'The methods; with an address, drop-off options near it',
            Type.Object({ return_methods: Type.Array(ReturnMethodView) }),
          ),
          ...errorResponses,
        },
      },
    },
    async (req) => ({
      return_methods: await returnMethods.list(req.tenant, req.query, { log: req.log, baseUrl: base() }),
    }),
  );

  app.get(
    '/returns/methods/:id',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getReturnMethod',
        tags,
        summary: 'Read a return method',
        params: IdParam,
        response: { 200: ok('The method', OneMethod), ...errorResponses },
      },
    },
    async (req) => ({ return_method: await returnMethods.read(req.tenant, req.params.id, base()) }),
  );

  app.patch(
    '/returns/methods/:id',
    {
      // "destination": null clears the method's own destination (its returns go to the account's billing_address).
      config: { permission: 'accounts.manage', nullClears: ['return_method.destination'] },
      schema: {
        operationId: 'updateReturnMethod',
        tags,
        summary: 'Change a return method (returns already made keep what they were made with)',
        params: IdParam,
        body: withExamples(ReturnMethodPatch, examples.updateReturnMethod),
        response: { 200: ok('The method as changed', OneMethod), ...errorResponses },
      },
    },
    async (req) => ({
      return_method: await returnMethods.update(req.tenant, req.params.id, req.body.return_method, {
        log: req.log,
        baseUrl: base(),
        by: actedBy(req),
      }),
    }),
  );

  app.delete(
    '/returns/methods/:id',
    {
      config: { permission: 'accounts.manage' },
      schema: {
        operationId: 'deleteReturnMethod',
        tags,
        summary: 'Delete a return method (its returns still read)',
        params: IdParam,
        response: { 200: ok('Deleted', SuccessMessage), ...errorResponses },
      },
    },
    async (req) => {
      await returnMethods.remove(req.tenant, req.params.id, actedBy(req));
      return { success: { message: `return method ${req.params.id} deleted` } };
    },
  );

  app.post(
    '/returns',
    {
      config: { permission: 'returns.manage' },
      schema: {
        operationId: 'createReturn',
        tags,
        summary: 'Create a return: books a return label (and the pickup of a pickup method)',
        body: withExamples(ReturnBody, examples.createReturn),
        response: {
          200: ok('The return as booked, in the shape GET /returns/{id} reads', ReturnView),
          ...errorResponses,
        },
      },
    },
    // The same shape as GET and PATCH /returns/{id}: the spec's single-return read, a bare Return.
    async (req) => returns.create(req.tenant, req.body.return, { log: req.log, baseUrl: base(), by: actedBy(req) }),
  );

  app.get(
    '/returns',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'listReturns',
        tags,
        summary: 'List returns, newest first: the total in X-Total-Count, pages in Link (RFC 8288)',
        querystring: ReturnsQuery,
        response: {
          200: Type.Array(ReturnView, { description: 'without return_lines and without the label' }),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const { items, total } = await returns.list(req.tenant, req.query, base());
      const url = new URL(req.url, base());
      reply.header('x-total-count', String(total));
      reply.header('link', pageLinks(url, req.query.page ?? 1, req.query.pageSize ?? 50, total));
      return items;
    },
  );

  app.get(
    '/returns/:id',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getReturn',
        tags,
        summary: 'Read a return with its lines and its label in base64',
        params: IdParam,
        response: { 200: ok('The return with its lines and label', ReturnView), ...errorResponses },
      },
    },
    async (req) => returns.read(req.tenant, req.params.id, base()),
  );

  app.patch(
    '/returns/:id',
    {
      config: { permission: 'returns.manage' },
      schema: {
        operationId: 'updateReturn',
        tags,
        summary: 'Replace custom values by name; status SHIPMENT_VOIDED cancels the shipment and the pickup',
        params: IdParam,
        body: withExamples(ReturnPatchBody, examples.updateReturn),
        response: { 200: ok('The return as changed', ReturnView), ...errorResponses },
      },
    },
    async (req) =>
      returns.patch(req.tenant, req.params.id, req.body, { log: req.log, baseUrl: base(), by: actedBy(req) }),
  );
}
