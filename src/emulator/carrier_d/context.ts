/** What carrier_d's route modules share: state, clock and the operation tag faults look for. */
import { carrierCtx, type CarrierCtx } from '../carrier.js';
import type { ShiftableClock } from '../clock.js';
import type { CarrierDState } from './state.js';

export const CARRIER_D_OPERATIONS = [
  'oauth',
  'payment_authorization',
  'rate',
  'ship',
  'cancel',
  'track',
  'pickup',
  'pickup_cancel',
  'locations',
  'manifest',
  'address',
] as const;
export type CarrierDOperation = (typeof CARRIER_D_OPERATIONS)[number];

export type CarrierDCtx = CarrierCtx<CarrierDState, CarrierDOperation>;

export function createCtx(state: CarrierDState, clock: ShiftableClock): CarrierDCtx {
  return carrierCtx('carrier_d', state, clock);
}
