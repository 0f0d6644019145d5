/** What carrier_d's route modules share: state, clock and the operation tag faults look for. */
import type { EmulatorRouteTag } from '../carrier.js';
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
] as const;
export type CarrierDOperation = (typeof CARRIER_D_OPERATIONS)[number];

export interface CarrierDCtx {
  state: CarrierDState;
  clock: ShiftableClock;
  tag(operation: CarrierDOperation): { config: { emulator: EmulatorRouteTag } };
}

export function createCtx(state: CarrierDState, clock: ShiftableClock): CarrierDCtx {
  return { state, clock, tag: (operation) => ({ config: { emulator: { carrier: 'carrier_d', operation } } }) };
}
