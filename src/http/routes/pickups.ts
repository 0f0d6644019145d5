import { PickupAvailabilityResponse, PickupResponse } from '../../contract/answers.js';
import { PickupAvailabilityBody, PickupBody, PickupCancelBody, SuccessMessage } from '../../contract/operations.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import type { App, RouteContext } from '../types.js';
import { actedBy } from '../audit-context.js';

export function registerPickupRoutes(app: App, { services, examples }: RouteContext): void {
  app.post(
    '/pickup/availability',
    {
      config: { permission: 'shipments.rate' },
      schema: {
        operationId: 'getPickupAvailability',
        tags: ['pickups'],
        summary: 'Time slots in which the carrier can pick up',
        body: withExamples(PickupAvailabilityBody, examples.getPickupAvailability),
        response: {
          200: ok('The request echoed with the dates and times the carrier offers', PickupAvailabilityResponse),
          ...errorResponses,
        },
      },
    },
    async (req) => services.pickups.availability(req.tenant, req.body.pickup_availability, req.log),
  );

  app.post(
    '/pickup',
    {
      config: { permission: 'pickups.manage' },
      schema: {
        operationId: 'schedulePickup',
        tags: ['pickups'],
        summary: 'Schedule a pickup; answers its confirmation number',
        body: withExamples(PickupBody, examples.schedulePickup),
        response: { 200: ok('The pickup as booked, with its confirmation number', PickupResponse), ...errorResponses },
      },
    },
    // Clients of the original interface read the confirmation under a top-level `pickup` key.
    async (req) => ({ pickup: await services.pickups.schedule(req.tenant, req.body.pickup, req.log, actedBy(req)) }),
  );

  app.post(
    '/pickup/cancel',
    {
      config: { permission: 'pickups.manage' },
      schema: {
        operationId: 'cancelPickup',
        tags: ['pickups'],
        summary: 'Cancel a scheduled pickup by its confirmation number',
        body: withExamples(PickupCancelBody, examples.cancelPickup),
        response: { 200: ok('The carrier cancelled the pickup', SuccessMessage), ...errorResponses },
      },
    },
    async (req) => services.pickups.cancel(req.tenant, req.body.pickup_cancel, req.log, actedBy(req)),
  );
}
