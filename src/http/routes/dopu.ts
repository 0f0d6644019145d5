import { DopuResponse } from '../../contract/answers.js';
import { DopuBody } from '../../contract/operations.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

export function registerDopuRoutes(app: App, { services, examples }: RouteContext): void {
  app.post(
    '/dopu',
    {
      config: { permission: 'shipments.rate' },
      schema: {
        operationId: 'findDropoffLocations',
        tags: ['pickups'],
        summary: 'Drop-off locations near an address, with opening hours',
        body: withExamples(DopuBody, examples.findDropoffLocations),
        response: { 200: ok('The carrier’s locations, nearest first', DopuResponse), ...errorResponses },
      },
    },
    async (req) => services.pickups.locations(req.tenant, req.body.dopu, req.log),
  );
}
