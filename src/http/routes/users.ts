/** A tenant's users: list, invite, change (role, name, disabled), remove. owner and admin only. */
import { InvitationResponse, InviteBody, UpdateUserBody, UserList, UserResponse } from '../../contract/identity.js';
import { SuccessMessage } from '../../contract/operations.js';
import { IdParam } from '../../contract/shipping-account.js';
import { linkBase } from '../base-url.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import { actedBy } from '../audit-context.js';
import type { App, RouteContext } from '../types.js';

const tags = ['users'];
const manage = { permission: 'users.manage' } as const;

export function registerUserRoutes(app: App, { services, config, examples, forgetKeys }: RouteContext): void {
  const { users } = services.identity;
  const base = linkBase(app, config);

  app.get(
    '/users',
    {
      config: manage,
      schema: {
        operationId: 'listUsers',
        tags,
        summary: 'The tenant’s users, oldest first, with their roles and status',
        response: { 200: ok('The users', UserList), ...errorResponses },
      },
    },
    async (req) => ({ users: await users.list(req.tenant) }),
  );

  app.post(
    '/users/invitations',
    {
      // The answer carries the invitation's link: a stored replay of it is sealed.
      config: { ...manage, secretAnswer: true },
      schema: {
        operationId: 'inviteUser',
        tags,
        summary:
          'Invite a person with a role: a signed link that works once, until it expires, to copy and hand on (inviting again makes a new link)',
        body: withExamples(InviteBody, examples.inviteUser),
        response: {
          200: ok('The user (status invited) and the invitation’s link', InvitationResponse),
          ...errorResponses,
        },
      },
    },
    async (req) => users.invite(req.principal!, req.body.invitation, base(), actedBy(req)),
  );

  app.get(
    '/users/:id',
    {
      config: manage,
      schema: {
        operationId: 'getUser',
        tags,
        summary: 'Read a user',
        params: IdParam,
        response: { 200: ok('The user', UserResponse), ...errorResponses },
      },
    },
    async (req) => ({ user: await users.read(req.tenant, req.params.id) }),
  );

  app.patch(
    '/users/:id',
    {
      config: manage,
      schema: {
        operationId: 'updateUser',
        tags,
        summary:
          'Change a user’s role, name, or disable it (its sessions end); the new rights hold from its next request',
        params: IdParam,
        body: withExamples(UpdateUserBody, examples.updateUser),
        response: { 200: ok('The user as changed', UserResponse), ...errorResponses },
      },
    },
    async (req) => {
      const user = await users.update(req.principal!, req.params.id, req.body.user, actedBy(req));
      // The keys the user made hold its new rights from their next request here.
      forgetKeys();
      return { user };
    },
  );

  app.delete(
    '/users/:id',
    {
      config: manage,
      schema: {
        operationId: 'deleteUser',
        tags,
        summary: 'Remove a user: its sessions end, its open invitation stops working',
        params: IdParam,
        response: { 200: ok('Removed', SuccessMessage), ...errorResponses },
      },
    },
    async (req) => {
      await users.remove(req.principal!, req.params.id, actedBy(req));
      forgetKeys();
      return { success: { message: `user ${req.params.id} removed` } };
    },
  );
}
