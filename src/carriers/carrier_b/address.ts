/**
 * validate_address: UPS Address Validation, street level (vendor/AddressValidation.yaml).
 * requestoption 3 asks for validation and classification (commercial or residential) at once;
 * the answer's indicator says valid, ambiguous (candidates follow) or no candidates.
 */
import type { Address, AddressValidation } from '../../domain/types.js';
import { deliverable, standardised, undeliverable, zipPlus4 } from '../shared/address-validation.js';
import { dig, obj } from '../shared/json.js';
import { fillPath } from '../shared/endpoint.js';
import { ENDPOINTS } from './endpoints.js';
import { unexpectedBody } from './errors.js';
import type {
  CarrierBAddressClassification,
  CarrierBAddressRequest,
  CarrierBAddressResponse,
  CarrierBCandidate,
} from './wire-address.js';

/** 3 = Address Validation and Address Classification. */
const REQUEST_OPTION = '3';
const MAX_CANDIDATES = 10;

export function buildAddressRequest(address: Address): { path: string; body: CarrierBAddressRequest } {
  const lines = [address.street1, address.street2, address.street3].filter((l): l is string => !!l);
  const postal = (address.postal_code ?? '').split('-');
  return {
    path: `${fillPath(ENDPOINTS.address.path, { requestOption: REQUEST_OPTION })}?maximumcandidatelistsize=${MAX_CANDIDATES}`,
    body: {
      XAVRequest: {
        AddressKeyFormat: {
          ...(address.company || address.name ? { ConsigneeName: address.company || address.name } : {}),
          AddressLine: lines,
          ...(address.city ? { PoliticalDivision2: address.city } : {}),
          ...(address.state ? { PoliticalDivision1: address.state } : {}),
          ...(postal[0] ? { PostcodePrimaryLow: postal[0] } : {}),
          ...(postal[1] ? { PostcodeExtendedLow: postal[1] } : {}),
          CountryCode: address.country,
        },
      },
    },
  };
}

function residentialOf(c: CarrierBAddressClassification | undefined): boolean | null {
  return c?.Code === '2' ? true : c?.Code === '1' ? false : null;
}

function candidateAddress(given: Address, c: CarrierBCandidate): Address {
  const k = c.AddressKeyFormat ?? {};
  const lines = Array.isArray(k.AddressLine) ? k.AddressLine : k.AddressLine ? [k.AddressLine] : [];
  return standardised(given, {
    street1: lines[0],
    street2: lines[1],
    city: k.PoliticalDivision2,
    state: k.PoliticalDivision1,
    postal_code: zipPlus4(k.PostcodePrimaryLow, k.PostcodeExtendedLow),
    country: k.CountryCode ?? given.country,
  });
}

export function parseAddressResponse(body: unknown, given: Address): AddressValidation {
  const xav = dig(body, 'XAVResponse');
  if (!obj(xav)) throw unexpectedBody('address validation response (no XAVResponse)');
  const r = xav as NonNullable<CarrierBAddressResponse['XAVResponse']>;
  const candidates = Array.isArray(r.Candidate) ? r.Candidate : r.Candidate ? [r.Candidate as CarrierBCandidate] : [];
  const messages = (r.Response?.Alert ?? []).map((a) => a.Description).filter((d): d is string => !!d);
  if (r.ValidAddressIndicator !== undefined && candidates[0]) {
    const found = candidates[0];
    return deliverable(
      given,
      candidateAddress(given, found),
      residentialOf(found.AddressClassification ?? r.AddressClassification),
      messages,
    );
  }
  if (r.AmbiguousAddressIndicator !== undefined) {
    return undeliverable(
      given,
      'ambiguous',
      messages.length ? messages : ['several addresses match'],
      candidates.map((c) => candidateAddress(given, c)),
    );
  }
  return undeliverable(given, 'invalid', messages.length ? messages : ['no address matches']);
}
