/**
 * Everything the carrier_b emulator remembers, owned by one emulator instance: issued OAuth
 * tokens, booked shipments (by shipment identification number and every package number),
 * scheduled pickups, and the counters that make numbers deterministic per instance.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../clock.js';
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
  bookedAt: Date;
  /** Local ship date, YYYY-MM-DD. */
  shipDate: string;
  /** Local estimated delivery date, YYYY-MM-DD. */
  deliveryDate: string;
  shipFrom: UpsParty;
  shipTo: UpsParty;
  packages: { trackingNumber: string; weight: number; unit: string }[];
  returnService: boolean;
  voidedAt?: Date;
}

export interface StoredPickup {
  prn: string;
  accountNumber: string;
  date: string;
  cancelledAt?: Date;
}

export class CarrierBState {
  readonly #clock: Clock;
  readonly #tokens = new Map<string, { clientId: string; expiresAt: number }>();
  readonly shipments = new Map<string, StoredShipment>();
  readonly pickups = new Map<string, StoredPickup>();
  #packageSeq = 0;
  #tokenSeq = 0;
  #pickupSeq = 0;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  issueToken(clientId: string): string {
    const now = this.#clock.now().getTime();
    if (this.#tokens.size > 1000) {
      for (const [token, entry] of this.#tokens) if (entry.expiresAt <= now) this.#tokens.delete(token);
    }
    this.#tokenSeq += 1;
    const token = createHash('sha256').update(`carrier_b:${this.#tokenSeq}:${clientId}`).digest('base64url');
    this.#tokens.set(token, { clientId, expiresAt: now + TOKEN_TTL_SECONDS * 1000 });
    return token;
  }

  tokenStatus(token: string): 'valid' | 'expired' | 'unknown' {
    const entry = this.#tokens.get(token);
    if (!entry) return 'unknown';
    return entry.expiresAt > this.#clock.now().getTime() ? 'valid' : 'expired';
  }

  nextTrackingNumber(accountNumber: string, serviceCode: string): string {
    return trackingNumberAt(this.#packageSeq++, accountNumber, serviceCode);
  }

  /** UPS PRNs look like "2929AONCALL02" (fixtures/pickup_PickupResponse.json). */
  nextPrn(): string {
    this.#pickupSeq += 1;
    return `${String(2928 + this.#pickupSeq).padStart(4, '0')}AONCALL02`;
  }

  addShipment(shipment: StoredShipment): void {
    this.shipments.set(shipment.id, shipment);
    for (const p of shipment.packages) this.shipments.set(p.trackingNumber, shipment);
  }
}
