/**
 * FedEx REST wire bodies, as far as Waybill uses them. Derived from the vendor OpenAPI files
 * (rate-api.json, ship-api.json, track.json, pickup-api.json) and, for /location/v1/locations
 * which has no vendor file here, from FedEx's public Location Search API documentation.
 * Optional members are optional on the wire too. Response types describe what parsers read;
 * parsers still treat bodies as `unknown` and narrow, because carriers do not keep promises.
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
  payor?: { responsibleParty: { accountNumber: CarrierAAccountNumber; address?: CarrierAAddress; contact?: CarrierAContact } };
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

export type CarrierAShipmentPurpose = 'GIFT' | 'NOT_SOLD' | 'PERSONAL_EFFECTS' | 'REPAIR_AND_RETURN' | 'SAMPLE' | 'SOLD';

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
  | 'MEDIA_MAIL'
  | 'PARCEL_RETURN'
  | 'PARCEL_SELECT'
  | 'PRESORTED_BOUND_PRINTED_MATTER'
  | 'PRESORTED_STANDARD';

/** ship-api.json ShipmentSpecialServicesRequested (with ETDDetail and ReturnShipmentDetail). */
export interface CarrierAShipmentSpecialServices {
  specialServiceTypes: string[];
  etdDetail?: { attributes?: string[]; requestedDocumentTypes?: string[] };
  returnShipmentDetail?: { returnType: 'PRINT_RETURN_LABEL' | 'PENDING' };
}

export type CarrierAPickupType = 'CONTACT_FEDEX_TO_SCHEDULE' | 'DROPOFF_AT_FEDEX_LOCATION' | 'USE_SCHEDULED_PICKUP';
export type CarrierARateRequestType = 'LIST' | 'ACCOUNT' | 'PREFERRED' | 'INCENTIVE';

// ---------- rate (/rate/v1/rates/quotes) ----------

export interface CarrierARateRequest {
  accountNumber: CarrierAAccountNumber;
  rateRequestControlParameters?: {
    returnTransitTimes?: boolean;
    servicesNeededOnRateFailure?: boolean;
    rateSortOrder?: 'COMMITASCENDING' | 'SERVICENAMETRADITIONAL' | 'COMMITDESCENDING';
    variableOptions?: string;
  };
  requestedShipment: {
    shipper: { address: CarrierAAddress };
    recipient: { address: CarrierAAddress };
    serviceType?: string;
    preferredCurrency?: string;
    rateRequestType: CarrierARateRequestType[];
    /** Note the casing: rate says shipDateStamp, ship says shipDatestamp. */
    shipDateStamp?: string;
    pickupType: CarrierAPickupType;
    packagingType?: string;
    documentShipment?: boolean;
    totalWeight?: number;
    totalPackageCount?: number;
    requestedPackageLineItems: CarrierAPackageLineItem[];
    shipmentSpecialServices?: CarrierAShipmentSpecialServices;
    customsClearanceDetail?: CarrierACustomsClearanceDetail;
    smartPostInfoDetail?: { hubId: string; indicia: CarrierASmartPostIndicia };
  };
}

/** rate-api.json RatedShipmentDetail (subset). */
export interface CarrierARatedShipmentDetail {
  rateType?: string;
  totalBaseCharge?: number;
  totalNetCharge?: number;
  totalDiscounts?: number;
  currency?: string;
  shipmentRateDetail?: { currency?: string; totalSurcharges?: number };
}

/** rate-api.json RateReplyDetail (subset). */
export interface CarrierARateReplyDetail {
  serviceType?: string;
  serviceName?: string;
  ratedShipmentDetails?: CarrierARatedShipmentDetail[];
  commit?: {
    dateDetail?: { dayOfWeek?: string; dayFormat?: string; dayCxsFormat?: string };
    transitDays?: { minimumTransitTime?: string; description?: string };
    daysInTransit?: string;
  };
  operationalDetail?: { transitTime?: string; deliveryDate?: string; deliveryDay?: string; commitDate?: string };
}

export interface CarrierAAlert {
  code?: string;
  alertType?: 'NOTE' | 'WARNING';
  message?: string;
}

export interface CarrierARateResponse {
  transactionId?: string;
  output?: { rateReplyDetails?: CarrierARateReplyDetail[]; alerts?: CarrierAAlert[]; quoteDate?: string };
}

// ---------- ship (/ship/v1/shipments) ----------

export type CarrierAImageType = 'PDF' | 'PNG' | 'ZPLII' | 'EPL2';
/** ship-api.json LabelSpecification.labelStockType enum (validated in codes.ts). */
export type CarrierALabelStockType = string;

