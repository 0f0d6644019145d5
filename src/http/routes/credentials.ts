/** POST /validate_credentials: the carrier says whether it accepts an account's or inline credentials. */
import { Type } from 'typebox';
import { ValidateCredentialsBody } from '../../contract/operations.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

export function registerCredentialRoutes(app: App, { services, examples }: RouteContext): void {
  app.post(
    '/validate_credentials',
    {
      config: { permission: 'accounts.manage' },
      schema: {
        operationId: 'validateCredentials',
        tags: ['shipping accounts'],
        summary: 'Ask the carrier whether credentials are accepted',
        body: withExamples(ValidateCredentialsBody, examples.validateCredentials),
        response: {
          200: ok(
            'Whether the carrier accepts them, and its words',
            Type.Object({ valid: Type.Boolean(), message: Type.String() }),
          ),
          ...errorResponses,
        },
      },
    },
    async (req) => services.credentials.validate(req.tenant, req.body.validate_credentials, req.log),
  );
}
