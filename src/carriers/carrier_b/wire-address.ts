/**
 * UPS Address Validation, street level (vendor/AddressValidation.yaml,
 * `POST /addressvalidation/{version}/{requestoption}`): XAVRequest and XAVResponse, the members this
 * adapter sends and reads.
 */

export interface CarrierBAddressKeyFormat {
  ConsigneeName?: string;
  AddressLine?: string[];
  /** City. */
  PoliticalDivision2?: string;
  /** State. */
  PoliticalDivision1?: string;
  PostcodePrimaryLow?: string;
  PostcodeExtendedLow?: string;
  CountryCode: string;
}

export interface CarrierBAddressRequest {
  XAVRequest: { AddressKeyFormat: CarrierBAddressKeyFormat };
}

/** XAVResponse_AddressClassification: Code 0 unclassified, 1 commercial, 2 residential. */
export interface CarrierBAddressClassification {
  Code?: string;
  Description?: string;
}

export interface CarrierBCandidate {
  AddressClassification?: CarrierBAddressClassification;
  AddressKeyFormat?: Partial<Omit<CarrierBAddressKeyFormat, 'AddressLine'>> & { AddressLine?: string[] | string };
}

export interface CarrierBAddressResponse {
  XAVResponse?: {
    Response?: {
      ResponseStatus?: { Code?: string; Description?: string };
      Alert?: { Code?: string; Description?: string }[];
    };
    /** Present (empty text) when the query found a valid match. */
    ValidAddressIndicator?: string;
    AmbiguousAddressIndicator?: string;
    NoCandidatesIndicator?: string;
    AddressClassification?: CarrierBAddressClassification;
    Candidate?: CarrierBCandidate[];
  };
}
