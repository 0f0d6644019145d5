/**
 * The returns portal's API. The merchant makes a portal link with its key; everything under
 * /public/ answers to a signed link alone (config.public), never to a key, and shows no personal data.
 */
import { Type } from 'typebox';
import { ApiError } from '../../domain/errors.js';
import {
  PortalLinkAnswer,
  PortalLinkBody,
  PortalPage,
  PortalReturnAnswer,
  PortalReturnBody,
  TokenParam,
} from '../../contract/portal.js';
import { linkBase } from '../base-url.js';
import { errorResponse, errorResponses, ok, withExamples } from '../openapi.js';
import { linkScope } from '../idempotency.js';
import { actedBy, anonymous } from '../audit-context.js';
import type { App, RouteContext } from '../types.js';

const responses = { ...errorResponses, 410: errorResponse(410) };
const publicRoute = { public: true } as const;

export function registerPortalRoutes(app: App, { services, config, examples }: RouteContext): void {
  const base = linkBase(app, config);
  const { portal } = services;

  app.post(
    '/returns/portal-links',
    {
      config: { permission: 'returns.manage' },
      schema: {
        operationId: 'createReturnPortalLink',
        tags: ['returns'],
        summary: 'Make a returns portal link for one order: the customer returns its lines on a phone, without a key',
        body: withExamples(PortalLinkBody, examples.createReturnPortalLink),
        response: { 200: ok('The customer’s signed link and when it expires', PortalLinkAnswer), ...errorResponses },
      },
    },
    async (req) => ({ portal_link: await portal.createLink(req.tenant, req.body.portal_link, base(), actedBy(req)) }),
  );

  app.get(
    '/public/portal/:token',
    {
      config: publicRoute,
      schema: {
        operationId: 'getPortalPage',
        tags: ['public'],
        summary: 'The returns portal’s data (signed link token): lines, reasons, methods, drop-off places',
        security: [],
        params: TokenParam,
        response: { 200: ok('What the returns portal shows', PortalPage), ...responses },
      },
    },
    async (req) => ({ portal: await portal.page(req.params.token, req.log) }),
  );

  app.post(
    '/public/portal/:token/returns',
    {
      config: publicRoute,
      // Before the Idempotency-Key hook (preValidation): the key is scoped to the link, never the
      // merchant's own keys, which a link holder could otherwise probe (409 or not) and take first.
      onRequest: async (req) => {
        if (req.headers['idempotency-key'] === undefined)
          throw new ApiError(
            'schema_field_required',
            'Idempotency-Key is required: one per submission, repeated when the same submission is sent again',
            'Idempotency-Key',
          );
        const link = await portal.linkOf((req.params as { token: string }).token);
        req.tenant = link.tenant;
        req.idempotencyScope = linkScope(link.tenant, link.id);
      },
      schema: {
        operationId: 'createPortalReturn',
        tags: ['public'],
        summary: 'Create a return through a portal link, as POST /returns does; one per Idempotency-Key',
        security: [],
        params: TokenParam,
        headers: Type.Object({ 'idempotency-key': Type.String({ minLength: 1, maxLength: 255 }) }),
        body: withExamples(PortalReturnBody, examples.createPortalReturn),
        response: { 200: ok('The return as booked', PortalReturnAnswer), ...responses },
      },
    },
    async (req) => ({
      return: await portal.createReturn(req.params.token, req.body.return, {
        log: req.log,
        baseUrl: base(),
        by: anonymous(req),
      }),
    }),
  );
}
