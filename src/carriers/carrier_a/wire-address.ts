/**
 * FedEx Address Validation API (`POST /address/v1/addresses/resolve`), the members this adapter
 * sends and reads. The vendor folder has no description of this API; the shapes follow FedEx's
 * public API reference (developer.fedex.com, "Address Validation API", Validate Address).
 */

export interface CarrierAAddressLine {
  streetLines: string[];
  city?: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  countryCode: string;
}

export interface CarrierAAddressRequest {
  inEffectAsOfTimestamp?: string;
  validateAddressControlParameters?: { includeResolutionTokens?: boolean };
  addressesToValidate: { address: CarrierAAddressLine; clientReferenceId?: string }[];
}

/** `output.resolvedAddresses[]`: the address as FedEx resolved it, and what it knows about it. */
export interface CarrierAResolvedAddress {
  streetLinesToken?: string[];
  city?: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  parsedPostalCode?: { base?: string; addOn?: string; deliveryPoint?: string };
  countryCode?: string;
  /** BUSINESS, RESIDENTIAL, MIXED or UNKNOWN. */
  classification?: string;
  customerMessages?: { code?: string; message?: string }[];
  /** Text flags "true"/"false": Resolved, DPV, MultipleMatches, StreetValidated, ZIP4Match, … */
  attributes?: Record<string, string>;
}

export interface CarrierAAddressResponse {
  transactionId?: string;
  output?: {
    resolvedAddresses?: CarrierAResolvedAddress[];
    alerts?: { code?: string; message?: string; alertType?: string }[];
  };
}
