/** API keys as objects: create (shown once), list, revoke. */
import { CreateKeyBody, KeyList, KeyResponse } from '../../contract/identity.js';
import { SuccessMessage } from '../../contract/operations.js';
import { IdParam } from '../../contract/shipping-account.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import { actedBy } from '../audit-context.js';
import type { App, RouteContext } from '../types.js';

const tags = ['users'];

export function registerKeyRoutes(app: App, { services, examples, forgetKeys }: RouteContext): void {
  const { keys } = services.identity;

  app.post(
    '/keys',
    {
      config: { permission: 'keys.manage', secretAnswer: true },
      schema: {
        operationId: 'createKey',
        tags,
        summary:
          'Make an API key with a name, a scope (at most what you may do) and an optional expiry; the key is shown only in this answer',
        body: withExamples(CreateKeyBody, examples.createKey),
        response: { 200: ok('The key’s record with the key itself (shown only here)', KeyResponse), ...errorResponses },
      },
    },
    async (req) => ({ key: await keys.create(req.principal!, req.body.key, actedBy(req)) }),
  );

  app.get(
    '/keys',
    {
      config: { permission: 'keys.manage' },
      schema: {
        operationId: 'listKeys',
        tags,
        summary:
          'The tenant’s API keys (never the keys themselves): scope, when made and by whom, last use, expiry, revocation',
        response: { 200: ok('The keys, oldest first', KeyList), ...errorResponses },
      },
    },
    async (req) => ({ keys: await keys.list(req.tenant) }),
  );

  app.delete(
    '/keys/:id',
    {
      config: { permission: 'keys.manage' },
      schema: {
        operationId: 'revokeKey',
        tags,
        summary: 'Revoke a key: it stops working within 5 seconds',
        params: IdParam,
        response: { 200: ok('Revoked', SuccessMessage), ...errorResponses },
      },
    },
    async (req) => {
      await keys.revoke(req.principal!, req.params.id, actedBy(req));
      forgetKeys();
      return { success: { message: `key ${req.params.id} revoked` } };
    },
  );
}
