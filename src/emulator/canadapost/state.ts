/**
 * Everything the canadapost emulator remembers, owned by one emulator instance: shipments by id and
 * by PIN, the artifacts (labels, commercial invoices) their links point at, and the counters that
 * make ids and PINs deterministic per instance.
 */
import type { Clock } from '../../foundations/clock.js';
import { CarrierStateBase } from '../carrier-state.js';
import type { CredentialBook } from '../credentials.js';
import type { Sequences } from '../sequences.js';
import type { Quote } from './prices.js';
import { parcelPin, s10Pin } from './tracking-numbers.js';

export interface Party {
  name: string;
  company: string;
  lines: string[];
  city: string;
  province: string;
  postalCode: string;
  country: string;
}

export interface StoredShipment {
  id: string;
  pin: string;
  /** The mailed-by customer number of the path it was created under. */
  customer: string;
  /** Created under a contract (`/shipment`) or not (`/ncshipment`). */
  contract: boolean;
  /** created: voidable; transmitted: only a refund request cancels it. */
  status: 'created' | 'transmitted';
  quote: Quote;
  bookedAt: Date;
  /** Eastern dates, YYYY-MM-DD. */
  mailingDate: string;
  deliveryDate: string;
  sender: Party;
  destination: Party;
  weightKg: number;
  references: string[];
  voided: boolean;
  refund?: { ticketId: string; date: string };
  /** The group it was created in (contract shipments without transmit-shipment). */
  groupId?: string;
  /** The customer-request-id it was created with, which Get Shipments finds it by. */
  requestId?: string;
  /** The manifest that transmitted it. */
  manifestId?: string;
  /** The links of its shipment-info, as Get Shipment answers them again. */
  links: Record<string, unknown>[];
}

export interface StoredManifest {
  id: string;
  customer: string;
  mobo: string;
  poNumber: string;
  artifactPath: string;
  shipmentIds: string[];
}

export interface StoredPickup {
  id: string;
  customer: string;
  date: string;
  preferredTime: string;
  closingTime: string;
  status: 'Active' | 'Cancelled';
  requestedOn: string;
}

export interface Artifact {
  bytes: Buffer;
  mediaType: string;
}

export class CarrierCanadapostState extends CarrierStateBase {
  readonly shipments = new Map<string, StoredShipment>();
  readonly byPin = new Map<string, StoredShipment>();
  /** Every shipment once, oldest first. */
  readonly booked: StoredShipment[] = [];
  /** By the artifact's path under /rs/artifact. */
  readonly artifacts = new Map<string, Artifact>();
  readonly manifests = new Map<string, StoredManifest>();
  readonly pickups = new Map<string, StoredPickup>();

  constructor(clock: Clock, sequences: Sequences, credentials: CredentialBook) {
    super(clock, sequences, credentials);
  }

  now(): Date {
    return this.clock.now();
  }

  nextPin(s10Prefix: string | undefined): string {
    return s10Prefix
      ? s10Pin(s10Prefix, this.sequences.take('canadapost.s10'))
      : parcelPin(this.sequences.take('canadapost.pin'));
  }

  /** An 18-digit shipment id, as the recorded answers carry. */
  nextShipmentId(): string {
    return String(340_000_000_000_000_000n + BigInt(this.sequences.take('canadapost.shipment')));
  }

  /** `{key}/{id}`: a 16-hex key and a number, the shape of the recorded artifact links. */
  nextArtifact(): string {
    const n = this.sequences.take('canadapost.artifact');
    return `${(0x6e93d53968881714n + BigInt(n)).toString(16)}/${10_001_782_951 + n}`;
  }

  /** An 18-digit manifest id and its PO number (P and nine digits), as the recorded manifest. */
  nextManifest(): { id: string; poNumber: string } {
    const n = this.sequences.take('canadapost.manifest');
    return {
      id: String(732_071_711_235_567_991n + BigInt(n)),
      poNumber: `P${String(123_456_789 + n).padStart(9, '0')}`,
    };
  }

  /** A 10-digit pickup request id, as the recorded one. */
  nextPickupId(): string {
    return String(74_698_052 + this.sequences.take('canadapost.pickup')).padStart(10, '0');
  }

  nextRefundTicket(): string {
    return `GT${String(10_000_000 + this.sequences.take('canadapost.refund')).slice(-8)}RT`;
  }
}
