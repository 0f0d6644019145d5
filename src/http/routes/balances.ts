import { errorResponses, ok, withExamples } from '../openapi.js';
import { AddFundsBody, BalanceResponse, IdParam } from '../../contract/shipping-account.js';
import { actedBy } from '../audit-context.js';
import type { App, RouteContext } from '../types.js';

const tags = ['shipping accounts'];

export function registerBalanceRoutes(app: App, { services, examples }: RouteContext): void {
  app.get(
    '/shippingaccount/:id/balance',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getPostageBalance',
        tags,
        summary: 'Read the prepaid postage balance (carriers that sell postage in advance)',
        params: IdParam,
        response: { 200: ok('The balance the carrier holds for the account', BalanceResponse), ...errorResponses },
      },
    },
    async (req) => services.balances.read(req.tenant, req.params.id, req.log),
  );

  app.post(
    '/shippingaccount/:id/balance',
    {
      config: { permission: 'billing.manage' },
      schema: {
        operationId: 'addPostage',
        tags,
        summary: 'Buy postage with the carrier; send an Idempotency-Key to retry safely',
        params: IdParam,
        body: withExamples(AddFundsBody, examples.addPostage),
        response: { 200: ok('The balance after the purchase', BalanceResponse), ...errorResponses },
      },
    },
    async (req) => services.balances.addFunds(req.tenant, req.params.id, req.body.add_funds, req.log, actedBy(req)),
  );
}
