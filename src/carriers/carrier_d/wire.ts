/**
 * USPS v3 wire types: the request bodies this adapter builds, named after the vendor schemas
 * (vendor/*.yaml). Answers are read defensively with the shared JSON helpers, not typed here.
 */

/** domestic-labels.yaml DomesticLabelAddress / SCANFormAddress (a subset: what we send). */
export interface CarrierDAddress {
  streetAddress?: string;
  secondaryAddress?: string;
  city?: string;
  state?: string;
  ZIPCode?: string;
  ZIPPlus4?: string;
  firstName?: string;
  lastName?: string;
  firm?: string;
  phone?: string;
  email?: string;
  ignoreBadAddress?: boolean;
}

/** international-labels.yaml InternationalLabelAddress. */
export interface CarrierDInternationalAddress {
  streetAddress?: string;
  secondaryAddress?: string;
  city?: string;
  province?: string;
  postalCode?: string;
  countryISOAlpha2Code: string;
  firstName?: string;
  lastName?: string;
  firm?: string;
  phone?: string;
  email?: string;
}

/** payments.yaml Parties (request and answer). */
export interface CarrierDPaymentRole {
  roleName: 'PAYER' | 'LABEL_OWNER';
  CRID: string;
  MID?: string;
  manifestMID?: string;
  accountType?: string;
  accountNumber?: string;
}

export interface CarrierDPaymentAuthorizationRequest {
  roles: CarrierDPaymentRole[];
}

/** The members the domestic and international total-rates queries share. */
interface CarrierDRateQuery {
  weight: number;
  length: number;
  width: number;
  height: number;
  priceType: 'RETAIL' | 'COMMERCIAL' | 'CONTRACT';
  mailingDate: string;
  accountType?: string;
  accountNumber?: string;
  itemValue?: number;
  extraServices?: number[];
}

/** domestic-prices.yaml TotalRatesQuery (RateListQuery + itemValue + extraServices). */
export interface CarrierDRateRequest extends CarrierDRateQuery {
  originZIPCode: string;
  destinationZIPCode: string;
  mailClass?: string;
  mailClasses?: string[];
}

/** international-prices.yaml TotalRatesQuery (InternationalRateListQuery + extras). */
export interface CarrierDIntlRateRequest extends CarrierDRateQuery {
  originZIPCode: string;
  foreignPostalCode?: string;
  destinationCountryCode: string;
  mailClass: string;
}

export interface CarrierDImageInfo {
  imageType: string;
  labelType: string;
  receiptOption: 'NONE' | 'SAME_PAGE' | 'SEPARATE_PAGE';
  suppressPostage?: boolean;
}

export interface CarrierDCustomerReference {
  referenceNumber: string;
  printReferenceNumber: boolean;
}

/** domestic-labels.yaml PackageDescription (the members we send). */
export interface CarrierDPackageDescription {
  weightUOM: 'lb';
  weight: number;
  dimensionsUOM: 'in';
  length: number;
  width: number;
  height: number;
  mailClass: string;
  processingCategory: string;
  rateIndicator: string;
  destinationEntryFacilityType: string;
  mailingDate: string;
  extraServices?: number[];
  packageOptions?: { packageValue?: number };
  customerReference?: CarrierDCustomerReference[];
  inductionZIPCode?: string;
}

/** domestic-labels.yaml LabelRequest / ReturnLabelRequest. */
export interface CarrierDLabelRequest {
  imageInfo: CarrierDImageInfo;
  toAddress: CarrierDAddress;
  fromAddress: CarrierDAddress;
  senderAddress?: CarrierDAddress;
  packageDescription: CarrierDPackageDescription;
}

/** international-labels.yaml InternationalShippingContents. */
export interface CarrierDCustomsContent {
  itemDescription: string;
  itemQuantity: number;
  itemValue: number;
  itemTotalValue: number;
  weightUOM: 'lb';
  itemWeight: number;
  itemTotalWeight: number;
  HSTariffNumber?: string;
  countryofOrigin: string;
}

/** international-labels.yaml InternationalCustomsForm. */
export interface CarrierDCustomsForm {
  customsContentType: string;
  AESITN: string;
  invoiceNumber?: string;
  contents: CarrierDCustomsContent[];
}

export interface CarrierDIntlLabelRequest {
  imageInfo: CarrierDImageInfo;
  toAddress: CarrierDInternationalAddress;
  fromAddress: CarrierDAddress;
  senderAddress?: CarrierDAddress;
  packageDescription: CarrierDPackageDescription;
  customsForm: CarrierDCustomsForm;
}

/** carrier-pickup.yaml CarrierPickupRequest. */
export interface CarrierDPickupRequest {
  pickupDate: string;
  pickupAddress: {
    firstName?: string;
    lastName?: string;
    firm?: string;
    address: CarrierDAddress;
    contact?: { email?: string }[];
  };
  packages: { packageType: string; packageCount: number }[];
  estimatedWeight: number;
  pickupLocation: { packageLocation: string; specialInstructions?: string };
}

/** scan-forms.yaml SCANFormRequest. */
export interface CarrierDScanFormRequest {
  form: '5630';
  imageInfo: { imageType: 'PDF'; labelType: '8.5x11LABEL' };
  mailingDate: string;
  overwriteMailingDate: boolean;
  entryFacilityZIPCode: string;
  destinationEntryFacilityType: 'NONE';
  shipment: { trackingNumbers: string[] } | { manifestMID: string };
  fromAddress: CarrierDAddress;
}

/** locations.yaml /dropoff-locations query parameters. */
export interface CarrierDLocationsQuery {
  destinationZIPCode: string;
  mailClass?: string;
  destinationEntryFacilityType?: string;
}
