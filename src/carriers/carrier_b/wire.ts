/**
 * UPS REST wire bodies, as far as Waybill uses them. Derived from the vendor OpenAPI files
 * (Rating.yaml, Shipping.yaml, Tracking.yaml, Pickup.yaml) and the recorded request fixtures.
 * UPS sends and expects every scalar as a string (weights, money, counts) and marks booleans
 * with "indicator" members whose presence alone counts ("This is an empty tag"). Response types
 * are not declared: parsers read bodies as `unknown` and narrow, because UPS answers one object
 * where it documents an array whenever there is a single element.
 */

// ---------- common ----------

export interface CarrierBCodeDescription {
  Code: string;
  Description?: string;
}

/** Rating.yaml / Shipping.yaml Address: up to three AddressLine entries. */
export interface CarrierBAddress {
  AddressLine?: string[];
  City?: string;
  StateProvinceCode?: string;
  PostalCode?: string;
  CountryCode: string;
  ResidentialAddressIndicator?: string;
}

export interface CarrierBParty {
  Name?: string;
  AttentionName?: string;
  CompanyDisplayableName?: string;
  TaxIdentificationNumber?: string;
  Phone?: { Number: string };
  EMailAddress?: string;
  ShipperNumber?: string;
  Address: CarrierBAddress;
}

export interface CarrierBWeight {
  UnitOfMeasurement: CarrierBCodeDescription;
  Weight: string;
}

export interface CarrierBMoney {
  CurrencyCode: string;
  MonetaryValue: string;
}

export interface CarrierBReference {
  Code?: string;
  Value: string;
}

export interface CarrierBPackage {
  Description?: string;
  /** Shipping.yaml Package.Packaging; Rating.yaml calls the same member PackagingType. */
  Packaging?: CarrierBCodeDescription;
  PackagingType?: CarrierBCodeDescription;
  Dimensions?: { UnitOfMeasurement: CarrierBCodeDescription; Length: string; Width: string; Height: string };
  PackageWeight: CarrierBWeight;
  ReferenceNumber?: CarrierBReference[];
  PackageServiceOptions?: {
    DeclaredValue?: { Type?: CarrierBCodeDescription; CurrencyCode: string; MonetaryValue: string };
    DeliveryConfirmation?: { DCISType: string };
  };
}

export type CarrierBShipmentServiceOptions = Record<string, unknown>;

export interface CarrierBShipmentCharge {
  Type: string;
  BillShipper: { AccountNumber: string };
}

export interface CarrierBRequestHeader {
  RequestOption?: string;
  SubVersion?: string;
  TransactionReference?: { CustomerContext: string };
}

// ---------- rating ----------

export interface CarrierBRateRequest {
  RateRequest: {
    Request: CarrierBRequestHeader;
    Shipment: {
      Shipper: CarrierBParty;
      ShipTo: CarrierBParty;
      ShipFrom: CarrierBParty;
      PaymentDetails: { ShipmentCharge: CarrierBShipmentCharge[] };
      Service?: CarrierBCodeDescription;
      ShipmentRatingOptions?: { NegotiatedRatesIndicator?: string };
      ShipmentServiceOptions?: CarrierBShipmentServiceOptions;
      ShipmentTotalWeight: CarrierBWeight;
      NumOfPieces: string;
      Package: CarrierBPackage[];
      DeliveryTimeInformation?: { PackageBillType: string; Pickup: { Date: string } };
      InvoiceLineTotal?: CarrierBMoney;
      DocumentsOnlyIndicator?: string;
      ShipmentDate: string;
    };
  };
}

// ---------- shipping ----------

export interface CarrierBProduct {
  Description: string[];
  Unit: { Number: string; UnitOfMeasurement: CarrierBCodeDescription; Value: string };
  CommodityCode?: string;
  OriginCountryCode: string;
  ProductWeight?: CarrierBWeight;
}

export interface CarrierBInternationalForms {
  FormType: string[];
  Product: CarrierBProduct[];
  InvoiceNumber?: string;
  InvoiceDate: string;
  PurchaseOrderNumber?: string;
  TermsOfShipment?: string;
  ReasonForExport: string;
  Comments?: string;
  DeclarationStatement?: string;
  CurrencyCode: string;
  ExportDate?: string;
  ExportingCarrier?: string;
  InsuranceCharges?: { MonetaryValue: string };
  AdditionalDocumentIndicator?: string;
}

