import { errorResponses } from '../../contract/common.js';
import { RatesResponse, ShipmentBody } from '../../contract/shipment.js';
import type { App, RouteContext } from '../types.js';

export function registerRateRoutes(app: App, { services }: RouteContext): void {
  app.post(
    '/rate',
    { schema: { tags: ['shipping'], summary: 'Estimated cost and transit time per service', body: ShipmentBody, response: { 200: RatesResponse, ...errorResponses } } },
    async (req) => services.rating.rate(req.tenant, req.body.shipment, req.log),
  );
}
