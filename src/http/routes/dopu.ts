import { Documented, errorResponses } from '../schemas/common.js';
import { DopuBody } from '../schemas/operations.js';
import type { App, RouteContext } from '../types.js';

export function registerDopuRoutes(app: App, { services }: RouteContext): void {
  app.post(
    '/dopu',
    { schema: { tags: ['pickups'], summary: 'Drop-off locations near an address, with opening hours', body: DopuBody, response: { 200: Documented('{ locations: [{ location_id, location_name, street1, city, postal_code, country, lat, lng, distance, operational_hours }] }'), ...errorResponses } } },
    async (req) => services.pickups.locations(req.tenant, req.body.dopu, req.log),
  );
}
