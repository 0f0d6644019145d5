/** What every emulated carrier's state holds: its clock, its number sequences and the credentials it knows. */
import type { Clock } from '../foundations/clock.js';
import type { CredentialBook } from './credentials.js';
import type { Sequences } from './sequences.js';

export abstract class CarrierStateBase {
  /** The credentials this carrier issued (emulator-wide book, shared by every carrier). */
  readonly credentials: CredentialBook;
  protected readonly clock: Clock;
  /** Durable where the emulator has a state directory, so numbers never repeat across restarts. */
  protected readonly sequences: Sequences;

  constructor(clock: Clock, sequences: Sequences, credentials: CredentialBook) {
    this.credentials = credentials;
    this.clock = clock;
    this.sequences = sequences;
  }
}
