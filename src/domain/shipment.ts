/**
 * Carrier-neutral shipment types: what the public interface speaks for rating and booking
 * (README.md "Shipping"). Carrier wire types live in each carrier's wire.ts.
 * Address, Package and CustomsItem are the static types of their schemas (shipment-schemas.ts).
 */
import type { Static } from 'typebox';
import type {
  Address as AddressSchema,
  CustomsItem as CustomsItemSchema,
  Package as PackageSchema,
} from './shipment-schemas.js';

export type WeightUnit = 'KG' | 'LB';
export type DimUnit = 'IN' | 'CM';

/** A postal address with contact, as the contract accepts it. */
export type Address = Static<typeof AddressSchema>;

export type Package = Static<typeof PackageSchema>;

/** A customs item's common members; a carrier's own (fields.ts) reach it in the same object. */
export type CustomsItem = Static<typeof CustomsItemSchema>;

export interface Reference {
  type: string;
  value: string;
}

export interface Notification {
  type: string;
  value: string;
}

/**
 * Optional shipment members several carriers read. A carrier's own members are in its folder
 * (fields.ts) and reach it in the same object; it reads them through its own type.
 */
export interface SharedShipmentFields {
  notifications?: Notification[];
  invoice_number?: string;
  /** ISO date. */
  invoice_date?: string;
}

/** The body of POST /rate and POST /ship after validation and account defaults are applied. */
export interface ShipmentRequest extends SharedShipmentFields {
  shipping_account: string;
  carrier?: string;
  sender: Address;
  recipient: Address;
  packages: Package[];
  packaging: string;
  service?: string;
  /** ISO date (YYYY-MM-DD). */
  ship_date?: string;
  currency?: string;
  dim_units: DimUnit;
  weight_units: WeightUnit;
  special_services?: string[];
  type?: 'outbound' | 'return';
  label_type?: string;
  label_size?: string;
  include_base64_label?: boolean;
  combined_labels?: boolean;
  customs_items?: CustomsItem[];
  references?: Reference[];
  /**
   * Waybill's own reference of the booking, unique per idempotency record: the carrier gets it in
   * a field it keeps and searches by, beside the shipper's references, so that a booking whose
   * answer was lost can be looked up (services/booking-lookup.ts).
   */
  waybill_reference?: string;
  terms_of_trade?: string;
  terms_of_payment?: string;
  insurance_cost?: number;
  declaration_statement?: string;
  broker_name?: string;
  broker_phone?: string;
  broker_company?: string;
  importer_type?: string;
  test?: boolean;
  debug?: boolean;
  webhooks?: boolean;
}

/** Which price list priced a rate (price-list.ts): the carrier's published one, or the one uploaded for the account (and when). */
export type PriceListSource = { source: 'published' } | { source: 'uploaded'; uploaded_at: string };

/** One entry of `rates` in the POST /rate response. */
export interface Rate {
  service_type: string;
  service_name: string;
  /** Decimal text, e.g. "38.54". */
  total_cost: string;
  currency: string;
  transit_days?: number;
  /** ISO date. */
  estimated_date?: string;
  /** Weekday abbreviation: MON … SUN. */
  delivery_day?: string;
  /** The price list that priced it (price-list.ts); absent when the carrier's rating API did. */
  price_list?: PriceListSource;
}

export interface Costs {
  base_charge: string;
  surcharges: string;
  discounts: string;
  taxes: string;
  net_charge: string;
  currency: string;
}

export interface BookedPackage {
  tracking_number: string;
  /** Label bytes exactly as the carrier returned them (decoded from base64). */
  label: Uint8Array;
  /** Bare format of `label`: PDF, PNG, ZPLII, ZPL, EPL2, … */
  label_format: string;
}

export interface ShippingDocument {
  type: string;
  format: string;
  /** base64 */
  content: string;
}

/** What a carrier returns for a booking, before the service stores it and shapes the response. */
export interface BookedShipment {
  /** Master tracking number. */
  tracking_number: string;
  /** The carrier's own id for the shipment where it differs from the tracking number. */
  carrier_shipment_id?: string;
  service_type?: string;
  packages: BookedPackage[];
  costs?: Costs;
  shipping_documents?: ShippingDocument[];
  /** The carrier's date of the shipment when the request left it to the carrier (YYYY-MM-DD). */
  ship_date?: string;
  estimated_date?: string;
  transit_days?: number;
}

/** A booking a carrier's lookup by Waybill's reference found: its numbers, and its labels where the carrier hands them out again. */
export interface FoundBooking {
  /** Master tracking number. */
  tracking_number: string;
  carrier_shipment_id?: string;
  service_type?: string;
  /** Each package's tracking number, the master's first. */
  package_tracking_numbers: string[];
  /**
   * Each package with its label, fetched again from the carrier (a label recovery call), in the
   * order of package_tracking_numbers; absent where the carrier hands a label out only in the
   * booking's answer, or did not hand it out again.
   */
  packages?: BookedPackage[];
}

export interface CancelResult {
  message: string;
}
