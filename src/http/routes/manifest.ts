import { Type } from 'typebox';
import { ManifestResponse } from '../../contract/answers.js';
import { errorResponses } from '../../contract/common.js';
import { ManifestBody, ValidateCredentialsBody } from '../../contract/operations.js';
import type { App, RouteContext } from '../types.js';

export function registerManifestRoutes(app: App, { services }: RouteContext): void {
  app.post(
    '/manifest',
    { schema: { tags: ['shipping'], summary: 'Close out shipments: the end-of-day form', body: ManifestBody, response: { 200: ManifestResponse, ...errorResponses } } },
    async (req) => services.manifests.manifest(req.tenant, req.body.manifest, req.log),
  );

  app.post(
    '/validate_credentials',
    {
      schema: {
        tags: ['shipping accounts'],
        summary: 'Ask the carrier whether credentials are accepted',
        body: ValidateCredentialsBody,
        response: { 200: Type.Object({ valid: Type.Boolean(), message: Type.String() }), ...errorResponses },
      },
    },
    async (req) => services.manifests.validateCredentials(req.tenant, req.body.validate_credentials, req.log),
  );
}
