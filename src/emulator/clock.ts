/**
 * The emulator's notion of "now": the injected base clock plus an offset that the control API
 * moves (`POST /_emulator/clock {advance_ms}`, `DELETE /_emulator/clock`). Everything that ages
 * (tokens, tracking timelines, pickup dates) reads this clock, never `Date.now()`.
 */
import type { Clock } from '../foundations/clock.js';

export class ShiftableClock implements Clock {
  readonly #base: Clock;
  #offsetMs = 0;

  constructor(base: Clock) {
    this.#base = base;
  }

  now(): Date {
    return new Date(this.#base.now().getTime() + this.#offsetMs);
  }

  /** Moves time forward (or back, with a negative value) for everything the emulator serves. */
  advance(ms: number): void {
    this.#offsetMs += ms;
  }

  reset(): void {
    this.#offsetMs = 0;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }
}
