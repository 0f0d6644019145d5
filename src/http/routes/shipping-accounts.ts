import { Type } from 'typebox';
import { errorResponses } from '../../contract/common.js';
import { CreateShippingAccountBody, IdParam, PageQuery, PatchShippingAccountBody, ShippingAccountView } from '../../contract/shipping-account.js';
import type { App, RouteContext } from '../types.js';

const One = Type.Object({ shipping_account: ShippingAccountView });
const tags = ['shipping accounts'];

export function registerShippingAccountRoutes(app: App, { services }: RouteContext): void {
  app.post(
    '/shippingaccount',
    { config: { secretAnswer: true }, schema: { tags, summary: 'Register carrier credentials', body: CreateShippingAccountBody, response: { 200: One, ...errorResponses } } },
    async (req) => ({ shipping_account: await services.accounts.create(req.tenant, req.body.shipping_account) }),
  );

  app.get(
    '/shippingaccount',
    { config: { secretAnswer: true }, schema: { tags, summary: 'List shipping accounts (secrets masked)', querystring: PageQuery, response: { 200: Type.Object({ shipping_accounts: Type.Array(ShippingAccountView) }), ...errorResponses } } },
    async (req) => ({ shipping_accounts: await services.accounts.list(req.tenant, { limit: req.query.limit ?? 100, offset: req.query.offset ?? 0 }) }),
  );

  app.get(
    '/shippingaccount/:id',
    { schema: { tags, summary: 'Read a shipping account (secrets masked)', params: IdParam, response: { 200: One, ...errorResponses } } },
    async (req) => ({ shipping_account: await services.accounts.read(req.tenant, req.params.id) }),
  );

  app.patch(
    '/shippingaccount/:id',
    {
      schema: {
        tags,
        summary: 'Change a shipping account: name, billing address, defaults, location id or credentials (not carrier or country)',
        params: IdParam,
        body: PatchShippingAccountBody,
        response: { 200: One, ...errorResponses },
      },
    },
    async (req) => ({ shipping_account: await services.accounts.update(req.tenant, req.params.id, req.body.shipping_account) }),
  );

  app.delete(
    '/shippingaccount/:id',
    { schema: { tags, summary: 'Delete a shipping account', params: IdParam, response: { 200: Type.Object({ success: Type.Object({ message: Type.String() }) }), ...errorResponses } } },
    async (req) => {
      await services.accounts.remove(req.tenant, req.params.id);
      return { success: { message: `shipping account ${req.params.id} deleted` } };
    },
  );
}
