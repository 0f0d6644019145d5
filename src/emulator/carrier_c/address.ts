/**
 * MyDHL `GET /address-validate?type&countryCode&postalCode&cityName&strictValidation` answers
 * `{ warnings, address: [{ countryCode, postalCode, cityName, serviceArea }] }` like
 * samples/address_validation_response.json. type must be pickup or delivery and countryCode two
 * letters; cityName is at most 45 characters (the vendor's 400 example).
 */
import type { FastifyInstance } from 'fastify';
import { str } from '../json.js';
import type { CarrierCCtx } from './context.js';
import { failures } from './errors.js';
import { serviceArea } from './request.js';

export function registerAddressRoutes(app: FastifyInstance, ctx: CarrierCCtx): void {
  app.get('/address-validate', ctx.tag('address_validate'), async (request) => {
    const q = request.query as Record<string, unknown>;
    const missing = ['type', 'countryCode'].filter((k) => str(q[k]) === undefined);
    if (missing.length > 0) throw failures.missing(missing);
    const type = str(q.type);
    const country = str(q.countryCode) ?? '';
    const city = str(q.cityName);
    const bad = [type === 'pickup' || type === 'delivery' ? undefined : 'type', /^[A-Z]{2}$/.test(country) ? undefined : 'countryCode', city && city.length > 45 ? 'cityName (maxLength=45)' : undefined];
    const wrong = bad.filter((b): b is string => b !== undefined);
    if (wrong.length > 0) throw failures.format(wrong);
    const name = (city ?? 'CAPITAL').toUpperCase();
    const code = serviceArea(name);
    return {
      warnings: [],
      address: [{ countryCode: country, postalCode: str(q.postalCode) ?? '', cityName: name, serviceArea: { code, description: `${name} - ${country}`, facilityCode: code, inboundSortCode: code } }],
    };
  });
}
