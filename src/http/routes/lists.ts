/** GET /shipments and GET /pickups: what was booked and scheduled, listed like GET /returns. */
import { Type } from 'typebox';
import { PickupsQuery, PickupView, ShipmentDetail, ShipmentListItem, ShipmentsQuery } from '../../contract/lists.js';
import { errorResponses, ok } from '../openapi.js';
import type { App, RouteContext } from '../types.js';
import { pageLinks } from './returns.js';
import { linkBase } from '../base-url.js';

const IdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export function registerListRoutes(app: App, { services, config }: RouteContext): void {
  const base = linkBase(app, config);
  const paged = <T>(
    req: { url: string; query: { page?: number; pageSize?: number } },
    reply: { header(k: string, v: string): unknown },
    page: { items: T[]; total: number },
  ): T[] => {
    reply.header('x-total-count', String(page.total));
    reply.header(
      'link',
      pageLinks(new URL(req.url, base()), req.query.page ?? 1, req.query.pageSize ?? 50, page.total),
    );
    return page.items;
  };

  app.get(
    '/shipments',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'listShipments',
        tags: ['shipping'],
        summary: 'List shipments, newest first: the total in X-Total-Count, pages in Link (RFC 8288)',
        querystring: ShipmentsQuery,
        response: {
          200: Type.Array(ShipmentListItem, { description: 'without shipping_documents' }),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => paged(req, reply, await services.listings.listShipments(req.tenant, req.query, base())),
  );

  app.get(
    '/shipments/:id',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getShipment',
        tags: ['shipping'],
        summary: 'Read a shipment: the booking, its stage and its latest tracking result',
        params: IdParam,
        response: {
          200: ok('The shipment: booking, stage and latest tracking result', ShipmentDetail),
          ...errorResponses,
        },
      },
    },
    async (req) => ({ shipment: await services.listings.readShipment(req.tenant, req.params.id, base()) }),
  );

  app.get(
    '/pickups',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'listPickups',
        tags: ['pickups'],
        summary: 'List pickups, newest first: the total in X-Total-Count, pages in Link (RFC 8288)',
        querystring: PickupsQuery,
        response: { 200: ok('Pickups, newest first', Type.Array(PickupView)), ...errorResponses },
      },
    },
    async (req, reply) => paged(req, reply, await services.listings.listPickups(req.tenant, req.query)),
  );

  app.get(
    '/pickups/:id',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getPickup',
        tags: ['pickups'],
        summary: 'Read a pickup with its state',
        params: IdParam,
        response: { 200: ok('The pickup', Type.Object({ pickup: PickupView })), ...errorResponses },
      },
    },
    async (req) => ({ pickup: await services.listings.readPickup(req.tenant, req.params.id) }),
  );
}
