import { Type } from 'typebox';
import {
  CreateShippingAccountBody,
  IdParam,
  PageQuery,
  PatchShippingAccountBody,
  ShippingAccountView,
} from '../../contract/shipping-account.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import { actedBy } from '../audit-context.js';
import type { App, RouteContext } from '../types.js';

const One = Type.Object({ shipping_account: ShippingAccountView });
const tags = ['shipping accounts'];

export function registerShippingAccountRoutes(app: App, { services, examples }: RouteContext): void {
  app.post(
    '/shippingaccount',
    {
      config: { secretAnswer: true, permission: 'accounts.manage' },
      schema: {
        operationId: 'createShippingAccount',
        tags,
        summary: 'Register carrier credentials',
        body: withExamples(CreateShippingAccountBody, examples.createShippingAccount),
        response: {
          200: ok('The account with its id, the number later requests name (secrets masked)', One),
          ...errorResponses,
        },
      },
    },
    async (req) => ({
      shipping_account: await services.accounts.create(req.tenant, req.body.shipping_account, actedBy(req)),
    }),
  );

  app.get(
    '/shippingaccount',
    {
      config: { secretAnswer: true, permission: 'data.read' },
      schema: {
        operationId: 'listShippingAccounts',
        tags,
        summary: 'List shipping accounts (secrets masked)',
        querystring: PageQuery,
        response: {
          200: ok(
            'The tenant’s accounts, one page',
            Type.Object({ shipping_accounts: Type.Array(ShippingAccountView) }),
          ),
          ...errorResponses,
        },
      },
    },
    async (req) => ({
      shipping_accounts: await services.accounts.list(req.tenant, {
        limit: req.query.limit ?? 100,
        offset: req.query.offset ?? 0,
      }),
    }),
  );

  app.get(
    '/shippingaccount/:id',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getShippingAccount',
        tags,
        summary: 'Read a shipping account (secrets masked)',
        params: IdParam,
        response: { 200: ok('The account (secrets masked)', One), ...errorResponses },
      },
    },
    async (req) => ({ shipping_account: await services.accounts.read(req.tenant, req.params.id) }),
  );

  app.patch(
    '/shippingaccount/:id',
    {
      config: { permission: 'accounts.manage' },
      schema: {
        operationId: 'updateShippingAccount',
        tags,
        summary:
          'Change a shipping account: name, billing address, defaults, location id or credentials (not carrier or country)',
        params: IdParam,
        body: withExamples(PatchShippingAccountBody, examples.updateShippingAccount),
        response: { 200: ok('The account as changed (secrets masked)', One), ...errorResponses },
      },
    },
    async (req) => ({
      shipping_account: await services.accounts.update(
        req.tenant,
        req.params.id,
        req.body.shipping_account,
        actedBy(req),
      ),
    }),
  );

  app.delete(
    '/shippingaccount/:id',
    {
      config: { permission: 'accounts.manage' },
      schema: {
        operationId: 'deleteShippingAccount',
        tags,
        summary: 'Delete a shipping account',
        params: IdParam,
        response: {
          200: ok('Deleted', Type.Object({ success: Type.Object({ message: Type.String() }) })),
          ...errorResponses,
        },
      },
    },
    async (req) => {
      await services.accounts.remove(req.tenant, req.params.id, actedBy(req));
      return { success: { message: `shipping account ${req.params.id} deleted` } };
    },
  );
}
