/**
 * Endicia Label Server wire documents, as the objects src/carriers/shared/xml.ts turns into XML
 * (`@_Name` = attribute). Element names are the W21 schema's (README.md §2-§10; full tree in
 * vendor/wsdl-schema-tree.txt). Responses are read as `unknown` and narrowed by the parsers.
 */

/** Who is asking: the operator's RequesterID (configuration) and the account's credentials (§3). */
export interface Credentials {
  requesterId: string;
  accountId: string;
  passPhrase: string;
}

/** §3: every request but LabelRequest wraps the account credentials. */
export interface WireCertifiedIntermediary {
  AccountID: string;
  PassPhrase: string;
}

/** §13 "Services": ON/OFF attributes (InsuredMail takes OFF | UspsOnline | Endicia). */
export type WireServices = Record<`@_${string}`, string>;

export interface WireDimensions {
  Length: string;
  Width: string;
  Height: string;
}

/** §6a PostageRateRequest / §6b PostageRatesRequest (the members Waybill sends). */
export interface WireRateRequest {
  RequesterID: string;
  CertifiedIntermediary: WireCertifiedIntermediary;
  MailClass: string;
  WeightOz: string;
  MailpieceShape: string;
  MailpieceDimensions?: WireDimensions;
  Services?: WireServices;
  InsuredValue?: string;
  CODAmount?: string;
  RegisteredMailValue?: string;
  FromPostalCode?: string;
  ToPostalCode?: string;
  ToCountryCode?: string;
  ShipDate?: string;
  ContentsType?: string;
  DeliveryTimeDays: 'TRUE';
  EstimatedDeliveryDate: 'TRUE';
  ResponseOptions?: { '@_PostagePrice': 'TRUE' };
}

/** §4 CustomsInfo. */
export interface WireCustomsInfo {
  ContentsType: string;
  ContentsExplanation?: string;
  RestrictionType?: string;
  SendersCustomsReference?: string;
  ImportersCustomsReference?: string;
  LicenseNumber?: string;
  CertificateNumber?: string;
  InvoiceNumber?: string;
  NonDeliveryOption?: string;
  EelPfc?: string;
  CustomsItems: { CustomsItem: WireCustomsItem[] };
}

export interface WireCustomsItem {
  Description: string;
  Quantity: string;
  Weight: string;
  Value: string;
  HSTariffNumber?: string;
  CountryOfOrigin?: string;
}

/** §4 LabelRequest: attributes, then the flat element list (credentials unwrapped). */
export type WireLabelRequest = Record<string, unknown> & {
  '@_Test': 'YES' | 'NO';
  '@_LabelType': string;
  '@_ImageFormat': string;
  RequesterID: string;
  AccountID: string;
  PassPhrase: string;
  MailClass: string;
  WeightOz: string;
  MailpieceShape: string;
  PartnerCustomerID: string;
  CustomsInfo?: WireCustomsInfo;
};

/** §8 RefundRequest. */
export interface WireRefundRequest {
  RequesterID: string;
  RequestID: string;
  CertifiedIntermediary: WireCertifiedIntermediary;
  PicNumbers: { PicNumber: string[] };
}

/** §10 PackageStatusRequest. */
export interface WirePackageStatusRequest {
  RequesterID: string;
  RequestID: string;
  CertifiedIntermediary: WireCertifiedIntermediary;
  RequestOptions: { '@_PackageStatus': 'CURRENT' | 'COMPLETE' };
  PicNumbers: { PicNumber: string[] };
}

/**
 * GetTransactionsListingRequest (§2 GetTransactionsListingXML; W21 schema GetTransactionsListingRequest
 * and TransactionListingsRequestOptions, whose TransactionType, RefundStatus and PurchaseType are required).
 */
export interface WireTransactionsListingRequest {
  RequestID: string;
  RequestOptions: {
    '@_StartDateTime': string;
    '@_EndDateTime': string;
    '@_ReferenceID': string;
    '@_TransactionType': 'PRINTS';
    '@_StartingTransactionID'?: string;
    '@_RefundStatus': 'ALL';
    '@_PurchaseType': 'ALL';
  };
  RequesterID: string;
  CertifiedIntermediary: WireCertifiedIntermediary;
}

/** §9 SCANRequest. */
export interface WireScanRequest {
  RequesterID: string;
  RequestID: string;
  CertifiedIntermediary: WireCertifiedIntermediary;
  GetSCANRequestParameters: { '@_ImageFormat': 'PDF'; '@_FormType'?: string };
  PicNumbers: { PicNumber: string[] };
}

/** §7 AccountStatusRequest, RecreditRequest, ChangePassPhraseRequest. */
export interface WireAccountStatusRequest {
  RequesterID: string;
  RequestID: string;
  CertifiedIntermediary: WireCertifiedIntermediary;
}

export interface WireRecreditRequest extends WireAccountStatusRequest {
  RecreditAmount: string;
}

export interface WireChangePassPhraseRequest extends WireAccountStatusRequest {
  '@_TokenRequested': 'true' | 'false';
  NewPassPhrase: string;
}

/** What AccountStatusResponse and RecreditRequestResponse tell about the account (§7). */
export interface AccountState {
  accountId?: string;
  /** Decimal text, dollars. */
  postageBalance?: string;
  /** `A` = active. */
  accountStatus?: string;
}
