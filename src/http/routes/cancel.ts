import { CancelBody, SuccessMessage } from '../../contract/operations.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import { actedBy } from '../audit-context.js';
import type { App, RouteContext } from '../types.js';

export function registerCancelRoutes(app: App, { services, examples }: RouteContext): void {
  app.post(
    '/cancel',
    {
      config: { permission: 'shipments.cancel' },
      schema: {
        operationId: 'cancelShipment',
        tags: ['shipping'],
        summary: 'Void a shipment with the carrier',
        body: withExamples(CancelBody, examples.cancelShipment),
        response: {
          200: ok('The carrier voided the shipment; it reads SHIPMENT_VOIDED from now on', SuccessMessage),
          ...errorResponses,
        },
      },
    },
    async (req) => services.shipping.cancel(req.tenant, req.body.cancel, req.log, actedBy(req)),
  );
}
