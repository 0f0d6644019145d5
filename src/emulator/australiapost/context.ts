/** What australiapost's route modules share: state, clock, and the operation tag faults look for. */
import { carrierCtx, type CarrierCtx } from '../carrier.js';
import type { ShiftableClock } from '../clock.js';
import type { CarrierAustraliaPostState } from './state.js';

export const AUSTRALIAPOST_OPERATIONS = ['rate', 'ship', 'label', 'cancel', 'track', 'manifest', 'account'] as const;
export type AustraliaPostOperation = (typeof AUSTRALIAPOST_OPERATIONS)[number];

export type AustraliaPostCtx = CarrierCtx<CarrierAustraliaPostState, AustraliaPostOperation>;

export function createCtx(state: CarrierAustraliaPostState, clock: ShiftableClock): AustraliaPostCtx {
  return carrierCtx('australiapost', state, clock);
}
