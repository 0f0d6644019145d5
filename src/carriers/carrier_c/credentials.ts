/**
 * validate_credentials: MyDHL has no login call, so the cheapest authenticated call stands in:
 * GET /address-validate (operation exp-api-address-validate; fixtures/address_AddressValidationRequest.json
 * and …Response.json; samples/address_validation_*.json) for a delivery address in the account's
 * country. Any answer that is not a refusal of the credentials means they are valid: a 400 about the
 * address still went through DHL's authentication.
 */
import { dig, obj } from '../shared/json.js';
import { throwIfProblem, unexpectedBody } from './errors.js';
import type { CarrierCQuery } from './wire.js';

/** Capital-city addresses DHL validates; other countries are asked by country code alone. */
const PROBES: Readonly<Record<string, { postalCode: string; cityName: string }>> = {
  US: { postalCode: '10001', cityName: 'New York' },
  CA: { postalCode: 'K1A 0B1', cityName: 'Ottawa' },
  GB: { postalCode: 'SW1A 1AA', cityName: 'London' },
  DE: { postalCode: '10115', cityName: 'Berlin' },
};

export function buildValidateCredentialsRequest(country: string): { path: string; query: CarrierCQuery } {
  const probe = PROBES[country.toUpperCase()];
  const query: CarrierCQuery = [
    ['type', 'delivery'],
    ['countryCode', country.toUpperCase()],
  ];
  if (probe) query.push(['postalCode', probe.postalCode], ['cityName', probe.cityName]);
  query.push(['strictValidation', 'false']);
  return { path: '/address-validate', query };
}

/** supermodelIoLogisticsExpressAddressValidateResponse: `{ warnings[], address[] }`. */
export function parseAddressValidateResponse(body: unknown): { addresses: number } {
  throwIfProblem(body);
  const list = dig(body, 'address');
  if (!obj(body) || !Array.isArray(list)) throw unexpectedBody('address validation response (no address)');
  return { addresses: list.length };
}
