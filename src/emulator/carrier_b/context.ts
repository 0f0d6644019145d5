/** What carrier_b's route modules share: state, clock and the operation tag faults look for. */
import { carrierCtx, type CarrierCtx } from '../carrier.js';
import type { ShiftableClock } from '../clock.js';
import type { CarrierBState } from './state.js';

export const CARRIER_B_OPERATIONS = [
  'oauth',
  'rate',
  'ship',
  'cancel',
  'track',
  'track_reference',
  'label_recovery',
  'pickup_availability',
  'pickup',
  'pickup_cancel',
  'locations',
  'address',
] as const;
export type CarrierBOperation = (typeof CARRIER_B_OPERATIONS)[number];

export type CarrierBCtx = CarrierCtx<CarrierBState, CarrierBOperation>;

export function createCtx(state: CarrierBState, clock: ShiftableClock): CarrierBCtx {
  return carrierCtx('carrier_b', state, clock);
}

/** UPS envelopes echo the caller's TransactionReference.CustomerContext. */
export function responseHeader(customerContext: string | undefined) {
  return {
    ResponseStatus: { Code: '1', Description: 'Success' },
    ...(customerContext ? { TransactionReference: { CustomerContext: customerContext } } : {}),
  };
}
