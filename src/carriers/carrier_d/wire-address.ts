/**
 * USPS Addresses 3.0 (vendor/addresses.yaml, `GET /addresses/v3/address`): the query this adapter
 * sends and the AddressResponse it reads.
 */

export interface CarrierDAddressQuery {
  firm?: string;
  streetAddress: string;
  secondaryAddress?: string;
  city?: string;
  state: string;
  ZIPCode?: string;
  ZIPPlus4?: string;
}

/** DomesticAddress. */
export interface CarrierDDomesticAddress {
  streetAddress?: string;
  secondaryAddress?: string;
  city?: string;
  state?: string;
  ZIPCode?: string;
  ZIPPlus4?: string;
  urbanization?: string;
}

/** AddressCorrections / AddressMatches items. */
export interface CarrierDAddressCode {
  code?: string;
  text?: string;
}

export interface CarrierDAddressResponse {
  firm?: string;
  address?: CarrierDDomesticAddress;
  additionalInfo?: {
    deliveryPoint?: string;
    carrierRoute?: string;
    /** Y confirmed, D primary only (secondary missing), S primary only (secondary not confirmed), N not confirmed. */
    DPVConfirmation?: 'Y' | 'D' | 'S' | 'N';
    DPVCMRA?: 'Y' | 'N';
    business?: 'Y' | 'N';
    centralDeliveryPoint?: 'Y' | 'N';
    vacant?: 'Y' | 'N';
  };
  corrections?: CarrierDAddressCode[];
  matches?: CarrierDAddressCode[];
  warnings?: string[];
}

/** ErrorMessage: 404 answers say why no address matched (examples Address-Not-Found … Multiple-Addresses-Found). */
export interface CarrierDAddressError {
  apiVersion?: string;
  error?: { code?: string; message?: string; errors?: unknown[] };
}
