import { DopuResponse } from '../../contract/answers.js';
import { errorResponses } from '../../contract/common.js';
import { DopuBody } from '../../contract/operations.js';
import type { App, RouteContext } from '../types.js';

export function registerDopuRoutes(app: App, { services }: RouteContext): void {
  app.post(
    '/dopu',
    { schema: { tags: ['pickups'], summary: 'Drop-off locations near an address, with opening hours', body: DopuBody, response: { 200: DopuResponse, ...errorResponses } } },
    async (req) => services.pickups.locations(req.tenant, req.body.dopu, req.log),
  );
}