export interface CarrierAShipRequest {
  accountNumber: CarrierAAccountNumber;
  labelResponseOptions: 'LABEL' | 'URL_ONLY';
  shipAction?: 'CONFIRM' | 'TRANSFER';
  oneLabelAtATime?: boolean;
  requestedShipment: {
    shipDatestamp?: string;
    pickupType: CarrierAPickupType;
    serviceType: string;
    packagingType: string;
    blockInsightVisibility?: boolean;
    shipper: CarrierAParty;
    recipients: CarrierAParty[];
    shippingChargesPayment: CarrierAPayment;
    labelSpecification: {
      imageType: CarrierAImageType;
      labelStockType: CarrierALabelStockType;
      labelFormatType?: 'COMMON2D' | 'LABEL_DATA_ONLY';
      labelOrder?: 'SHIPPING_LABEL_FIRST' | 'SHIPPING_LABEL_LAST';
    };
    rateRequestType?: CarrierARateRequestType[];
    preferredCurrency?: string;
    totalWeight: number;
    totalPackageCount?: number;
    requestedPackageLineItems: CarrierAPackageLineItem[];
    shipmentSpecialServices?: CarrierAShipmentSpecialServices;
    customsClearanceDetail?: CarrierACustomsClearanceDetail;
    shippingDocumentSpecification?: {
      shippingDocumentTypes: string[];
      commercialInvoiceDetail?: { documentFormat: { docType: 'PDF'; stockType: 'PAPER_LETTER' } };
    };
    smartPostInfoDetail?: { hubId: string; indicia: CarrierASmartPostIndicia };
  };
}

/** ship-api.json LabelResponseVO. */
export interface CarrierALabelDocument {
  contentType?: string;
  trackingNumber?: string;
  docType?: string;
  encodedLabel?: string;
  url?: string;
}

/** ship-api.json PieceResponse (subset). */
export interface CarrierAPieceResponse {
  trackingNumber?: string;
  masterTrackingNumber?: string;
  packageSequenceNumber?: number;
  packageDocuments?: CarrierALabelDocument[];
}

/** ship-api.json ShipmentRateDetail (subset). */
export interface CarrierAShipmentRateDetail {
  rateType?: string;
  totalBaseCharge?: number;
  totalSurcharges?: number;
  totalFreightDiscounts?: number;
  totalTaxes?: number;
  totalNetCharge?: number;
  currency?: string;
}

/** ship-api.json TransactionShipmentOutputVO (subset). */
export interface CarrierATransactionShipment {
  masterTrackingNumber?: string;
  serviceType?: string;
  serviceName?: string;
  shipmentDocuments?: CarrierALabelDocument[];
  pieceResponses?: CarrierAPieceResponse[];
  completedShipmentDetail?: {
    masterTrackingId?: { trackingNumber?: string };
    shipmentRating?: { actualRateType?: string; shipmentRateDetails?: CarrierAShipmentRateDetail[] };
    operationalDetail?: { deliveryDate?: string; commitDate?: string; commitDates?: string[]; transitTime?: string };
    shipmentDocuments?: { type?: string; imageType?: string; parts?: { image?: string }[] }[];
  };
}

export interface CarrierAShipResponse {
  transactionId?: string;
  output?: { transactionShipments?: CarrierATransactionShipment[]; alerts?: CarrierAAlert[] };
}

// ---------- cancel (/ship/v1/shipments/cancel) ----------

export interface CarrierACancelRequest {
  accountNumber: CarrierAAccountNumber;
  deletionControl: 'DELETE_ALL_PACKAGES';
  trackingNumber: string;
}

export interface CarrierACancelResponse {
  transactionId?: string;
  output?: { cancelledShipment?: boolean; cancelledHistory?: boolean; successMessage?: string; message?: string; alerts?: CarrierAAlert[] };
}

// ---------- track (/track/v1/trackingnumbers, /track/v1/trackingdocuments) ----------

export interface CarrierATrackRequest {
  includeDetailedScans: boolean;
  trackingInfo: { trackingNumberInfo: { trackingNumber: string; carrierCode?: string } }[];
}

/** track.json AddressVO1 (subset). */
export interface CarrierATrackAddress {
  city?: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  countryCode?: string;
}

/** track.json ScanEvent. */
export interface CarrierAScanEvent {
  date?: string;
  eventType?: string;
  eventDescription?: string;
  exceptionDescription?: string;
  derivedStatus?: string;
  derivedStatusCode?: string;
  scanLocation?: CarrierATrackAddress;
}

/** track.json TrackResult (subset). */
export interface CarrierATrackResult {
  trackingNumberInfo?: { trackingNumber?: string };
  latestStatusDetail?: { code?: string; derivedCode?: string; description?: string; statusByLocale?: string };
  scanEvents?: CarrierAScanEvent[];
  dateAndTimes?: { type?: string; dateTime?: string }[];
  deliveryDetails?: { receivedByName?: string; signedByName?: string };
  estimatedDeliveryTimeWindow?: { window?: { begins?: string; ends?: string } };
  standardTransitTimeWindow?: { window?: { begins?: string; ends?: string } };
  error?: { code?: string; message?: string };
}

export interface CarrierATrackResponse {
  transactionId?: string;
  output?: { completeTrackResults?: { trackingNumber?: string; trackResults?: CarrierATrackResult[] }[] };
}

