import { Type } from 'typebox';
import { ManifestResponse } from '../../contract/answers.js';
import { ManifestBody, ValidateCredentialsBody } from '../../contract/operations.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

export function registerManifestRoutes(app: App, { services, examples }: RouteContext): void {
  app.post(
    '/manifest',
    { schema: { operationId: 'createManifest', tags: ['shipping'], summary: 'Close out shipments: the end-of-day form', body: withExamples(ManifestBody, examples.createManifest), response: { 200: ok('The form (PDF in document) and the tracking numbers on it', ManifestResponse), ...errorResponses } } },
    async (req) => services.manifests.manifest(req.tenant, req.body.manifest, req.log),
  );

  app.post(
    '/validate_credentials',
    {
      schema: {
        operationId: 'validateCredentials',
        tags: ['shipping accounts'],
        summary: 'Ask the carrier whether credentials are accepted',
        body: withExamples(ValidateCredentialsBody, examples.validateCredentials),
        response: { 200: ok('Whether the carrier accepts them, and its words', Type.Object({ valid: Type.Boolean(), message: Type.String() })), ...errorResponses },
      },
    },
    async (req) => services.manifests.validateCredentials(req.tenant, req.body.validate_credentials, req.log),
  );
}
