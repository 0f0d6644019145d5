import { BookingResponse, LabelBytes } from '../../contract/answers.js';
import { errorResponses } from '../../contract/common.js';
import { ShipmentBody } from '../../contract/shipment.js';
import { IdParam } from '../../contract/shipping-account.js';
import type { App, RouteContext } from '../types.js';

/** Absolute base for label links: the configured public URL, else the address the caller used. */
export function baseUrl(configured: string | undefined, req: { protocol: string; host: string }): string {
  return configured ?? `${req.protocol}://${req.host}`;
}

export function registerShipRoutes(app: App, { services, config }: RouteContext): void {
  app.post(
    '/ship',
    { schema: { tags: ['shipping'], summary: 'Book a shipment: labels and tracking numbers', body: ShipmentBody, response: { 200: BookingResponse, ...errorResponses } } },
    async (req) =>
      services.shipping.ship(req.tenant, req.body.shipment, { log: req.log, labelBaseUrl: baseUrl(config.publicUrl, req), ...(req.idempotencyKey !== undefined ? { idempotencyKey: req.idempotencyKey } : {}) }),
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
