/**
 * Everything the canadapost emulator remembers, owned by one emulator instance: shipments by id and
 * by PIN, the artifacts (labels, commercial invoices) their links point at, and the counters that
 * make ids and PINs deterministic per instance.
 */
import type { Clock } from '../../clock.js';
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

  constructor(clock: Clock, sequences: Sequences, credentials: CredentialBook) {
    super(clock, sequences, credentials);
  }

  now(): Date {
    return this.clock.now();
  }

  nextPin(s10Prefix: string | undefined): string {
    return s10Prefix ? s10Pin(s10Prefix, this.sequences.take('canadapost.s10')) : parcelPin(this.sequences.take('canadapost.pin'));
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

  nextRefundTicket(): string {
    return `GT${String(10_000_000 + this.sequences.take('canadapost.refund')).slice(-8)}RT`;
  }
}
