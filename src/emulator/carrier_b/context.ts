/** What carrier_b's route modules share: state, clock and the operation tag faults look for. */
import type { EmulatorRouteTag } from '../carrier.js';
import type { ShiftableClock } from '../clock.js';
import type { CarrierBState } from './state.js';

export const CARRIER_B_OPERATIONS = ['oauth', 'rate', 'ship', 'cancel', 'track', 'pickup_availability', 'pickup', 'pickup_cancel', 'locations'] as const;
export type CarrierBOperation = (typeof CARRIER_B_OPERATIONS)[number];

export interface CarrierBCtx {
  state: CarrierBState;
  clock: ShiftableClock;
  tag(operation: CarrierBOperation): { config: { emulator: EmulatorRouteTag } };
}

export function createCtx(state: CarrierBState, clock: ShiftableClock): CarrierBCtx {
  return { state, clock, tag: (operation) => ({ config: { emulator: { carrier: 'carrier_b', operation } } }) };
}

/** UPS envelopes echo the caller's TransactionReference.CustomerContext. */
export function responseHeader(customerContext: string | undefined) {
  return {
    ResponseStatus: { Code: '1', Description: 'Success' },
    ...(customerContext ? { TransactionReference: { CustomerContext: customerContext } } : {}),
  };
}
