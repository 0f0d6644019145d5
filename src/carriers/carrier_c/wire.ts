/**
 * DHL Express MyDHL API wire bodies, as far as Waybill uses them (vendor/express-api-3.1.1_swagger.yaml:
 * supermodelIoLogisticsExpressRateRequest, …CreateShipmentRequest, …PickupRequest, and the query
 * parameters of GET /tracking, /address-validate and /servicepoints). Optional members are
 * optional on the wire too. Answers are parsed from `unknown`, so only requests are typed here.
 */

export type CarrierCEncodingFormat = 'pdf' | 'zpl' | 'lp2' | 'epl';
export type CarrierCUnitOfMeasurement = 'metric' | 'imperial';

/** supermodelIoLogisticsExpressAccount. */
export interface CarrierCAccount {
  typeCode: 'shipper' | 'payer' | 'duties-taxes';
  number: string;
}

/** supermodelIoLogisticsExpressAddressRatesRequest: the flat address of /rates. */
export interface CarrierCRateAddress {
  postalCode: string;
  cityName: string;
  countryCode: string;
  provinceCode?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressLine3?: string;
}

/** supermodelIoLogisticsExpressAddressCreateShipmentRequest. */
export interface CarrierCPostalAddress extends CarrierCRateAddress {
  countryName?: string;
}

/** supermodelIoLogisticsExpressContact. */
export interface CarrierCContact {
  email?: string;
  phone: string;
  mobilePhone?: string;
  companyName: string;
  fullName: string;
}

export interface CarrierCRegistrationNumber {
  typeCode: string;
  number: string;
  issuerCountryCode: string;
}

export interface CarrierCParty {
  postalAddress: CarrierCPostalAddress;
  contactInformation: CarrierCContact;
  registrationNumbers?: CarrierCRegistrationNumber[];
  typeCode?: 'business' | 'direct_consumer' | 'government' | 'other' | 'private' | 'reseller';
}

export interface CarrierCDimensions {
  length: number;
  width: number;
  height: number;
}

export interface CarrierCValueAddedService {
  serviceCode: string;
  value?: number;
  currency?: string;
}

export interface CarrierCReference {
  value: string;
  typeCode?: string;
}

export interface CarrierCPackage {
  typeCode?: string;
  weight: number;
  dimensions?: CarrierCDimensions;
  customerReferences?: CarrierCReference[];
  description?: string;
}

export interface CarrierCRateRequest {
  customerDetails: { shipperDetails: CarrierCRateAddress; receiverDetails: CarrierCRateAddress };
  accounts: CarrierCAccount[];
  productCode?: string;
  localProductCode?: string;
  valueAddedServices?: CarrierCValueAddedService[];
  plannedShippingDateAndTime: string;
  unitOfMeasurement: CarrierCUnitOfMeasurement;
  isCustomsDeclarable: boolean;
  monetaryAmount?: { typeCode: 'declaredValue' | 'insuredValue'; value: number; currency: string }[];
  nextBusinessDay?: boolean;
  packages: CarrierCPackage[];
}

export interface CarrierCImageOption {
  typeCode: 'label' | 'waybillDoc' | 'invoice' | 'qr-code' | 'shipmentReceipt';
  templateName?: string;
  isRequested?: boolean;
  hideAccountNumber?: boolean;
  invoiceType?: 'commercial' | 'proforma' | 'returns';
  fitLabelsToA4?: boolean;
  encodingFormat?: 'png';
}

export interface CarrierCLineItem {
  number: number;
  description: string;
  price: number;
  quantity: { value: number; unitOfMeasurement: string };
  commodityCodes?: { typeCode: 'outbound' | 'inbound'; value: string }[];
  exportReasonType?: string;
  manufacturerCountry: string;
  exportControlClassificationNumber?: string;
  weight: { netValue: number; grossValue: number };
}

export interface CarrierCExportDeclaration {
  lineItems: CarrierCLineItem[];
  invoice: { number: string; date: string; signatureName?: string; signatureTitle?: string; termsOfPayment?: string };
  remarks?: { value: string }[];
  additionalCharges?: { value: number; caption?: string; typeCode: string }[];
  placeOfIncoterm?: string;
  payerVATNumber?: string;
  recipientReference?: string;
  exporter?: { id?: string; code?: string };
  packageMarks?: string;
  declarationNotes?: { value: string }[];
  exportReason?: string;
  exportReasonType?: string;
  licenses?: { typeCode: 'export' | 'import'; value: string }[];
  shipmentType?: 'personal' | 'commercial';
}

export interface CarrierCShipmentRequest {
  plannedShippingDateAndTime: string;
  pickup: { isRequested: boolean };
  productCode: string;
  localProductCode?: string;
  getRateEstimates: boolean;
  accounts: CarrierCAccount[];
  valueAddedServices?: CarrierCValueAddedService[];
  outputImageProperties: {
    printerDPI?: number;
    encodingFormat: CarrierCEncodingFormat;
    imageOptions: CarrierCImageOption[];
    splitInvoiceAndReceipt?: boolean;
  };
  customerReferences?: CarrierCReference[];
  customerDetails: {
    shipperDetails: CarrierCParty;
    receiverDetails: CarrierCParty;
    importerDetails?: CarrierCParty;
    exporterDetails?: CarrierCParty;
  };
  content: {
    packages: CarrierCPackage[];
    isCustomsDeclarable: boolean;
    declaredValue?: number;
    declaredValueCurrency?: string;
    exportDeclaration?: CarrierCExportDeclaration;
    description: string;
    USFilingTypeValue?: string;
    incoterm?: string;
    unitOfMeasurement: CarrierCUnitOfMeasurement;
  };
  shipmentNotification?: { typeCode: 'email'; receiverId: string; languageCode?: string; bespokeMessage?: string }[];
}

export interface CarrierCPickupRequest {
  plannedPickupDateAndTime: string;
  closeTime: string;
  location: string;
  locationType: 'business' | 'residence';
  accounts: CarrierCAccount[];
  remark?: string;
  customerDetails: { shipperDetails: CarrierCParty; receiverDetails?: CarrierCParty };
  shipmentDetails: {
    productCode: string;
    localProductCode?: string;
    isCustomsDeclarable: boolean;
    unitOfMeasurement: CarrierCUnitOfMeasurement;
    packages: CarrierCPackage[];
  }[];
}

/** Query parameters of GET requests, in the order they are sent (repeated names allowed). */
export type CarrierCQuery = [string, string][];
