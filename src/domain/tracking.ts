/** Carrier-neutral tracking results (POST /track and its tracking result). */

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
