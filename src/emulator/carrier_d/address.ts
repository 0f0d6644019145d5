/**
 * `GET /addresses/v3/address` (vendor/addresses.yaml): the query looked up in the shared gazetteer.
 * A match answers AddressResponse (standardised address with ZIP+4, DPVConfirmation Y, match code
 * 31, business Y/N); no match and several matches answer 404 with the description's example
 * messages (Address-Not-Found, Multiple-Addresses-Found). streetAddress and state are required.
 */
import type { FastifyInstance } from 'fastify';
import { lookupStreet } from '../gazetteer.js';
import type { CarrierDCtx } from './context.js';
import { errors, UspsFailure } from './errors.js';

const notFound = (message: string) => ({ apiVersion: 'v3', error: { code: '404', message, errors: [] } });

export function registerAddressRoutes(app: FastifyInstance, ctx: CarrierDCtx): void {
  app.get('/addresses/v3/address', ctx.tag('address'), async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (!q.streetAddress) throw new UspsFailure(400, [errors.missing('streetAddress')]);
    if (!q.state) throw new UspsFailure(400, [errors.missing('state')]);
    if (!/^[A-Z]{2}$/.test(q.state))
      throw new UspsFailure(400, [errors.invalid('state', 'state must be a two-letter state code.')]);
    if (q.ZIPCode !== undefined && !/^\d{5}$/.test(q.ZIPCode))
      throw new UspsFailure(400, [errors.invalid('ZIPCode', 'ZIPCode must be a 5-digit ZIP Code.')]);
    const found = lookupStreet({ street: q.streetAddress, city: q.city, state: q.state, zip: q.ZIPCode });
    if (found.kind === 'ambiguous')
      return reply.code(404).send(notFound('More than one address was found matching the requested address.'));
    if (found.kind === 'invalid') return reply.code(404).send(notFound('There is no match for the address requested.'));
    const a = found.address;
    return {
      ...(q.firm ? { firm: q.firm.toUpperCase() } : {}),
      address: {
        streetAddress: a.street1,
        ...(q.secondaryAddress ? { secondaryAddress: q.secondaryAddress.toUpperCase() } : {}),
        city: a.city,
        state: a.state,
        ZIPCode: a.zip,
        ZIPPlus4: a.plus4,
      },
      additionalInfo: {
        deliveryPoint: '01',
        carrierRoute: 'C001',
        DPVConfirmation: 'Y',
        DPVCMRA: 'N',
        business: a.residential ? 'N' : 'Y',
        centralDeliveryPoint: 'N',
        vacant: 'N',
      },
      corrections: [],
      matches: [{ code: '31', text: 'Single Response - exact match' }],
      warnings: [],
    };
  });
}
