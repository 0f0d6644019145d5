/**
 * validate_address: MyDHL `GET /address-validate` (wire-address.ts). DHL Express checks whether it
 * delivers to a postal location (country, postal code, city), never the street: every answer says
 * so in its messages. One location matching is valid (corrected when DHL's city or postal code
 * differs); several are ambiguous; none, or DHL's 404, is invalid.
 */
import type { Address, AddressValidation } from '../../domain/types.js';
import { deliverable, standardised, undeliverable } from '../shared/address-validation.js';
import { obj } from '../shared/json.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import type { CarrierCAddressQuery, CarrierCAddressResponse } from './wire-address.js';
import type { CarrierCQuery } from './wire.js';

export const POSTAL_ONLY =
  'carrier_c checks the postal location only (country, postal code and city), not the street or house number';

/** cityName is at most 45 characters (the description's 400 example). */
const CITY_MAX = 45;

export function buildAddressRequest(address: Address): { path: string; query: CarrierCQuery } {
  const q: CarrierCAddressQuery = {
    type: 'delivery',
    countryCode: address.country,
    ...(address.postal_code ? { postalCode: address.postal_code } : {}),
    ...(address.city ? { cityName: address.city.slice(0, CITY_MAX) } : {}),
    strictValidation: true,
  };
  return { path: ENDPOINTS.address.path, query: Object.entries(q).map(([k, v]) => [k, String(v)] as [string, string]) };
}

export function parseAddressResponse(body: unknown, given: Address): AddressValidation {
  throwIfError(body);
  const r = body as CarrierCAddressResponse;
  if (!obj(body) || !Array.isArray(r.address)) throw unexpectedBody('address validation response (no address)');
  const messages = [...(r.warnings ?? []).filter((w) => typeof w === 'string'), POSTAL_ONLY];
  const places = r.address.map((a) =>
    standardised(given, {
      ...(a.cityName ? { city: a.cityName } : {}),
      ...(a.postalCode !== undefined && a.postalCode !== '' ? { postal_code: String(a.postalCode) } : {}),
      country: a.countryCode ?? given.country,
    }),
  );
  if (places.length === 0)
    return undeliverable(given, 'invalid', ['carrier_c does not deliver to this postal location', POSTAL_ONLY]);
  if (places.length > 1) return undeliverable(given, 'ambiguous', messages, places);
  return deliverable(given, places[0]!, null, messages);
}

/** DHL's 404 for a postal location it does not know: an answer about the address, not a failure. */
export function parseAddressNotFound(message: string, given: Address): AddressValidation {
  return undeliverable(given, 'invalid', [message, POSTAL_ONLY]);
}
