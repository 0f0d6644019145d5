import { errorResponses } from '../../contract/common.js';
import { CancelBody, SuccessMessage } from '../../contract/operations.js';
import type { App, RouteContext } from '../types.js';

export function registerCancelRoutes(app: App, { services }: RouteContext): void {
  app.post(
    '/cancel',
    { schema: { tags: ['shipping'], summary: 'Void a shipment with the carrier', body: CancelBody, response: { 200: SuccessMessage, ...errorResponses } } },
    async (req) => services.shipping.cancel(req.tenant, req.body.cancel, req.log),
  );
}
