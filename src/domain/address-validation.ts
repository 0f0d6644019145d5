/** What a carrier's address service says about one postal address (POST /address/validate). */
import type { Address } from './shipment.js';

export const ADDRESS_STATUSES = ['valid', 'corrected', 'ambiguous', 'invalid'] as const;
export type AddressStatus = (typeof ADDRESS_STATUSES)[number];

export interface AddressValidation {
  /**
   * valid: deliverable as given; corrected: deliverable with the changes in `address`;
   * ambiguous: several addresses match (`candidates`); invalid: not deliverable (`messages`).
   */
  status: AddressStatus;
  /** The address as the carrier standardised it; the input when the carrier had nothing better. */
  address: Address;
  candidates: Address[];
  /** null when the carrier does not classify the address. */
  residential: boolean | null;
  messages: string[];
}
