/** The tracking page's API: it answers to the signed tracking_url token alone, never to a key. */
import { TokenParam, TrackingPage } from '../../contract/portal.js';
import { errorResponse, errorResponses, ok } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

const responses = { ...errorResponses, 410: errorResponse(410) };
const publicRoute = { public: true } as const;

export function registerPublicTrackingRoutes(app: App, { services }: RouteContext): void {
  const { publicTracking } = services;
  app.get(
    '/public/tracking/:token',
    {
      config: publicRoute,
      schema: {
        operationId: 'getTrackingPage',
        tags: ['public'],
        summary: 'The tracking page’s data (signed tracking_url token); cached like POST /track',
        security: [],
        params: TokenParam,
        response: { 200: ok('What the tracking page shows, without personal data', TrackingPage), ...responses },
      },
    },
    async (req) => ({ tracking: await publicTracking.page(req.params.token, req.log) }),
  );
}
