/**
 * The batch worker's lanes in one process (lanes.ts says what a lane is): the slots each has in
 * use, and the back-off of a lane whose carrier throttles (its Retry-After, else 1 s doubling to 30 s).
 */
import type { Clock } from '../../foundations/clock.js';
import type { Log } from '../../foundations/logger.js';
import type { BookOutcome } from './booking-deps.js';

const MAX_BACKOFF_MS = 30_000;

export interface LaneSlots {
  /** Whether the lane waits out a back-off now. */
  backingOff(lane: string): boolean;
  /** Slots of the lane not in use. */
  free(lane: string): number;
  /** A slot taken by a booking of the lane. */
  take(lane: string): void;
  /** The slot handed back. */
  give(lane: string): void;
  /** What a booking's outcome says of the lane: booked ends its back-off, throttled starts or keeps one. */
  settled(lane: string, outcome: BookOutcome): void;
}

export function laneSlots(clock: Clock, log: Log, concurrency: number): LaneSlots {
  const inFlight = new Map<string, number>();
  const backoff = new Map<string, { until: number; delayMs: number }>();
  return {
    backingOff: (lane) => (backoff.get(lane)?.until ?? 0) > clock.now().getTime(),
    free: (lane) => concurrency - (inFlight.get(lane) ?? 0),
    take: (lane) => void inFlight.set(lane, (inFlight.get(lane) ?? 0) + 1),
    give: (lane) => void inFlight.set(lane, (inFlight.get(lane) ?? 1) - 1),
    settled(lane, outcome) {
      const t = clock.now().getTime();
      if (outcome.kind === 'booked') backoff.delete(lane);
      if (outcome.kind !== 'throttled') return;
      const b = backoff.get(lane);
      // Calls in flight when the carrier started throttling all come back 429: one back-off for them.
      if (b && b.until > t) return;
      const delayMs = outcome.retryAfterMs ?? Math.min(MAX_BACKOFF_MS, b ? b.delayMs * 2 : 1000);
      backoff.set(lane, { until: t + delayMs, delayMs });
      log.info({ carrier: lane, delay_ms: delayMs }, 'carrier throttles batch bookings; backing off');
    },
  };
}
