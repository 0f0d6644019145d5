/**
 * Canada Post wire bodies, as far as Waybill sends them (the XML schemas of its rating, shipment,
 * non-contract shipment and tracking services). Members are named as the elements are, and built
 * into XML in the order written here, which is the schemas' order. Answers are parsed from
 * `unknown`, so only requests are typed.
 */

export interface CpcOption {
  'option-code': string;
  'option-amount'?: string;
}

export interface CpcParcel {
  weight: string;
  dimensions?: { length: string; width: string; height: string };
  'mailing-tube'?: 'true';
  unpackaged?: 'true';
}

export type CpcScenarioDestination =
  | { domestic: { 'postal-code': string } }
  | { 'united-states': { 'zip-code': string } }
  | { international: { 'country-code': string } };

/** rate-v4 `mailing-scenario`. */
export interface CpcMailingScenario {
  '@_xmlns': string;
  'customer-number': string;
  'contract-id'?: string;
  'expected-mailing-date'?: string;
  options?: { option: CpcOption[] };
  'parcel-characteristics': CpcParcel;
  services?: { 'service-code': string[] };
  'origin-postal-code': string;
  destination: CpcScenarioDestination;
}

export interface CpcAddressDetails {
  'address-line-1': string;
  'address-line-2'?: string;
  city: string;
  'prov-state'?: string;
  'country-code'?: string;
  'postal-zip-code'?: string;
}

export interface CpcSender {
  name?: string;
  company?: string;
  'contact-phone': string;
  'address-details': CpcAddressDetails;
}

export interface CpcDestination {
  name?: string;
  company?: string;
  'client-voice-number'?: string;
  'address-details': CpcAddressDetails;
}

export interface CpcSkuItem {
  'customs-number-of-units': string;
  'customs-description': string;
  'hs-tariff-code'?: string;
  'unit-weight': string;
  'customs-value-per-unit': string;
  'country-of-origin'?: string;
}

export interface CpcCustoms {
  currency: string;
  'reason-for-export': string;
  'sku-list': { item: CpcSkuItem[] };
}

export interface CpcDeliverySpec {
  'service-code': string;
  sender: CpcSender;
  destination: CpcDestination;
  options?: { option: CpcOption[] };
  'parcel-characteristics': CpcParcel;
  notification?: { email: string; 'on-shipment': 'true'; 'on-exception': 'true'; 'on-delivery': 'true' };
  'print-preferences'?: { 'output-format': string; encoding: string };
  preferences: { 'show-packing-instructions': 'false'; 'show-postage-rate': 'false'; 'show-insured-value': 'true' };
  references?: { 'customer-ref-1'?: string; 'customer-ref-2'?: string };
  customs?: CpcCustoms;
  'settlement-info'?: { 'paid-by-customer': string; 'contract-id': string; 'intended-method-of-payment': 'Account' };
}

/** shipment-v8 `shipment` (contract). */
export interface CpcShipment {
  '@_xmlns': string;
  'customer-request-id'?: string;
  /** The day's group, which the manifest transmits (shipment-v8: group-id or transmit-shipment). */
  'group-id': string;
  'requested-shipping-point': string;
  'expected-mailing-date'?: string;
  'provide-pricing-info': 'true';
  'delivery-spec': CpcDeliverySpec;
}

/** ncshipment-v4 `non-contract-shipment`. */
export interface CpcNonContractShipment {
  '@_xmlns': string;
  'requested-shipping-point': string;
  'delivery-spec': CpcDeliverySpec;
}

/** The two refund requests: the email the carrier answers the request at. */
export interface CpcRefundRequest {
  '@_xmlns': string;
  email: string;
}

/** pickuprequest `pickup-request-details`: an on-demand pickup at an address of the shipper's. */
export interface CpcPickupRequest {
  '@_xmlns': string;
  'pickup-type': 'OnDemand';
  'pickup-location': {
    'business-address-flag': 'false';
    'alternate-address': {
      company: string;
      'address-line-1': string;
      city: string;
      province: string;
      'postal-code': string;
    };
  };
  'contact-info': {
    'contact-name': string;
    email: string;
    'contact-phone': string;
    'receive-email-updates-flag': 'true';
  };
  'location-details': { 'pickup-instructions': string };
  'items-characteristics'?: { 'heavy-item-flag': 'true' };
  'pickup-volume': string;
  'pickup-times': { 'on-demand-pickup-time': { date: string; 'preferred-time': string; 'closing-time': string } };
}

/** manifest-v8 `transmit-set`: the groups to transmit and where the mail is handed over. */
export interface CpcTransmitSet {
  '@_xmlns': string;
  'group-ids': { 'group-id': string[] };
  'requested-shipping-point': string;
  'detailed-manifests': 'true';
  'method-of-payment': 'Account';
  'manifest-address': {
    'manifest-company': string;
    'manifest-name'?: string;
    'phone-number': string;
    'address-details': {
      'address-line-1': string;
      'address-line-2'?: string;
      city: string;
      'prov-state': string;
      'country-code': 'CA';
      'postal-zip-code': string;
    };
  };
}

/** authreturn-v2 `authorized-return`: a prepaid return label from a Canadian returner to the merchant. */
export interface CpcAuthorizedReturn {
  '@_xmlns': string;
  'service-code': string;
  returner: { name: string; company?: string; 'domestic-address': CpcDomesticAddress };
  receiver: { name: string; company?: string; email?: string; 'domestic-address': CpcDomesticAddress };
  'parcel-characteristics': CpcParcel;
  'print-preferences': { 'output-format': string; encoding: string };
  'settlement-info': { 'paid-by-customer': string; 'contract-id': string };
  references?: { 'customer-ref-1'?: string; 'customer-ref-2'?: string };
}

export interface CpcDomesticAddress {
  'address-line-1': string;
  'address-line-2'?: string;
  city: string;
  province: string;
  'postal-code': string;
}