/** track.json Full_Schema_SPOD. */
export interface CarrierAProofOfDeliveryRequest {
  trackDocumentDetail: { documentType: 'SIGNATURE_PROOF_OF_DELIVERY'; documentFormat: 'PDF' | 'PNG' };
  trackDocumentSpecification: { trackingNumberInfo: { trackingNumber: string }; accountNumber?: string }[];
}

// ---------- pickup (/pickup/v1/pickups, /availabilities, /cancel) ----------

export type CarrierACarrierCode = 'FDXE' | 'FDXG';

/** pickup-api.json Full_Schema_Pickup_Availability (associatedAccountNumber is a plain string here). */
export interface CarrierAPickupAvailabilityRequest {
  pickupAddress: CarrierAAddress;
  dispatchDate?: string;
  numberOfBusinessDays?: number;
  packageReadyTime?: string;
  customerCloseTime?: string;
  pickupType?: 'ON_CALL' | 'TAG';
  pickupRequestType: ('SAME_DAY' | 'FUTURE_DAY')[];
  shipmentAttributes?: { serviceType?: string; weight?: CarrierAWeight; dimensions?: CarrierADimensions };
  associatedAccountNumber?: string;
  carriers: CarrierACarrierCode[];
  countryRelationship: 'DOMESTIC' | 'INTERNATIONAL';
}

/** pickup-api.json PickupScheduleOption (subset). */
export interface CarrierAPickupScheduleOption {
  carrier?: string;
  available?: boolean;
  pickupDate?: string;
  cutOffTime?: string;
  defaultReadyTime?: string;
  defaultLatestTimeOptions?: string | string[];
  readyTimeOptions?: string[];
  latestTimeOptions?: string[];
}

export interface CarrierAPickupAvailabilityResponse {
  output?: { options?: CarrierAPickupScheduleOption[]; requestTimestamp?: string };
}

/** pickup-api.json Full_Schema_Create_Pickup (subset). */
export interface CarrierAPickupRequest {
  associatedAccountNumber: CarrierAAccountNumber;
  carrierCode: CarrierACarrierCode;
  originDetail: {
    pickupAddressType?: 'ACCOUNT' | 'SHIPPER' | 'OTHER';
    pickupLocation: { contact?: CarrierAContact; address: CarrierAAddress; accountNumber?: CarrierAAccountNumber };
    readyDateTimestamp: string;
    customerCloseTime: string;
    packageLocation?: 'FRONT' | 'NONE' | 'REAR' | 'SIDE';
  };
  totalWeight?: CarrierAWeight;
  packageCount?: number;
  pickupType?: string;
  remarks?: string;
  countryRelationships?: 'DOMESTIC' | 'INTERNATIONAL';
  pickupNotificationDetail?: { emailDetails: { address: string; locale?: string }[]; format?: 'HTML' | 'TEXT' };
}

export interface CarrierAPickupResponse {
  output?: { pickupConfirmationCode?: string; message?: string; location?: string; alerts?: CarrierAAlert[] };
}

/** pickup-api.json Full_Schema_Cancel_Pickup. */
export interface CarrierAPickupCancelRequest {
  associatedAccountNumber: CarrierAAccountNumber;
  pickupConfirmationCode: string;
  carrierCode?: CarrierACarrierCode;
  scheduledDate: string;
  location?: string;
  remarks?: string;
}

export interface CarrierAPickupCancelResponse {
  output?: { pickupConfirmationCode?: string; cancelConfirmationMessage?: string; alerts?: CarrierAAlert[] };
}

// ---------- locations (/location/v1/locations) ----------

export interface CarrierALocationsRequest {
  locationsSummaryRequestControlParameters: { distance: { units: 'MI' | 'KM'; value: number }; maxResults?: number };
  locationSearchCriterion: 'ADDRESS';
  location: { address: CarrierAAddress };
  multipleMatchesAction: 'RETURN_ALL' | 'RETURN_FIRST';
  sort?: { criteria: 'DISTANCE'; order: 'ASCENDING' };
  locationCapabilities?: { transferOfPossessionType: 'DROPOFF' | 'HOLD_AT_LOCATION' }[];
}

export interface CarrierALocationDetail {
  locationId?: string;
  distance?: { units?: string; value?: number };
  contactAndAddress?: { contact?: CarrierAContact; address?: CarrierAAddress };
  geoPositionalCoordinates?: { latitude?: number; longitude?: number };
  storeHours?: {
    dayOfWeek?: string;
    operationalHoursType?: string;
    operationalHours?: { begins?: string; ends?: string } | { begins?: string; ends?: string }[];
  }[];
}

export interface CarrierALocationsResponse {
  output?: { locationDetailList?: CarrierALocationDetail[]; totalResults?: number };
}

// ---------- errors ----------

/** The error body of every FedEx REST API (ErrorResponseVO / CXSError). */
export interface CarrierAErrorResponse {
  transactionId?: string;
  customerTransactionId?: string;
  errors?: { code?: string; message?: string; parameterList?: { key?: string; value?: string }[] }[];
}
