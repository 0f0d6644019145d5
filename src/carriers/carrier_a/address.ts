/**
 * validate_address: FedEx Address Validation API, `POST /address/v1/addresses/resolve` (wire types
 * in wire-address.ts). FedEx answers one resolved address per address sent; its `attributes` say
 * whether it was resolved and is a delivery point (DPV), or matched several addresses.
 */
import type { Address, AddressValidation } from '../../domain/types.js';
import { deliverable, standardised, undeliverable, zipPlus4 } from '../shared/address-validation.js';
import { dig, obj } from '../shared/json.js';
import { unexpectedBody } from './errors.js';
import type { CarrierAAddressRequest, CarrierAResolvedAddress } from './wire-address.js';

export function buildAddressRequest(address: Address, now: Date): CarrierAAddressRequest {
  const streetLines = [address.street1, address.street2, address.street3].filter((l): l is string => !!l);
  return {
    inEffectAsOfTimestamp: now.toISOString().slice(0, 10),
    validateAddressControlParameters: { includeResolutionTokens: true },
    addressesToValidate: [
      {
        address: {
          streetLines,
          ...(address.city ? { city: address.city } : {}),
          ...(address.state ? { stateOrProvinceCode: address.state } : {}),
          ...(address.postal_code ? { postalCode: address.postal_code } : {}),
          countryCode: address.country,
        },
      },
    ],
  };
}

const CLASSIFICATION: Readonly<Record<string, boolean>> = { RESIDENTIAL: true, BUSINESS: false };

export function parseAddressResponse(body: unknown, given: Address): AddressValidation {
  const list = dig(body, 'output', 'resolvedAddresses');
  const first = Array.isArray(list) ? list[0] : undefined;
  if (!obj(first)) throw unexpectedBody('address validation response (no resolvedAddresses)');
  const r = first as CarrierAResolvedAddress;
  const flag = (name: string) => r.attributes?.[name] === 'true';
  const alerts = dig(body, 'output', 'alerts');
  const messages = [...(r.customerMessages ?? []), ...(Array.isArray(alerts) ? (alerts as { message?: string }[]) : [])]
    .map((m) => m.message)
    .filter((m): m is string => typeof m === 'string' && m !== '');
  if (flag('MultipleMatches'))
    return undeliverable(
      given,
      'ambiguous',
      messages.length ? messages : ['several addresses match; add the ZIP code or correct the city'],
    );
  if (!flag('Resolved') || !flag('DPV'))
    return undeliverable(given, 'invalid', messages.length ? messages : ['the address is not a known delivery point']);
  const [street1, street2] = r.streetLinesToken ?? [];
  const postal = r.parsedPostalCode?.base ? zipPlus4(r.parsedPostalCode.base, r.parsedPostalCode.addOn) : r.postalCode;
  const found = standardised(given, {
    street1,
    street2,
    city: r.city,
    state: r.stateOrProvinceCode,
    postal_code: postal,
    country: r.countryCode ?? given.country,
  });
  return deliverable(
    given,
    found,
    r.classification !== undefined ? (CLASSIFICATION[r.classification] ?? null) : null,
    messages,
  );
}
