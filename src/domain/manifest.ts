/** Carrier-neutral end-of-day manifests: the shipments of a day closed out on one form. */
import type { Address } from './shipment.js';

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
