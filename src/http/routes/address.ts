import { AddressValidationBody, AddressValidationResponse } from '../../contract/address.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

export function registerAddressRoutes(app: App, { services, examples }: RouteContext): void {
  app.post(
    '/address/validate',
    {
      config: { permission: 'shipments.rate' },
      schema: {
        operationId: 'validateAddress',
        tags: ['shipping'],
        summary: 'Check a postal address with the carrier of a shipping account',
        body: withExamples(AddressValidationBody, examples.validateAddress),
        response: {
          200: ok(
            'What the carrier says of the address: valid, corrected, ambiguous or invalid',
            AddressValidationResponse,
          ),
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const { address, ...target } = req.body.address_validation;
      const result = await services.addresses.validate(
        req.tenant,
        { ...target, shipping_account: String(target.shipping_account), address },
        req.log,
      );
      return { address_validation: result };
    },
  );
}
