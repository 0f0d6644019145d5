/**
 * Everything the carrier_c emulator remembers, owned by one emulator instance: booked shipments by
 * waybill number, scheduled pickups by dispatch confirmation number, and the counters that make
 * those numbers deterministic per instance.
 */
import type { Clock } from '../../foundations/clock.js';
import { waybillAt } from './tracking-numbers.js';
import type { Sequences } from '../sequences.js';
import type { CredentialBook } from '../credentials.js';
import { CarrierStateBase } from '../carrier-state.js';

export interface Party {
  name: string;
  company: string;
  lines: string[];
  city: string;
  postalCode: string;
  countryCode: string;
}

export interface StoredShipment {
  waybill: string;
  pieces: string[];
  productCode: string;
  bookedAt: Date;
  /** Local pickup and delivery dates at origin and destination, YYYY-MM-DD. */
  pickupDate: string;
  deliveryDate: string;
  international: boolean;
  shipper: Party;
  receiver: Party;
  totalWeight: number;
  metric: boolean;
  /** The shipper account it was booked under (accounts[typeCode=shipper]). */
  account: string;
  /** customerReferences, by which GET /tracking finds it (shipmentReference, shipmentReferenceType). */
  references: { typeCode: string; value: string }[];
}

export interface StoredPickup {
  number: string;
  date: string;
  cancelledAt?: Date;
}

export class CarrierCState extends CarrierStateBase {
  readonly shipments = new Map<string, StoredShipment>();
  /** Every shipment once, oldest first. */
  readonly booked: StoredShipment[] = [];
  readonly pickups = new Map<string, StoredPickup>();

  constructor(clock: Clock, sequences: Sequences, credentials: CredentialBook) {
    super(clock, sequences, credentials);
  }

  nextWaybill(): string {
    return waybillAt(this.sequences.take('carrier_c.waybill'));
  }

  /** A service area code, yymmdd and six digits, shaped like the samples' PRG201220123456. */
  nextPickupNumber(): string {
    const seq = 1 + this.sequences.take('carrier_c.pickup');
    const d = this.clock.now().toISOString();
    return `CVG${d.slice(2, 4)}${d.slice(5, 7)}${d.slice(8, 10)}${String(seq).padStart(6, '0')}`;
  }
}
