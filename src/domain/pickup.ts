/** Carrier-neutral pickups (POST /pickup) and drop-off location searches. */
import type { Address, DimUnit, Package, WeightUnit } from './shipment.js';

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
