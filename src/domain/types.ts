/**
 * Carrier-neutral types: what the public interface speaks (spec/interface.md "Resources").
 * Carrier wire types live in each carrier's wire.ts and never leak past its adapter.
 */

export type WeightUnit = 'KG' | 'LB';
export type DimUnit = 'IN' | 'CM';

export interface Address {
  name?: string;
  company?: string;
  street1?: string;
  street2?: string;
  street3?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country: string;
  phone?: string;
  email?: string;
  residential?: boolean;
  location_type?: string;
  tax_id?: string;
  ioss_number?: string;
  eori_number?: string;
  personal_id_number?: string;
  trader_type?: string;
}

export interface Package {
  weight: number;
  length?: number;
  width?: number;
  height?: number;
  /** Declared value in the request currency. */
  value?: number;
  quantity?: number;
  special_services?: string[];
}

export interface CustomsItem {
  description?: string;
  quantity?: number;
  quantity_unit?: string;
  value?: number;
  weight?: number;
  weight_unit?: string;
  manufacture_country_code?: string;
  harmonized_code?: string;
  commodity_code?: string;
}

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
  estimated_date?: string;
  transit_days?: number;
}

export const TRACKING_STAGES = [
  'CREATION_PENDING',
  'CREATED',
  'PICKED_UP',
  'IN_TRANSIT',
  'OUT_FOR_DELIVERY',
  'DRIVER_ASSIGNED',
  'CHECKED_IN',
  'DELIVERED',
  'SHIPMENT_VOIDED',
  'EXCEPTION',
] as const;
export type TrackingStage = (typeof TRACKING_STAGES)[number];

export interface CheckpointLocation {
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
}

export interface Checkpoint {
  /** ISO 8601 with a UTC offset, e.g. 2024-03-01T10:15:00-05:00. */
  time: string;
  description: string;
  status: string;
  tracking_stage: TrackingStage;
  location?: CheckpointLocation;
}

export interface TrackingResult {
  carrier: string;
  tracking_number: string;
  status: string;
  tracking_stage: TrackingStage;
  delivered: boolean;
  delivery_date?: string;
  estimated_delivery?: string;
  signed_by?: string;
  /** Newest first. */
  checkpoints: Checkpoint[];
  /** Each package of a multi-package shipment, where the carrier tells them apart. */
  packages?: PackageTracking[];
}

export interface PackageTracking {
  tracking_number: string;
  /** Newest first. */
  checkpoints: Checkpoint[];
}

export interface PickupShipment {
  packages: Package[];
  recipient?: Address;
  service?: string;
}

export interface PickupAvailabilityRequest {
  shipping_account: string;
  carrier: string;
  location: Address;
  start_date: string;
  end_date: string;
  shipments: PickupShipment[];
  dim_units: DimUnit;
  weight_units: WeightUnit;
  currency?: string;
  description?: string;
  ready_time?: string;
  close_time?: string;
  test?: boolean;
  debug?: boolean;
}

export interface PickupSlot {
  /** ISO date. */
  date: string;
  /** HH:MM */
  earliest: string;
  /** HH:MM */
  latest: string;
}

export interface PickupRequest {
  shipping_account: string;
  carrier: string;
  location: Address;
  shipments: PickupShipment[];
  time: { date: string; ready_time: string; close_time: string };
  dim_units: DimUnit;
  weight_units: WeightUnit;
  currency?: string;
  description?: string;
  test?: boolean;
  debug?: boolean;
}

export interface PickupConfirmation {
  confirmation_number: string;
  currency?: string;
  /**
   * The carrier's code for the pickup location, which some carriers need to cancel the pickup.
   * Not `location`: in the answer that is the pickup address the client sent.
   */
  location_code?: string;
  pickup_date?: string;
  ready_time?: string;
  close_time?: string;
}

/** What cancelling a scheduled pickup needs: the confirmation plus what some carriers ask for again. */
export interface PickupCancelRequest {
  confirmation_number: string;
  /** ISO date of the pickup. */
  date?: string;
  /** The carrier's location code from the confirmation (PickupConfirmation.location_code). */
  location_code?: string;
}

export interface LocationsRequest {
  location: Address;
  radius?: number;
  radius_units?: 'MI' | 'KM';
  packaging?: string;
}

export type Weekday = 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT' | 'SUN';

export interface DropoffLocation {
  location_id: string;
  location_name: string;
  company_name?: string;
  street1: string;
  city: string;
  state?: string;
  postal_code?: string;
  country: string;
  lat?: number;
  lng?: number;
  distance?: number;
  distance_units?: string;
  operational_hours: Partial<Record<Weekday, { open: string; close: string }>>;
}

export interface CancelResult {
  message: string;
}

export interface ManifestRequest {
  /** Shipments to close out; all of the day's open shipments when absent. */
  tracking_numbers: string[];
  ship_date: string;
  /** The shipping account's billing address: where the mail is handed over (postal end-of-day forms). */
  address?: Address;
}

export interface ManifestResult {
  /** The carrier's own id of the manifest (scan form). */
  carrier_manifest_id?: string;
  tracking_numbers: string[];
  /** The end-of-day form to hand over, as a PDF. */
  document: Uint8Array;
}
