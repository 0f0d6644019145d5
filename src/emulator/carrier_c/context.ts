/** What carrier_c's route modules share: state, clock, and the operation tag faults look for. */
import type { EmulatorRouteTag } from '../carrier.js';
import type { ShiftableClock } from '../clock.js';
import type { CarrierCState } from './state.js';

export const CARRIER_C_OPERATIONS = ['rate', 'ship', 'track', 'pickup', 'pickup_cancel', 'locations', 'address_validate'] as const;
export type CarrierCOperation = (typeof CARRIER_C_OPERATIONS)[number];

export interface CarrierCCtx {
  state: CarrierCState;
  clock: ShiftableClock;
  tag(operation: CarrierCOperation): { config: { emulator: EmulatorRouteTag } };
}

export function createCtx(state: CarrierCState, clock: ShiftableClock): CarrierCCtx {
  return { state, clock, tag: (operation) => ({ config: { emulator: { carrier: 'carrier_c', operation } } }) };
}
