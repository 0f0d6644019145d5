/**
 * Everything the carrier_a emulator remembers, owned by one emulator instance: issued OAuth tokens,
 * booked shipments (by every package tracking number), scheduled pickups, and the counters that
 * make tracking numbers, confirmation codes and transaction ids deterministic per instance.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import type { Party } from './request.js';
import type { PackageInput } from './prices.js';
import { IssuedTokens } from '../tokens.js';
import type { Sequences } from '../sequences.js';
import type { CredentialBook } from '../credentials.js';
import { CarrierStateBase } from '../carrier-state.js';
import { trackingNumberAt } from './tracking-numbers.js';

/** FedEx tokens last an hour; the token endpoint says 3599 seconds (fixtures/authentication_LoginResponse.json). */
export const TOKEN_TTL_SECONDS = 3599;

export interface StoredPackage extends PackageInput {
  trackingNumber: string;
  sequenceNumber: number;
}

export interface StoredShipment {
  masterTrackingNumber: string;
  accountNumber: string;
  serviceType: string;
  packagingType: string;
  bookedAt: Date;
  /** Local ship date, YYYY-MM-DD. */
  shipDate: string;
  /** Local estimated delivery date, YYYY-MM-DD. */
  deliveryDate: string;
  international: boolean;
  shipper: Party;
  recipient: Party;
  packages: StoredPackage[];
  /** Every package's customerReferences, by type: what Track by References finds the shipment by. */
  references: { type: string; value: string }[];
  cancelledAt?: Date;
}

export interface StoredPickup {
  confirmationCode: string;
  accountNumber: string;
  location: string;
  scheduledDate: string;
  carrierCode: string;
  /** Minutes east of UTC at the pickup address, for "previous day" checks. */
  utcOffset: number;
  cancelledAt?: Date;
}

/** A document kept for `labelResponseOptions: URL_ONLY`, served from the emulator's document URL. */
export interface StoredDocument {
  contentType: string;
  bytes: Buffer;
}

export class CarrierAState extends CarrierStateBase {
  readonly #tokens: IssuedTokens;
  /** Every package tracking number (the master's included) → its shipment. */
  readonly shipments = new Map<string, StoredShipment>();
  readonly pickups = new Map<string, StoredPickup>();
  readonly documents = new Map<string, StoredDocument>();
  #txSeq = 0;

  constructor(clock: Clock, sequences: Sequences, credentials: CredentialBook) {
    super(clock, sequences, credentials);
    this.#tokens = new IssuedTokens(clock, 'carrier_a', TOKEN_TTL_SECONDS);
  }

  issueToken(clientId: string): string {
    return this.#tokens.issue(clientId);
  }

  tokenStatus(token: string): 'valid' | 'expired' | 'unknown' {
    return this.#tokens.status(token);
  }

  nextTrackingNumber(): string {
    return trackingNumberAt(this.sequences.take('carrier_a.tracking'));
  }

  /** UUID-shaped and deterministic per instance, like FedEx's transactionId values. */
  nextTransactionId(): string {
    this.#txSeq += 1;
    const hex = createHash('sha256').update(`carrier_a:tx:${this.#txSeq}`).digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  nextPickupCode(): string {
    return String(3001 + this.sequences.take('carrier_a.pickup'));
  }

  /** Shipments by customer reference (`<type>:<value>`), oldest first, as Track by References searches them. */
  readonly byReference = new Map<string, StoredShipment[]>();
  /** Every shipment once, oldest first. */
  readonly booked: StoredShipment[] = [];

  addShipment(shipment: StoredShipment): void {
    for (const pkg of shipment.packages) this.shipments.set(pkg.trackingNumber, shipment);
    this.booked.push(shipment);
    for (const key of new Set(shipment.references.map((r) => `${r.type}:${r.value}`))) {
      const list = this.byReference.get(key) ?? [];
      list.push(shipment);
      this.byReference.set(key, list);
    }
  }
}
