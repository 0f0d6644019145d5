/**
 * When "not found at the carrier" means "never booked" (src/services/kernel/booking-lookup.ts): only
 * once the lost call could no longer reach the carrier (its timeout after it began) and the
 * carrier's indexing delay has passed after that. Trusted sooner (a delay shorter than the timeout),
 * a call still under way could be taken as never made and booked again: four items of 300 were, in
 * a kill -9 batch test run beside eight others on two cores.
 */
import { describe, expect, it } from 'vitest';
import { createBookingLookup } from '../../src/services/kernel/booking-lookup.js';
import type { CarrierCalls } from '../../src/services/kernel/carrier-calls.js';
import { carrierNames } from '../../src/carriers/declarations.js';
import { loadConfig } from '../../src/foundations/config.js';

type Lookup = ReturnType<typeof createBookingLookup>['lookup'];
type Booking = Parameters<Lookup>[0];

const bookedAt = new Date('2026-11-27T12:00:00Z');
// A carrier that searches by reference and shows nothing under this one.
const nothingFound = { requireOperation: () => async () => undefined } as unknown as CarrierCalls;
const booking = {
  adapter: { declaration: { slug: 'carrier_x', operations: ['lookup_reference'], lookupDelayMs: 600_000 } },
  call: {},
  req: { waybill_reference: 'WB0123456789ABCDEF01234567' },
} as unknown as Booking;

function lookupAt(msAfterCall: number, settings: { delayMs?: number; callTimeoutMs?: number }) {
  const clock = { now: () => new Date(bookedAt.getTime() + msAfterCall) };
  return createBookingLookup({ calls: nothingFound, clock, ...settings }).lookup(booking, bookedAt);
}

describe('a booking the carrier does not show', () => {
  it('is pending until the call’s timeout and then the indexing delay have passed, then absent', async () => {
    const settings = { delayMs: 2_000, callTimeoutMs: 5_000 };
    expect(await lookupAt(2_000, settings)).toMatchObject({ kind: 'pending', reason: expect.stringContaining('7 s') });
    expect(await lookupAt(6_999, settings)).toMatchObject({ kind: 'pending' });
    expect(await lookupAt(7_000, settings)).toEqual({ kind: 'absent' });
  });

  it('takes the carrier’s own indexing delay when none is configured', async () => {
    expect(await lookupAt(600_000, { callTimeoutMs: 30_000 })).toMatchObject({ kind: 'pending' });
    expect(await lookupAt(630_000, { callTimeoutMs: 30_000 })).toEqual({ kind: 'absent' });
  });
});

describe('the indexing delay by setup', () => {
  const settings = (env: Record<string, string>) =>
    loadConfig({ WAYBILL_SECRET_KEY: '0'.repeat(64), ...env }, carrierNames).carriers.lookupDelayMs;

  // A crashed batch in the default setup waited out carrier_a's ten minutes before settling, though the
  // emulator in the process shows every booking at once.
  it('is 0 with the built-in emulator, each carrier’s own with real carriers, and the setting wherever it is set', () => {
    expect(settings({})).toBe(0);
    expect(settings({ WAYBILL_CARRIERS: 'live' })).toBeUndefined();
    expect(settings({ WAYBILL_CARRIER_LOOKUP_DELAY_MS: '5000' })).toBe(5000);
    expect(settings({ WAYBILL_CARRIERS: 'live', WAYBILL_CARRIER_LOOKUP_DELAY_MS: '5000' })).toBe(5000);
  });
});
