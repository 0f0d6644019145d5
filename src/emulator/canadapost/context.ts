/** What canadapost's route modules share: state, clock, and the operation tag faults look for. */
import { carrierCtx, type CarrierCtx } from '../carrier.js';
import type { ShiftableClock } from '../clock.js';
import type { CanadapostState } from './state.js';

export const CANADAPOST_OPERATIONS = ['rate', 'services', 'ship', 'artifact', 'void', 'refund', 'track'] as const;
export type CanadapostOperation = (typeof CANADAPOST_OPERATIONS)[number];

export type CanadapostCtx = CarrierCtx<CanadapostState, CanadapostOperation>;

export function createCtx(state: CanadapostState, clock: ShiftableClock): CanadapostCtx {
  return carrierCtx('canadapost', state, clock);
}