export interface CarrierBShipRequest {
  ShipmentRequest: {
    Request: CarrierBRequestHeader;
    Shipment: {
      Description?: string;
      ReturnService?: CarrierBCodeDescription;
      DocumentsOnlyIndicator?: string;
      GoodsNotInFreeCirculationIndicator?: string;
      Shipper: CarrierBParty;
      ShipTo: CarrierBParty;
      ShipFrom: CarrierBParty;
      PaymentInformation: { ShipmentCharge: CarrierBShipmentCharge[] };
      Service: CarrierBCodeDescription;
      ShipmentRatingOptions?: { NegotiatedRatesIndicator?: string };
      ShipmentServiceOptions?: CarrierBShipmentServiceOptions;
      ReferenceNumber?: CarrierBReference[];
      InvoiceLineTotal?: CarrierBMoney;
      USPSEndorsement?: string;
      PackageID?: string;
      CostCenter?: string;
      MILabelCN22Indicator?: string;
      Package: CarrierBPackage[];
      ShipmentDate: string;
    };
    LabelSpecification: {
      LabelImageFormat: CarrierBCodeDescription;
      LabelStockSize: { Height: string; Width: string };
    };
  };
}

// ---------- pickup ----------

export interface CarrierBPickupAddress {
  CompanyName?: string;
  ContactName?: string;
  AddressLine?: string;
  City: string;
  StateProvince?: string;
  PostalCode?: string;
  CountryCode: string;
  ResidentialIndicator: string;
  Phone?: { Number: string };
}

export interface CarrierBPickupDateInfo {
  CloseTime: string;
  ReadyTime: string;
  PickupDate: string;
}

export interface CarrierBPickupRateRequest {
  PickupRateRequest: {
    Request?: CarrierBRequestHeader;
    ShipperAccount: { AccountNumber: string; AccountCountryCode: string };
    PickupAddress: CarrierBPickupAddress;
    AlternateAddressIndicator: string;
    ServiceDateOption: string;
    PickupDateInfo: CarrierBPickupDateInfo;
  };
}

export interface CarrierBPickupPiece {
  ServiceCode: string;
  Quantity: string;
  DestinationCountryCode: string;
  ContainerCode: string;
}

export interface CarrierBPickupCreationRequest {
  PickupCreationRequest: {
    Request: CarrierBRequestHeader;
    RatePickupIndicator: string;
    Shipper: { Account: { AccountNumber: string; AccountCountryCode: string } };
    PickupDateInfo: CarrierBPickupDateInfo;
    PickupAddress: CarrierBPickupAddress;
    AlternateAddressIndicator: string;
    PickupPiece: CarrierBPickupPiece[];
    TotalWeight: { Weight: string; UnitOfMeasurement: string };
    OverweightIndicator: string;
    PaymentMethod: string;
    SpecialInstruction?: string;
    Notification?: { ConfirmationEmailAddress: string };
  };
}

// ---------- locations ----------

export interface CarrierBServiceCenterRequest {
  PickupGetServiceCenterFacilitiesRequest: {
    Request: { TransactionReference?: { CustomerContext: string } };
    PickupPiece: { ServiceCode: string; ContainerCode: string };
    OriginAddress: {
      StreetAddress?: string;
      City?: string;
      StateProvince?: string;
      PostalCode?: string;
      CountryCode: string;
      OriginSearchCriteria: { SearchRadius: string; DistanceUnitOfMeasure: string; MaximumLocation: string };
    };
    Locale: string;
    ProximitySearchIndicator: string;
  };
}

// ---------- label recovery ----------

/** Shipping.yaml LABELRECOVERYRequestWrapper (the members Waybill sends). */
export interface CarrierBLabelRecoveryRequest {
  LabelRecoveryRequest: {
    Request: { TransactionReference?: { CustomerContext: string } };
    LabelSpecification: {
      HTTPUserAgent?: string;
      LabelImageFormat: { Code: string };
      LabelStockSize: { Height: string; Width: string };
    };
    TrackingNumber: string;
  };
}
