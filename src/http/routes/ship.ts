import { BookingResponse, LabelBytes } from '../../contract/answers.js';
import { ShipmentBody } from '../../contract/shipment.js';
import { IdParam } from '../../contract/shipping-account.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

/** Absolute base for label links: the configured public URL, else the address the caller used. */
export function baseUrl(configured: string | undefined, req: { protocol: string; host: string }): string {
  return configured ?? `${req.protocol}://${req.host}`;
}

export function registerShipRoutes(app: App, { services, config, examples }: RouteContext): void {
  app.post(
    '/ship',
    { schema: { operationId: 'createShipment', tags: ['shipping'], summary: 'Book a shipment: labels and tracking numbers', body: withExamples(ShipmentBody, examples.createShipment), response: { 200: ok('The booked shipment: tracking numbers, costs, labels (links, or base64 when asked)', BookingResponse), ...errorResponses } } },
    async (req) => services.shipping.ship(req.tenant, req.body.shipment, { log: req.log, labelBaseUrl: baseUrl(config.publicUrl, req) }),
  );

  app.get(
    '/labels/:id',
    { schema: { operationId: 'getLabel', tags: ['shipping'], summary: 'Label bytes with their content type', params: IdParam, response: { 200: LabelBytes, ...errorResponses } } },
    async (req, reply) => {
      const label = await services.shipping.label(req.tenant, req.params.id);
      return reply.type(label.contentType).header('content-disposition', `inline; filename="${req.params.id}.${label.format.toLowerCase()}"`).send(Buffer.from(label.bytes));
    },
  );
}
