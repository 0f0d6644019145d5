import { ApiError } from '../../domain/errors.js';
import { TrackResponse } from '../schemas/answers.js';
import { errorResponses } from '../schemas/common.js';
import { TrackRequest, type TrackInput } from '../schemas/operations.js';
import type { App, RouteContext } from '../types.js';

export function registerTrackRoutes(app: App, { services }: RouteContext): void {
  app.post(
    '/track',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Track one shipment, or a batch: an array of { track } in, an array of results out',
        body: TrackRequest,
        response: { 200: TrackResponse, ...errorResponses },
      },
    },
    async (req) => {
      const body: unknown = req.body;
      if (Array.isArray(body)) return services.tracking.trackBatch(req.tenant, body, req.log);
      const input = (body as { track?: TrackInput }).track;
      if (!input) throw new ApiError('schema_field_required', 'track is required', 'track');
      return services.tracking.track(req.tenant, input, req.log);
    },
  );
}
