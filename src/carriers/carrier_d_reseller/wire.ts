/**
 * Endicia Label Server wire documents, as the objects src/carriers/shared/xml.ts turns into XML
 * (`@_Name` = attribute). Element names are the W21 schema's (PROTOCOL.md §2-§10; full tree in
 * vendor/wsdl-schema-tree.txt). Responses are read as `unknown` and narrowed by the parsers.
 */

/** Who is asking: the operator's RequesterID (configuration) and the account's credentials (§3). */
export interface ElsCredentials {
  requesterId: string;
  accountId: string;
  passPhrase: string;
}

/** §3: every request but LabelRequest wraps the account credentials. */
export interface ElsCertifiedIntermediary {
  AccountID: string;
  PassPhrase: string;
}

/** §13 "Services": ON/OFF attributes (InsuredMail takes OFF | UspsOnline | Endicia). */
export type ElsServices = Record<`@_${string}`, string>;

export interface ElsDimensions {
  Length: string;
  Width: string;
  Height: string;
}

/** The HTTP-POST operations Waybill uses: path under the base, form field, request root (§2). */
export interface ElsOperation {
  operation: string;
  path: string;
  field: string;
  root: string;
  responseRoot: string;
  /** Safe to repeat: reads and quotes; never a postage purchase, refund or pass-phrase change. */
  idempotent: boolean;
}

/** §6a PostageRateRequest / §6b PostageRatesRequest (the members Waybill sends). */
export interface ElsRateRequest {
  RequesterID: string;
  CertifiedIntermediary: ElsCertifiedIntermediary;
  MailClass: string;
  WeightOz: string;
  MailpieceShape: string;
  MailpieceDimensions?: ElsDimensions;
  Services?: ElsServices;
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
export interface ElsCustomsInfo {
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
  CustomsItems: { CustomsItem: ElsCustomsItem[] };
}

export interface ElsCustomsItem {
  Description: string;
  Quantity: string;
  Weight: string;
  Value: string;
  HSTariffNumber?: string;
  CountryOfOrigin?: string;
}

/** §4 LabelRequest: attributes, then the flat element list (credentials unwrapped). */
export type ElsLabelRequest = Record<string, unknown> & {
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
  CustomsInfo?: ElsCustomsInfo;
};

/** §8 RefundRequest. */
export interface ElsRefundRequest {
  RequesterID: string;
  RequestID: string;
  CertifiedIntermediary: ElsCertifiedIntermediary;
  PicNumbers: { PicNumber: string[] };
}

/** §10 PackageStatusRequest. */
export interface ElsPackageStatusRequest {
  RequesterID: string;
  RequestID: string;
  CertifiedIntermediary: ElsCertifiedIntermediary;
  RequestOptions: { '@_PackageStatus': 'CURRENT' | 'COMPLETE' };
  PicNumbers: { PicNumber: string[] };
}

/** §9 SCANRequest. */
export interface ElsScanRequest {
  RequesterID: string;
  RequestID: string;
  CertifiedIntermediary: ElsCertifiedIntermediary;
  GetSCANRequestParameters: { '@_ImageFormat': 'PDF'; '@_FormType'?: string };
  PicNumbers: { PicNumber: string[] };
}

/** §7 AccountStatusRequest, RecreditRequest, ChangePassPhraseRequest. */
export interface ElsAccountStatusRequest {
  RequesterID: string;
  RequestID: string;
  CertifiedIntermediary: ElsCertifiedIntermediary;
}

export interface ElsRecreditRequest extends ElsAccountStatusRequest {
  RecreditAmount: string;
}

export interface ElsChangePassPhraseRequest extends ElsAccountStatusRequest {
  '@_TokenRequested': 'true' | 'false';
  NewPassPhrase: string;
}

/** What AccountStatusResponse and RecreditRequestResponse tell about the account (§7). */
export interface ElsAccountState {
  accountId?: string;
  /** Decimal text, dollars. */
  postageBalance?: string;
  /** `A` = active. */
  accountStatus?: string;
}
