import { BookingResponse, LabelBytes } from '../../contract/answers.js';
import { errorResponses } from '../../contract/common.js';
import { ShipmentBody } from '../../contract/shipment.js';
import { IdParam } from '../../contract/shipping-account.js';
import { publicBaseUrl } from '../public-url.js';
import type { App, RouteContext } from '../types.js';


export function registerShipRoutes(app: App, { services, config }: RouteContext): void {
  app.post(
    '/ship',
    { schema: { tags: ['shipping'], summary: 'Book a shipment: labels and tracking numbers', body: ShipmentBody, response: { 200: BookingResponse, ...errorResponses } } },
    async (req) =>
      services.shipping.ship(req.tenant, req.body.shipment, { log: req.log, labelBaseUrl: publicBaseUrl(config, app.server), ...(req.idempotencyKey !== undefined ? { idempotencyKey: req.idempotencyKey } : {}) }),
  );

  app.get(
    '/labels/:id',
    { schema: { tags: ['shipping'], summary: 'Label bytes with their content type', params: IdParam, response: { 200: LabelBytes, ...errorResponses } } },
    async (req, reply) => {
      const label = await services.shipping.label(req.tenant, req.params.id);
      return reply.type(label.contentType).header('content-disposition', `inline; filename="${req.params.id}.${label.format.toLowerCase()}"`).send(Buffer.from(label.bytes));
    },
  );
}
