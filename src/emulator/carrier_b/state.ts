/**
 * Everything the carrier_b emulator remembers, owned by one emulator instance: issued OAuth
 * tokens, booked shipments (by shipment identification number and every package number),
 * scheduled pickups, and the counters that make numbers deterministic per instance.
 */
import type { Clock } from '../../foundations/clock.js';
import { IssuedTokens } from '../tokens.js';
import type { Sequences } from '../sequences.js';
import type { CredentialBook } from '../credentials.js';
import { CarrierStateBase } from '../carrier-state.js';
import { trackingNumberAt } from './tracking-numbers.js';

/** UPS tokens last four hours: fixtures/authentication_LoginResponse.json says "14399". */
export const TOKEN_TTL_SECONDS = 14_399;

export interface UpsParty {
  name?: string;
  lines: string[];
  city?: string;
  state?: string;
  postalCode?: string;
  countryCode: string;
}

export interface StoredShipment {
  id: string;
  accountNumber: string;
  serviceCode: string;
  /** The service's name as its labels print it (absent in state kept by an older emulator: the code is printed). */
  serviceName?: string;
  bookedAt: Date;
  /** Local ship date, YYYY-MM-DD. */
  shipDate: string;
  /** Local estimated delivery date, YYYY-MM-DD. */
  deliveryDate: string;
  shipFrom: UpsParty;
  shipTo: UpsParty;
  packages: { trackingNumber: string; weight: number; unit: string }[];
  returnService: boolean;
  /** Every ReferenceNumber value, shipment- and package-level: what reference tracking finds it by. */
  references: string[];
  voidedAt?: Date;
}

export interface StoredPickup {
  prn: string;
  accountNumber: string;
  date: string;
  cancelledAt?: Date;
}

export class CarrierBState extends CarrierStateBase {
  /** OAuth tokens issued by the token endpoint. */
  readonly tokens: IssuedTokens;
  readonly shipments = new Map<string, StoredShipment>();
  readonly pickups = new Map<string, StoredPickup>();

  constructor(clock: Clock, sequences: Sequences, credentials: CredentialBook) {
    super(clock, sequences, credentials);
    this.tokens = new IssuedTokens(clock, 'carrier_b', TOKEN_TTL_SECONDS);
  }

  nextTrackingNumber(accountNumber: string, serviceCode: string): string {
    return trackingNumberAt(this.sequences.take('carrier_b.package'), accountNumber, serviceCode);
  }

  /** UPS PRNs look like "2929AONCALL02" (fixtures/pickup_PickupResponse.json). */
  nextPrn(): string {
    return `${String(2929 + this.sequences.take('carrier_b.pickup')).padStart(4, '0')}AONCALL02`;
  }

  /** Shipments by reference number, oldest first, as reference tracking searches them. */
  readonly byReference = new Map<string, StoredShipment[]>();
  /** Every shipment once, oldest first. */
  readonly booked: StoredShipment[] = [];

  addShipment(shipment: StoredShipment): void {
    this.shipments.set(shipment.id, shipment);
    for (const p of shipment.packages) this.shipments.set(p.trackingNumber, shipment);
    this.booked.push(shipment);
    for (const ref of new Set(shipment.references))
      this.byReference.set(ref, [...(this.byReference.get(ref) ?? []), shipment]);
  }
}
