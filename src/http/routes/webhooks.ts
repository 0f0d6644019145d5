import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { loggedUrl } from '../../foundations/logger.js';
import { IdParam, PageQuery } from '../../contract/shipping-account.js';
import {
  CreateWebhookBody,
  DeliveryList,
  DeliveryParams,
  DeliveryQuery,
  DeliveryResponse,
  EventList,
  EventQuery,
  EventResponse,
  UpdateWebhookBody,
  WebhookList,
  WebhookResponse,
  type WebhookView,
} from '../../contract/webhooks.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import { actedBy } from '../audit-context.js';
import type { App, RouteContext } from '../types.js';

const tags = ['webhooks'];

/**
 * An endpoint as the asker may see it: a URL's secret query values (`?token=`, the receiver's own
 * key) only to those who may change the endpoint; to readers they are [REDACTED].
 */
function shownTo(req: FastifyRequest): (w: WebhookView) => WebhookView {
  if (req.principal?.permissions.has('webhooks.manage')) return (w) => w;
  return (w) => ({ ...w, url: loggedUrl(w.url) });
}

export function registerWebhookRoutes(app: App, { services, examples }: RouteContext): void {
  const webhooks = services.webhooks;

  app.post(
    '/webhooks',
    {
      config: { secretAnswer: true, permission: 'webhooks.manage' },
      schema: {
        operationId: 'createWebhook',
        tags,
        summary: 'Register an endpoint; the answer carries its signing secret, shown only here',
        body: withExamples(CreateWebhookBody, examples.createWebhook),
        response: {
          200: ok('The endpoint with its signing secret (shown only here)', WebhookResponse),
          ...errorResponses,
        },
      },
    },
    async (req) => ({ webhook: await webhooks.create(req.tenant, req.body.webhook, actedBy(req)) }),
  );

  app.get(
    '/webhooks',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'listWebhooks',
        tags,
        summary: 'List endpoints',
        querystring: PageQuery,
        response: { 200: ok('The tenant’s endpoints, one page', WebhookList), ...errorResponses },
      },
    },
    async (req) => ({
      webhooks: (await webhooks.list(req.tenant, { limit: req.query.limit ?? 100, offset: req.query.offset ?? 0 })).map(
        shownTo(req),
      ),
    }),
  );

  app.get(
    '/webhooks/:id',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getWebhook',
        tags,
        summary: 'Read an endpoint: enabled, and why not when Waybill disabled it',
        params: IdParam,
        response: { 200: ok('The endpoint', WebhookResponse), ...errorResponses },
      },
    },
    async (req) => ({ webhook: shownTo(req)(await webhooks.read(req.tenant, req.params.id)) }),
  );

  app.patch(
    '/webhooks/:id',
    {
      config: { permission: 'webhooks.manage' },
      schema: {
        operationId: 'updateWebhook',
        tags,
        summary: 'Change url, events, description or enabled',
        params: IdParam,
        body: withExamples(UpdateWebhookBody, examples.updateWebhook),
        response: { 200: ok('The endpoint as changed', WebhookResponse), ...errorResponses },
      },
    },
    async (req) => ({ webhook: await webhooks.update(req.tenant, req.params.id, req.body.webhook, actedBy(req)) }),
  );

  app.delete(
    '/webhooks/:id',
    {
      config: { permission: 'webhooks.manage' },
      schema: {
        operationId: 'deleteWebhook',
        tags,
        summary: 'Delete an endpoint and its delivery history',
        params: IdParam,
        response: {
          200: ok('Deleted', Type.Object({ success: Type.Object({ message: Type.String() }) })),
          ...errorResponses,
        },
      },
    },
    async (req) => {
      await webhooks.remove(req.tenant, req.params.id, actedBy(req));
      return { success: { message: `webhook ${req.params.id} deleted` } };
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      config: { secretAnswer: true, permission: 'webhooks.manage' },
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        summary: 'New signing secret; the old one keeps signing for 24 hours',
        params: IdParam,
        response: { 200: ok('The endpoint with its new secret (shown only here)', WebhookResponse), ...errorResponses },
      },
    },
    async (req) => ({ webhook: await webhooks.rotateSecret(req.tenant, req.params.id, actedBy(req)) }),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: 'Deliveries to the endpoint, newest first, with every attempt',
        params: IdParam,
        querystring: DeliveryQuery,
        response: { 200: ok('Deliveries, newest first', DeliveryList), ...errorResponses },
      },
    },
    async (req) => ({
      deliveries: await webhooks.deliveries(req.tenant, req.params.id, {
        limit: req.query.limit ?? 50,
        ...(req.query.event_id ? { eventId: req.query.event_id } : {}),
        ...(req.query.status ? { status: req.query.status } : {}),
      }),
    }),
  );

  app.post(
    '/webhooks/:id/deliveries/:delivery_id/replay',
    {
      config: { resend: true, permission: 'webhooks.manage' },
      schema: {
        operationId: 'replayWebhookDelivery',
        tags,
        summary: 'Send a delivery’s event to the endpoint again (same event id)',
        params: DeliveryParams,
        response: { 200: ok('The new delivery, queued', DeliveryResponse), ...errorResponses },
      },
    },
    async (req) => ({ delivery: await webhooks.replay(req.tenant, req.params.id, req.params.delivery_id) }),
  );

  app.get(
    '/events',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'listEvents',
        tags,
        summary: 'The tenant’s events of the last 30 days, oldest first unless order=newest_first',
        querystring: EventQuery,
        response: { 200: ok('Events, in the order asked', EventList), ...errorResponses },
      },
    },
    async (req) =>
      webhooks.listEvents(req.tenant, {
        limit: req.query.limit ?? 100,
        newestFirst: req.query.order === 'newest_first',
        ...(req.query.type ? { type: req.query.type } : {}),
        ...(req.query.after ? { after: req.query.after } : {}),
      }),
  );

  app.get(
    '/events/:id',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getEvent',
        tags,
        summary: 'Read one event',
        params: IdParam,
        response: { 200: ok('The event', EventResponse), ...errorResponses },
      },
    },
    async (req) => ({ event: await webhooks.readEvent(req.tenant, req.params.id) }),
  );

  app.post(
    '/events/:id/redeliver',
    {
      config: { resend: true, permission: 'webhooks.manage' },
      schema: {
        operationId: 'redeliverEvent',
        tags,
        summary: 'Send an event again to every enabled endpoint subscribed to its type',
        params: IdParam,
        response: { 200: ok('One new delivery per endpoint, queued', DeliveryList), ...errorResponses },
      },
    },
    async (req) => ({ deliveries: await webhooks.redeliver(req.tenant, req.params.id) }),
  );
}
