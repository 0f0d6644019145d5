/** What carrier_c's route modules share: state, clock, and the operation tag faults look for. */
import { carrierCtx, type CarrierCtx } from '../carrier.js';
import type { ShiftableClock } from '../clock.js';
import type { CarrierCState } from './state.js';

export const CARRIER_C_OPERATIONS = [
  'rate',
  'ship',
  'track',
  'pickup',
  'pickup_cancel',
  'locations',
  'address_validate',
] as const;
export type CarrierCOperation = (typeof CARRIER_C_OPERATIONS)[number];

export type CarrierCCtx = CarrierCtx<CarrierCState, CarrierCOperation>;

export function createCtx(state: CarrierCState, clock: ShiftableClock): CarrierCCtx {
  return carrierCtx('carrier_c', state, clock);
}
