import { AddressValidationBody, AddressValidationResponse } from '../../contract/address.js';
import { errorResponses } from '../../contract/common.js';
import type { App, RouteContext } from '../types.js';

export function registerAddressRoutes(app: App, { services }: RouteContext): void {
  app.post(
    '/address/validate',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Check a postal address with the carrier of a shipping account',
        body: AddressValidationBody,
        response: { 200: AddressValidationResponse, ...errorResponses },
      },
    },
    async (req) => {
      const { address, ...target } = req.body.address_validation;
      const result = await services.addresses.validate(req.tenant, { ...target, shipping_account: String(target.shipping_account), address }, req.log);
      return { address_validation: result };
    },
  );
}
