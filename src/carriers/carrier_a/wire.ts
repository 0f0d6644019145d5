/**
 * FedEx REST wire bodies, as far as Waybill uses them. Derived from the vendor OpenAPI files
 * (rate-api.json, ship-api.json, track.json, pickup-api.json) and, for /location/v1/locations
 * which has no vendor file here, from FedEx's public Location Search API documentation.
 * Optional members are optional on the wire too. Response types describe what parsers read;
 * parsers still treat bodies as `unknown` and narrow, because carriers do not keep promises.
 * This file holds the parts every operation shares and the error body; each operation's own
 * bodies are in wire-<operation>.ts.
 */

// ---------- common ----------

export interface CarrierAAccountNumber {
  value: string;
}

/** ship-api.json Money / Customs_Money. */
export interface CarrierAMoney {
  amount: number;
  currency: string;
}

/** ship-api.json Weight. */
export interface CarrierAWeight {
  units: 'KG' | 'LB';
  value: number;
}

/** ship-api.json Dimensions: whole numbers ("No implied decimal places"). */
export interface CarrierADimensions {
  length: number;
  width: number;
  height: number;
  units: 'IN' | 'CM';
}

/** ship-api.json PartyAddress; rate-api.json RateAddress has no streetLines. */
export interface CarrierAAddress {
  streetLines?: string[];
  city?: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  countryCode: string;
  residential?: boolean;
}

/** ship-api.json PartyContact. */
export interface CarrierAContact {
  personName?: string;
  companyName?: string;
  phoneNumber?: string;
  emailAddress?: string;
}

export interface CarrierAParty {
  address: CarrierAAddress;
  contact?: CarrierAContact;
  accountNumber?: CarrierAAccountNumber;
}

/** ship-api.json Payment / Payor / ResponsiblePartyParty. */
export interface CarrierAPayment {
  paymentType: 'SENDER' | 'RECIPIENT' | 'THIRD_PARTY' | 'COLLECT';
  payor?: {
    responsibleParty: { accountNumber: CarrierAAccountNumber; address?: CarrierAAddress; contact?: CarrierAContact };
  };
}

export type CarrierACustomerReferenceType =
  | 'CUSTOMER_REFERENCE'
  | 'DEPARTMENT_NUMBER'
  | 'INVOICE_NUMBER'
  | 'P_O_NUMBER'
  | 'INTRACOUNTRY_REGULATORY_REFERENCE'
  | 'RMA_ASSOCIATION';

export interface CarrierACustomerReference {
  customerReferenceType: CarrierACustomerReferenceType;
  value: string;
}

/** ship-api.json / rate-api.json Commodity. */
export interface CarrierACommodity {
  description: string;
  name?: string;
  countryOfManufacture?: string;
  harmonizedCode?: string;
  numberOfPieces?: number;
  quantity?: number;
  quantityUnits?: string;
  weight?: CarrierAWeight;
  unitPrice?: CarrierAMoney;
  customsValue?: CarrierAMoney;
}

export type CarrierAShipmentPurpose =
  'GIFT' | 'NOT_SOLD' | 'PERSONAL_EFFECTS' | 'REPAIR_AND_RETURN' | 'SAMPLE' | 'SOLD';

/** ship-api.json CustomsClearanceDetail (the rate API accepts the subset it needs). */
export interface CarrierACustomsClearanceDetail {
  commercialInvoice?: {
    originatorName?: string;
    customerReferences?: CarrierACustomerReference[];
    termsOfSale?: string;
    shipmentPurpose?: CarrierAShipmentPurpose;
    declarationStatement?: string;
  };
  commodities: CarrierACommodity[];
  dutiesPayment?: CarrierAPayment;
  insuranceCharge?: CarrierAMoney;
  isDocumentOnly?: boolean;
}

/** ship-api.json PackageSpecialServicesRequested. */
export interface CarrierAPackageSpecialServices {
  specialServiceTypes?: string[];
  signatureOptionType?: 'SERVICE_DEFAULT' | 'NO_SIGNATURE_REQUIRED' | 'INDIRECT' | 'DIRECT' | 'ADULT';
}

/** ship-api.json RequestedPackageLineItem. */
export interface CarrierAPackageLineItem {
  sequenceNumber?: number;
  subPackagingType?: string;
  groupPackageCount?: number;
  weight: CarrierAWeight;
  dimensions?: CarrierADimensions;
  declaredValue?: CarrierAMoney;
  customerReferences?: CarrierACustomerReference[];
  packageSpecialServices?: CarrierAPackageSpecialServices;
}

export type CarrierASmartPostIndicia =
  'MEDIA_MAIL' | 'PARCEL_RETURN' | 'PARCEL_SELECT' | 'PRESORTED_BOUND_PRINTED_MATTER' | 'PRESORTED_STANDARD';

/** ship-api.json ShipmentSpecialServicesRequested (with ETDDetail and ReturnShipmentDetail). */
export interface CarrierAShipmentSpecialServices {
  specialServiceTypes: string[];
  etdDetail?: { attributes?: string[]; requestedDocumentTypes?: string[] };
  returnShipmentDetail?: { returnType: 'PRINT_RETURN_LABEL' | 'PENDING' };
}

export type CarrierAPickupType = 'CONTACT_FEDEX_TO_SCHEDULE' | 'DROPOFF_AT_FEDEX_LOCATION' | 'USE_SCHEDULED_PICKUP';
export type CarrierARateRequestType = 'LIST' | 'ACCOUNT' | 'PREFERRED' | 'INCENTIVE';

// ---------- errors ----------

/** The error body of every FedEx REST API (ErrorResponseVO / CXSError). */
export interface CarrierAErrorResponse {
  transactionId?: string;
  customerTransactionId?: string;
  errors?: { code?: string; message?: string; parameterList?: { key?: string; value?: string }[] }[];
}
