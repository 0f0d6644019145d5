/**
 * validate_address: USPS Addresses 3.0, `GET /addresses/v3/address` (vendor/addresses.yaml). USPS
 * standardises the address and adds ZIP+4; DPVConfirmation says whether it is a delivery point,
 * corrections code 22 that several addresses match without a default. A 404 answers "no match"
 * (or "More than one address was found") in its message.
 */
import { ApiError } from '../../domain/errors.js';
import type { Address, AddressValidation } from '../../domain/types.js';
import { deliverable, standardised, undeliverable, zipPlus4 } from '../shared/address-validation.js';
import { obj } from '../shared/json.js';
import { ENDPOINTS } from './endpoints.js';
import { parseJson } from '../shared/calls.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import type { CarrierDAddressError, CarrierDAddressQuery, CarrierDAddressResponse } from './wire-address.js';

export function buildAddressRequest(address: Address): string {
  if (!address.street1)
    throw new ApiError(
      'schema_field_required',
      'carrier_d validates a street address: street1 is required',
      'address.street1',
    );
  if (!address.state)
    throw new ApiError(
      'schema_field_required',
      'carrier_d validates US addresses with their two-letter state: state is required',
      'address.state',
    );
  const [zip, plus4] = (address.postal_code ?? '').split('-');
  const query: CarrierDAddressQuery = {
    ...(address.company ? { firm: address.company } : {}),
    streetAddress: address.street1,
    ...(address.street2 ? { secondaryAddress: address.street2 } : {}),
    ...(address.city ? { city: address.city } : {}),
    state: address.state.toUpperCase(),
    ...(zip && /^\d{5}$/.test(zip) ? { ZIPCode: zip } : {}),
    ...(plus4 && /^\d{4}$/.test(plus4) ? { ZIPPlus4: plus4 } : {}),
  };
  return `${ENDPOINTS.address.path}?${new URLSearchParams(query as unknown as Record<string, string>).toString()}`;
}

const MULTIPLE = /more than one address/i;

const notJson = () => unexpectedBody('address response (not JSON)');

export function parseAddressResponse(res: { status: number; body: string }, given: Address): AddressValidation {
  if (res.status === 404) {
    const message =
      (parseJson(res.body, notJson) as CarrierDAddressError | undefined)?.error?.message ??
      'There is no match for the address requested.';
    return undeliverable(given, MULTIPLE.test(message) ? 'ambiguous' : 'invalid', [message]);
  }
  if (res.status < 200 || res.status >= 300) throw parseErrorResponse(res.status, res.body);
  const body = parseJson(res.body, notJson);
  if (!obj(body) || !obj((body as CarrierDAddressResponse).address))
    throw unexpectedBody('address response (no address)');
  const r = body as CarrierDAddressResponse;
  const info = r.additionalInfo ?? {};
  const messages = [...(r.corrections ?? []).map((c) => c.text), ...(r.warnings ?? [])].filter((m): m is string => !!m);
  const a = r.address!;
  const found = standardised(given, {
    street1: a.streetAddress,
    street2: a.secondaryAddress,
    city: a.city,
    state: a.state,
    postal_code: zipPlus4(a.ZIPCode, a.ZIPPlus4),
    country: 'US',
  });
  if (info.DPVConfirmation === 'N')
    return undeliverable(
      given,
      'invalid',
      messages.length ? messages : ['USPS does not confirm this address as a delivery point'],
    );
  if ((r.corrections ?? []).some((c) => c.code === '22')) return undeliverable(given, 'ambiguous', messages, [found]);
  const residential = info.business === 'Y' ? false : info.business === 'N' ? true : null;
  return deliverable(given, found, residential, messages);
}
