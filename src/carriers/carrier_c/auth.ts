/**
 * carrier_c's credentials: HTTP Basic, my_carrier_c_username + my_carrier_c_password, else site_id +
 * password (the declaration's pairs).
 *
 * validate_credentials: MyDHL has no login call, so the cheapest authenticated call stands in:
 * GET /address-validate (operation exp-api-address-validate; fixtures/address_AddressValidationRequest.json
 * and …Response.json; samples/address_validation_*.json) for a delivery address in the account's
 * country. Any answer that is not a refusal of the credentials means they are valid: a 400 about the
 * address still went through DHL's authentication.
 */
import { ApiError } from '../../domain/errors.js';
import { dig, obj } from '../shared/json.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import type { CarrierCQuery } from './wire.js';

/** my_carrier_c_username + my_carrier_c_password when both are present, else site_id + password. */
export function credentialsOf(auth: Readonly<Record<string, string>>): { username: string; password: string } {
  if (auth.my_carrier_c_username && auth.my_carrier_c_password)
    return { username: auth.my_carrier_c_username, password: auth.my_carrier_c_password };
  if (auth.site_id && auth.password) return { username: auth.site_id, password: auth.password };
  throw new ApiError(
    'carrier_authentication',
    'carrier_c needs my_carrier_c_username and my_carrier_c_password, or site_id and password, in the shipping account auth',
    'auth.site_id',
  );
}

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
  return { path: ENDPOINTS.validate.path, query };
}

/** supermodelIoLogisticsExpressAddressValidateResponse: `{ warnings[], address[] }`. */
export function parseValidateCredentialsResponse(body: unknown): { addresses: number } {
  throwIfError(body);
  const list = dig(body, 'address');
  if (!obj(body) || !Array.isArray(list)) throw unexpectedBody('address validation response (no address)');
  return { addresses: list.length };
}
