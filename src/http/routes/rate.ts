import { RatesResponse, ShipmentBody } from '../../contract/shipment.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

export function registerRateRoutes(app: App, { services, examples }: RouteContext): void {
  app.post(
    '/rate',
    {
      config: { permission: 'shipments.rate' },
      schema: {
        operationId: 'rateShipment',
        tags: ['shipping'],
        summary: 'Estimated cost and transit time per service',
        body: withExamples(ShipmentBody, examples.rateShipment),
        response: {
          200: ok('One rate per service the carrier offers for the shipment', RatesResponse),
          ...errorResponses,
        },
      },
    },
    async (req) => services.rating.rate(req.tenant, req.body.shipment, req.log),
  );
}
