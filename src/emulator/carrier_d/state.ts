/**
 * Everything the carrier_d emulator remembers, per emulator instance: OAuth tokens (a new token for
 * a client revokes its previous one, as USPS does: src/carriers/carrier_d/README.md), payment authorization
 * tokens (eight hours, payments.yaml), labels by tracking number, pickups and SCAN forms, and the
 * counters that keep numbers deterministic.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import { domesticNumber, internationalNumber } from './tracking-numbers.js';
import type { Sequences } from '../sequences.js';
import type { CredentialBook } from '../credentials.js';
import { CarrierStateBase } from '../carrier-state.js';

/** fixtures/authentication_LoginResponse.json says 14399 s; USPS documents "about an hour" for client credentials. */
export const TOKEN_TTL_SECONDS = 3599;
/** payments.yaml: "Tokens are valid for eight hours after issuance." */
export const PAYMENT_TTL_SECONDS = 8 * 3600;

export interface PaymentParties {
  crid: string;
  mid: string;
  manifestMid: string;
  accountNumber: string;
}

export interface StoredLabel {
  trackingNumber: string;
  mailClass: string;
  international: boolean;
  bookedAt: Date;
  mailingDate: string;
  fromZip: string;
  toCity: string;
  toState?: string;
  toZip?: string;
  toCountry: string;
  manifestMid: string;
  transitDays: number;
  refunded?: 'CANCELED' | 'DISPUTED';
  scanForm?: string;
}

export interface StoredPickup {
  confirmationNumber: string;
  pickupDate: string;
  etag: string;
  body: unknown;
  cancelled: boolean;
}

export class CarrierDState extends CarrierStateBase {
  readonly #tokens = new Map<string, { clientId: string; expiresAt: number; revoked: boolean }>();
  readonly #latest = new Map<string, string>();
  readonly #payments = new Map<string, { parties: PaymentParties; expiresAt: number }>();
  readonly labels = new Map<string, StoredLabel>();
  readonly pickups = new Map<string, StoredPickup>();
  #seq = 0;
  /** Access and payment tokens issued so far, for tests of caching and serialised refresh. */
  tokensIssued = 0;
  paymentTokensIssued = 0;

  constructor(clock: Clock, sequences: Sequences, credentials: CredentialBook) {
    super(clock, sequences, credentials);
  }

  #token(kind: string): string {
    this.#seq += 1;
    return createHash('sha256').update(`carrier_d:${kind}:${this.#seq}`).digest('base64url');
  }

  /** A new access token for the client; the client's previous token stops working at once. */
  issueToken(clientId: string): string {
    const previous = this.#latest.get(clientId);
    if (previous) {
      const entry = this.#tokens.get(previous);
      if (entry) entry.revoked = true;
    }
    const token = this.#token('oauth');
    this.#tokens.set(token, {
      clientId,
      expiresAt: this.clock.now().getTime() + TOKEN_TTL_SECONDS * 1000,
      revoked: false,
    });
    this.#latest.set(clientId, token);
    this.tokensIssued += 1;
    return token;
  }

  tokenStatus(token: string): 'valid' | 'expired' | 'revoked' | 'unknown' {
    const entry = this.#tokens.get(token);
    if (!entry) return 'unknown';
    // A client the carrier revoked (its app deleted or its secret rotated) loses its tokens with it.
    if (entry.revoked || !this.credentials.issued('carrier_d', entry.clientId)) return 'revoked';
    return entry.expiresAt > this.clock.now().getTime() ? 'valid' : 'expired';
  }

  issuePaymentToken(parties: PaymentParties): string {
    // A JWT-shaped opaque value, like USPS's ("header.body.signature").
    const token = `eyJhbGciOiJSUzI1NiJ9.${this.#token('payment')}.${this.#token('sig')}`;
    this.#payments.set(token, { parties, expiresAt: this.clock.now().getTime() + PAYMENT_TTL_SECONDS * 1000 });
    this.paymentTokensIssued += 1;
    return token;
  }

  paymentParties(token: string | undefined): PaymentParties | undefined {
    const entry = token ? this.#payments.get(token) : undefined;
    return entry && entry.expiresAt > this.clock.now().getTime() ? entry.parties : undefined;
  }

  nextTrackingNumber(mailClass: string, mailerId: string, international: boolean): string {
    const seq = 1 + this.sequences.take('carrier_d.label');
    return international ? internationalNumber(10_000_000 + seq) : domesticNumber(mailClass, mailerId, seq);
  }

  nextPickup(): string {
    return `WTC${String(100_001 + this.sequences.take('carrier_d.pickup'))}`;
  }

  nextScanForm(): string {
    return `9275090${String(100_000_001 + this.sequences.take('carrier_d.form')).slice(1)}`;
  }
}
