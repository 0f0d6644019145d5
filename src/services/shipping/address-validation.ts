/**
 * POST /address/validate, and the recipient check of POST /ship (`validate_address`): an address
 * asked of the carrier of one shipping account, through that carrier's own address service.
 */
import type { Log } from '../../foundations/logger.js';
import { ApiError } from '../../domain/errors.js';
import type { Address, AddressValidation } from '../../domain/types.js';
import type { CarrierCalls, CallTarget } from '../kernel/index.js';

export interface AddressTarget extends CallTarget {
  address: Address;
}

/** One line of an address, for messages: "1 MAIN ST, MEMPHIS TN 38117-1234, US". */
export function addressLine(a: Address): string {
  const place = [a.city, [a.state, a.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(' ');
  return [a.street1, a.street2, place, a.country].filter(Boolean).join(', ');
}

/** POST /ship refuses a recipient the carrier says is invalid or ambiguous; nothing is booked. */
export function requireDeliverable(v: AddressValidation, path: string): void {
  if (v.status === 'valid' || v.status === 'corrected') return;
  if (v.status === 'ambiguous') {
    const options = v.candidates.map(addressLine);
    throw new ApiError(
      'address_invalid',
      `the carrier finds several addresses for ${path}${v.messages.length ? ` (${v.messages.join('; ')})` : ''}; send one of the candidates`,
      options.length ? `candidates: ${options.join(' | ')}` : v.messages.join('; ') || path,
    );
  }
  throw new ApiError(
    'address_invalid',
    `the carrier cannot deliver to ${path}: ${v.messages.join('; ') || 'no such address'}`,
    v.messages.join('; ') || path,
  );
}

/**
 * The address to book after a correction: the carrier's standardised postal members over the
 * client's, keeping what only the client knows (name, company, phone, e-mail, customs numbers).
 * The client's `residential` flag stays too: the rate it chose was quoted with it, and a carrier
 * offers other services to homes; the carrier's classification is in the answer's address_validation.
 */
export function correctedAddress(given: Address, v: AddressValidation): Address {
  const { street1, street2, street3, city, state, postal_code, country } = v.address;
  return {
    ...given,
    street1,
    street2: street2 ?? given.street2,
    street3: street3 ?? given.street3,
    city,
    state,
    postal_code,
    country,
  };
}

export function createAddressValidationService(deps: { calls: CarrierCalls }) {
  async function validate(tenant: string, target: AddressTarget, log: Log): Promise<AddressValidation> {
    const { call, run } = await deps.calls.prepare<'validateAddress'>(tenant, target, 'validate_address', log);
    return run(call, target.address);
  }
  return { validate };
}

export type AddressValidationService = ReturnType<typeof createAddressValidationService>;
