/**
 * Everything the carrier_d_reseller emulator remembers, owned by one emulator instance: postage
 * accounts (pass phrase, balance, counters), the labels they bought, SCAN forms, and the counters
 * that make tracking numbers, transaction ids and log ids deterministic per instance.
 */
import type { Clock } from '../../foundations/clock.js';
import { impbNumber, s10Number } from './tracking-numbers.js';
import type { Sequences } from '../sequences.js';
import type { CredentialBook } from '../credentials.js';
import { CarrierStateBase } from '../carrier-state.js';

/**
 * A new account starts with this much postage (USD): a hundred ordinary labels and more (a 2 lb
 * Priority Mail label costs about 10), not the heaviest international ones.
 */
export const OPENING_BALANCE = 2_000;

export interface Account {
  accountId: string;
  passPhrase: string;
  balance: number;
  /** Postage bought over the account's life (AscendingBalance, §7). */
  ascending: number;
  /** The account's piece counter (TransactionID, §5). */
  transactions: number;
  serial: number;
}

export interface StoredLabel {
  pic: string;
  accountId: string;
  mailClass: string;
  international: boolean;
  postage: number;
  transactionId: number;
  printedAt: Date;
  transitDays: number;
  fromZip: string;
  toZip: string;
  toCountry: string;
  /** WeightOz as bought. */
  weightOz?: string;
  /** ReferenceID: what the transactions listing searches (track-reference.ts). */
  referenceId?: string;
  /** Every reference the label was bought with (ReferenceID, ReferenceID2..4), for GET /_emulator/bookings. */
  references?: string[];
  refundedAt?: Date;
  scanFormId?: string;
}

export class CarrierDResellerState extends CarrierStateBase {
  readonly accounts = new Map<string, Account>();
  readonly labels = new Map<string, StoredLabel>();
  #logSeq = 40_000;
  #serialSeq = 700;

  constructor(clock: Clock, sequences: Sequences, credentials: CredentialBook) {
    super(clock, sequences, credentials);
  }

  now(): Date {
    return this.clock.now();
  }

  /**
   * The account for these credentials. An account the emulator knows (credentials.ts) opens on its
   * first call with the known pass phrase; from then on the account's own pass phrase counts, which
   * ChangePassPhrase may change. ELS answers an unknown account like a wrong pass phrase.
   */
  authenticate(accountId: string, passPhrase: string): Account | 'wrong_pass_phrase' {
    const known = this.accounts.get(accountId);
    if (!known) {
      if (!this.credentials.knows('carrier_d_reseller', accountId, passPhrase)) return 'wrong_pass_phrase';
      const opened: Account = {
        accountId,
        passPhrase,
        balance: OPENING_BALANCE,
        ascending: OPENING_BALANCE,
        transactions: 0,
        serial: ++this.#serialSeq,
      };
      this.accounts.set(accountId, opened);
      return opened;
    }
    return known.passPhrase === passPhrase ? known : 'wrong_pass_phrase';
  }

  nextTrackingNumber(international: boolean, prefix: string): string {
    return international
      ? s10Number(prefix, this.sequences.take('carrier_d_reseller.international'))
      : impbNumber(this.sequences.take('carrier_d_reseller.domestic'));
  }

  /** "Error encountered (Log ID: NNNNN)", as every live ELS error message ends (§14). */
  nextLogId(): number {
    return ++this.#logSeq;
  }

  nextScanFormId(): string {
    return String(90_000_001 + this.sequences.take('carrier_d_reseller.scan_form'));
  }
}
