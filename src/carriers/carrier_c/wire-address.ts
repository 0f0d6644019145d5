/**
 * MyDHL API `GET /address-validate` (vendor/express-api-3.1.1_swagger.yaml, operation
 * exp-api-address-validate; samples/address_validation_*.json, fixtures/address_*.json): the query
 * this adapter sends and supermodelIoLogisticsExpressAddressValidateResponse.
 */

export interface CarrierCAddressQuery {
  /** pickup or delivery capability. */
  type: 'pickup' | 'delivery';
  countryCode: string;
  postalCode?: string;
  cityName?: string;
  countyName?: string;
  strictValidation: boolean;
}

export interface CarrierCAddressResponse {
  warnings?: string[];
  address?: {
    countryCode?: string;
    /** A string per the description; recorded answers carry a number (fixtures/address_AddressValidationResponse.json). */
    postalCode?: string | number;
    cityName?: string;
    countyName?: string;
    serviceArea?: { code?: string; description?: string; GMTOffset?: string };
  }[];
}
