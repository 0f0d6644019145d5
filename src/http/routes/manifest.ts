import { ManifestResponse } from '../../contract/answers.js';
import { ManifestBody } from '../../contract/operations.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

export function registerManifestRoutes(app: App, { services, examples }: RouteContext): void {
  app.post(
    '/manifest',
    {
      config: { permission: 'shipments.buy' },
      schema: {
        operationId: 'createManifest',
        tags: ['shipping'],
        summary: 'Close out shipments: the end-of-day form',
        body: withExamples(ManifestBody, examples.createManifest),
        response: {
          200: ok('The form (PDF in document) and the tracking numbers on it', ManifestResponse),
          ...errorResponses,
        },
      },
    },
    async (req) => services.manifests.manifest(req.tenant, req.body.manifest, req.log),
  );
}
