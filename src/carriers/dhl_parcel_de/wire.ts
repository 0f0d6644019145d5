/**
 * dhl_parcel_de wire types: the Parcel DE Shipping API v2 (JSON) and the Parcel DE Tracking API
 * (an XML document in a query parameter, answering XML). Only the members Waybill sends or reads.
 */

export interface DhlWeight {
  uom: 'kg' | 'g';
  value: number;
}

export interface DhlDimensions {
  uom: 'cm' | 'mm';
  length: number;
  width: number;
  height: number;
}

export interface DhlValue {
  currency: string;
  value: number;
}

/** Shipper and consignee (ContactAddress): street and house number apart, countries in ISO alpha-3. */
export interface DhlAddress {
  name1: string;
  name2?: string;
  name3?: string;
  addressStreet: string;
  addressHouse?: string;
  additionalAddressInformation1?: string;
  postalCode?: string;
  city: string;
  state?: string;
  country: string;
  contactName?: string;
  phone?: string;
  email?: string;
}

export interface DhlCustomsItem {
  itemDescription: string;
  countryOfOrigin?: string;
  hsCode?: string;
  packagedQuantity: number;
  itemValue: DhlValue;
  itemWeight: DhlWeight;
}

export interface DhlCustoms {
  exportType: 'OTHER' | 'PRESENT' | 'COMMERCIAL_SAMPLE' | 'DOCUMENT' | 'RETURN_OF_GOODS' | 'COMMERCIAL_GOODS';
  exportDescription?: string;
  invoiceNo?: string;
  shippingConditions?: 'DDU' | 'DAP' | 'DDP' | 'DDX' | 'DXV';
  officeOfOrigin?: string;
  postalCharges?: DhlValue;
  items: DhlCustomsItem[];
}

/** The dhlRetoure service: a return label with the outbound one. */
export interface DhlRetoure {
  billingNumber: string;
  refNo?: string;
  returnAddress: DhlAddress;
}

/** One shipment of an order: one parcel with its own shipment number. */
export interface DhlShipment {
  product: string;
  billingNumber: string;
  refNo?: string;
  shipDate?: string;
  shipper: DhlAddress;
  consignee: DhlAddress;
  details: { weight: DhlWeight; dim?: DhlDimensions };
  customs?: DhlCustoms;
  services?: { dhlRetoure?: DhlRetoure };
}

/** POST /orders body (ShipmentOrderRequest). */
export interface DhlOrderRequest {
  profile: string;
  shipments: DhlShipment[];
}

/** The query parameters of POST /orders: the label's format and print medium. */
export interface DhlOrderQuery {
  docFormat: 'PDF' | 'ZPL2';
  printFormat?: string;
  includeDocs: 'include';
  combine: 'false';
}

/** The whole call: body and query, built together because the label format lives in the query. */
export interface DhlOrderCall {
  query: DhlOrderQuery;
  body: DhlOrderRequest;
}

/** DELETE /orders query (one or more `shipment` parameters and the user group profile). */
export type DhlCancelQuery = [name: 'profile' | 'shipment', value: string][];

/** The tracking API's request document: `<data appname password request piece-code language-code/>`. */
export interface DhlTrackQuery {
  '@_appname': string;
  '@_password': string;
  '@_request': 'd-get-piece-detail';
  '@_language-code': 'en' | 'de';
  /** Up to 20 piece codes, separated by semicolons. */
  '@_piece-code': string;
}

/** Pickup API v3: an address of Germany, countries in alpha-2 (unlike the Shipping API). */
export interface DhlPickupAddress {
  name1: string;
  name2?: string;
  addressStreet: string;
  addressHouse?: string;
  postalCode: string;
  city: string;
  country: string;
}

/** POST /parcel/de/transportation/pickup/v3/orders body (PickupOrder). */
export interface DhlPickupOrder {
  customerDetails: { billingNumber: string };
  pickupLocation: { type: 'Address'; pickupAddress: DhlPickupAddress };
  businessHours: { timeFrom: string; timeUntil: string }[];
  contactPerson?: {
    name?: string;
    phone?: string;
    email?: string;
    emailNotification?: { sendPickupConfirmationEmail: boolean; sendPickupTimeWindowEmail: boolean };
  }[];
  pickupDetails: {
    pickupDate: { type: 'Date'; value: string } | { type: 'ASAP' };
    totalWeight?: { uom: 'g' | 'kg'; value: number };
    comment?: string;
  };
  shipmentDetails: { shipments: { transportationType: 'PAKET' }[] };
}

/** DELETE /parcel/de/transportation/pickup/v3/orders query: one orderID per pickup. */
export type DhlPickupCancelQuery = [name: 'orderID', value: string][];

/** Returns API `POST /parcel/de/shipping/returns/v1/orders` body (ReturnOrder). */
export interface DhlReturnOrder {
  receiverId: string;
  customerReference?: string;
  shipmentReference?: string;
  shipper: Omit<DhlAddress, 'country' | 'contactName' | 'additionalAddressInformation1' | 'state'> & {
    postalCode: string;
    addressHouse: string;
  };
  itemWeight: DhlWeight;
  itemValue?: DhlValue;
  customsDetails?: { items: DhlCustomsItem[] };
}

/** Shipping API `POST /manifests` body (ShipmentManifestingRequest): the parcels to close, at most 30 a call. */
export interface DhlManifestRequest {
  profile: string;
  shipmentNumbers: string[];
}
