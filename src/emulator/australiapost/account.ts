/**
 * Australia Post account details: `GET /shipping/v1/accounts/{account_number}`, the call that shows
 * the API key works for the contract account (the path's account must be the header's).
 */
import type { FastifyInstance } from 'fastify';
import { accountOf } from './auth.js';
import type { AustraliaPostCtx } from './context.js';
import { failures } from './errors.js';
import { PRODUCTS } from './prices.js';

export function registerAccountRoutes(app: FastifyInstance, ctx: AustraliaPostCtx): void {
  app.get<{ Params: { account: string } }>('/shipping/v1/accounts/:account', ctx.tag('account'), async (request) => {
    if (request.params.account !== accountOf(request)) throw failures.customer(request.params.account);
    return {
      account_number: request.params.account,
      name: 'EMULATED MERCHANT PTY LTD',
      valid_from: '2020-01-01',
      valid_to: '2999-12-31',
      expired: false,
      addresses: [
        {
          type: 'MERCHANT_LOCATION',
          lines: ['1 Main Street'],
          suburb: 'MELBOURNE',
          state: 'VIC',
          postcode: '3000',
          country: 'AU',
        },
      ],
      details: { lodgement_postcode: '3000', abn: '00000000000', has_contract: true },
      postage_products: PRODUCTS.map((p) => ({
        type: p.type,
        group: p.group,
        product_id: p.id,
        contract: { valid_from: '2020-01-01', valid_to: '2999-12-31', expired: false },
      })),
      merchant_location_id: 'EMU',
      credit_blocked: false,
    };
  });
}
