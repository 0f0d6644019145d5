import { PickupAvailabilityResponse, PickupResponse } from '../../contract/answers.js';
import { errorResponses } from '../../contract/common.js';
import { PickupAvailabilityBody, PickupBody, PickupCancelBody, SuccessMessage } from '../../contract/operations.js';
import type { App, RouteContext } from '../types.js';

export function registerPickupRoutes(app: App, { services }: RouteContext): void {
  app.post(
    '/pickup/availability',
    { schema: { tags: ['pickups'], summary: 'Time slots in which the carrier can pick up', body: PickupAvailabilityBody, response: { 200: PickupAvailabilityResponse, ...errorResponses } } },
    async (req) => services.pickups.availability(req.tenant, req.body.pickup_availability, req.log),
  );

  app.post(
    '/pickup',
    { schema: { tags: ['pickups'], summary: 'Schedule a pickup; answers its confirmation number', body: PickupBody, response: { 200: PickupResponse, ...errorResponses } } },
    // Clients of the original interface read the confirmation under a top-level `pickup` key.
    async (req) => ({ pickup: await services.pickups.schedule(req.tenant, req.body.pickup, req.log) }),
  );

  app.post(
    '/pickup/cancel',
    { schema: { tags: ['pickups'], summary: 'Cancel a scheduled pickup by its confirmation number', body: PickupCancelBody, response: { 200: SuccessMessage, ...errorResponses } } },
    async (req) => services.pickups.cancel(req.tenant, req.body.pickup_cancel, req.log),
  );
}
