/** Steps every carrier's address answer takes on its way to an AddressValidation. */
import type { Address, AddressStatus, AddressValidation } from '../../domain/types.js';

const plain = (text: string | undefined) =>
  (text ?? '').toUpperCase().replace(/[.,#]/g, ' ').split(/\s+/).filter(Boolean).join(' ');
const zip5 = (a: Address) => (a.country === 'US' ? (a.postal_code ?? '').slice(0, 5) : plain(a.postal_code));

/**
 * Whether the carrier's standardised address says what the client sent: same street, city, state
 * and postal code, ignoring case and punctuation. A ZIP+4 the carrier adds to a 5-digit ZIP does
 * not make an address "corrected": it was deliverable as given.
 */
export function sameAddress(given: Address, found: Address): boolean {
  const keys = ['street1', 'city', 'state'] as const;
  return (
    keys.every((k) => found[k] === undefined || plain(given[k]) === plain(found[k])) &&
    (found.postal_code === undefined || zip5(given) === zip5(found))
  );
}

/** valid or corrected for a deliverable address, by comparing it with the one sent. */
export function deliverable(
  given: Address,
  found: Address,
  residential: boolean | null,
  messages: string[],
): AddressValidation {
  const status: AddressStatus = sameAddress(given, found) ? 'valid' : 'corrected';
  return { status, address: found, candidates: [], residential, messages };
}

export function undeliverable(
  given: Address,
  status: 'ambiguous' | 'invalid',
  messages: string[],
  candidates: Address[] = [],
): AddressValidation {
  return { status, address: given, candidates, residential: null, messages };
}

/** A US postal code from a 5-digit ZIP and an optional +4. */
export function zipPlus4(zip: string | undefined, plus4: string | undefined): string | undefined {
  if (!zip) return undefined;
  return plus4 ? `${zip}-${plus4}` : zip;
}

/** The postal members of an address as the carrier found them, over what the client sent. */
export function standardised(given: Address, found: Partial<Address>): Address {
  const out: Address = { country: found.country ?? given.country };
  for (const k of ['street1', 'street2', 'city', 'state', 'postal_code'] as const) {
    const v = found[k] ?? given[k];
    if (v !== undefined && v !== '') out[k] = v;
  }
  return out;
}
