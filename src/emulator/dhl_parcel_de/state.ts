/**
 * Everything the dhl_parcel_de emulator remembers, owned by one emulator instance: issued tokens,
 * booked shipments (one per parcel, by shipment number) and the counters that make numbers
 * deterministic per instance.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import { CarrierStateBase } from '../carrier-state.js';
import type { CredentialBook } from '../credentials.js';
import type { Sequences } from '../sequences.js';
import { IssuedTokens } from '../tokens.js';
import { paketNumberAt, s10NumberAt } from './tracking-numbers.js';

/** The authentication API's tokens last 30 minutes (DHL's token answer: expires_in 1799). */
export const TOKEN_TTL_SECONDS = 1799;

export interface Party {
  name1: string;
  street: string;
  house?: string;
  postalCode: string;
  city: string;
  /** ISO alpha-3. */
  country: string;
}

export interface StoredShipment {
  shipmentNo: string;
  product: string;
  billingNumber: string;
  refNo?: string;
  bookedAt: Date;
  /** German local date, YYYY-MM-DD. */
  shipDate: string;
  deliveryDate: string;
  shipper: Party;
  consignee: Party;
  weightKg: number;
  international: boolean;
  cancelledAt?: Date;
  /** Closed out by POST /manifests: German local date of the manifest it is on. */
  manifestDate?: string;
}

/** A pickup order of the Pickup API. */
export interface StoredPickup {
  orderId: string;
  /** German local date DHL comes. */
  pickupDate: string;
  cancelledAt?: Date;
}

export class CarrierDhlParcelDeState extends CarrierStateBase {
  readonly #tokens: IssuedTokens;
  readonly shipments = new Map<string, StoredShipment>();
  /** Every shipment once, oldest first. */
  readonly booked: StoredShipment[] = [];
  readonly pickups = new Map<string, StoredPickup>();
  #requestSeq = 0;

  constructor(clock: Clock, sequences: Sequences, credentials: CredentialBook) {
    super(clock, sequences, credentials);
    this.#tokens = new IssuedTokens(clock, 'dhl_parcel_de', TOKEN_TTL_SECONDS);
  }

  issueToken(clientId: string): string {
    return this.#tokens.issue(clientId);
  }

  tokenStatus(token: string): 'valid' | 'expired' | 'unknown' {
    return this.#tokens.status(token);
  }

  nextShipmentNo(s10: boolean): string {
    return s10
      ? s10NumberAt(this.sequences.take('dhl_parcel_de.s10'))
      : paketNumberAt(this.sequences.take('dhl_parcel_de.paket'));
  }

  /** A pickup's orderID: 32 hex digits, as DHL's, deterministic per instance. */
  nextPickupOrderId(): string {
    return createHash('md5')
      .update(`dhl_parcel_de.pickup.${this.sequences.take('dhl_parcel_de.pickup')}`)
      .digest('hex');
  }

  /** The tracking API's request-id of each answer. */
  nextRequestId(): string {
    this.#requestSeq += 1;
    return `emu-${String(this.#requestSeq).padStart(8, '0')}`;
  }

  addShipment(shipment: StoredShipment): void {
    this.shipments.set(shipment.shipmentNo, shipment);
    this.booked.push(shipment);
  }
}
