/**
 * Everything the australiapost emulator remembers: shipments by id (with their items and numbers),
 * label requests, orders, and the counters that make those numbers deterministic per instance.
 */
import type { Clock } from '../../foundations/clock.js';
import { CarrierStateBase } from '../carrier-state.js';
import type { CredentialBook } from '../credentials.js';
import type { Sequences } from '../sequences.js';
import { articleId, consignmentAt, labelRequestId, opaqueId, orderIdAt } from './tracking-numbers.js';

export interface Party {
  name: string;
  business: string;
  lines: string[];
  suburb: string;
  state: string;
  postcode: string;
  country: string;
}

export interface StoredItem {
  itemId: string;
  articleId: string;
  reference: string;
  productId: string;
  weight: number;
  exGst: number;
  gst: number;
}

export interface StoredShipment {
  shipmentId: string;
  consignmentId: string;
  reference: string;
  references: string[];
  account: string;
  bookedAt: Date;
  movementType: string;
  from: Party;
  to: Party;
  items: StoredItem[];
  /** Set once an order holds it; it can no longer be deleted. */
  orderId?: string;
  /** Whether its items carry customs content (the label prints the declaration). */
  customs: boolean;
}

export interface LabelRequest {
  requestId: string;
  account: string;
  requestedAt: Date;
  format: 'PDF' | 'ZPL';
  layout: string;
  shipmentId: string;
  itemIds: string[];
  /** Polls of GET /labels/{id} still answered PENDING. */
  pendingPolls: number;
}

export interface StoredOrder {
  orderId: string;
  reference: string;
  account: string;
  createdAt: Date;
  shipmentIds: string[];
}

export class CarrierAustraliaPostState extends CarrierStateBase {
  readonly shipments = new Map<string, StoredShipment>();
  readonly booked: StoredShipment[] = [];
  readonly labels = new Map<string, LabelRequest>();
  readonly orders = new Map<string, StoredOrder>();
  /**
   * How many polls a new label request stays PENDING: the real service renders labels
   * asynchronously. Tests raise it to see a label that never completes.
   */
  labelPendingPolls = 1;

  constructor(clock: Clock, sequences: Sequences, credentials: CredentialBook) {
    super(clock, sequences, credentials);
  }

  nextConsignment(): string {
    return consignmentAt(this.sequences.take('australiapost.consignment'));
  }

  articleId(consignment: string, k: number): string {
    return articleId(consignment, k);
  }

  nextId(kind: 'shipment' | 'item'): string {
    return opaqueId(kind, this.sequences.take(`australiapost.${kind}`));
  }

  nextLabelRequestId(): string {
    return labelRequestId(this.sequences.take('australiapost.label'));
  }

  nextOrderId(): string {
    return orderIdAt(this.sequences.take('australiapost.order'));
  }

  /** The shipment holding this article id. */
  byArticle(id: string): { shipment: StoredShipment; item: StoredItem } | undefined {
    for (const shipment of this.booked) {
      const item = shipment.items.find((i) => i.articleId === id);
      if (item) return { shipment, item };
    }
    return undefined;
  }
}
