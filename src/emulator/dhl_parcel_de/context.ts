/** What dhl_parcel_de's route modules share: state, clock and the operation tag faults look for. */
import { carrierCtx, type CarrierCtx } from '../carrier.js';
import type { ShiftableClock } from '../clock.js';
import type { CarrierDhlParcelDeState } from './state.js';

export const DHL_PARCEL_DE_OPERATIONS = [
  'oauth',
  'ship',
  'cancel',
  'manifest',
  'pickup',
  'pickup_cancel',
  'track',
] as const;
export type DhlParcelDeOperation = (typeof DHL_PARCEL_DE_OPERATIONS)[number];

export type DhlParcelDeCtx = CarrierCtx<CarrierDhlParcelDeState, DhlParcelDeOperation>;

export function createCtx(state: CarrierDhlParcelDeState, clock: ShiftableClock): DhlParcelDeCtx {
  return carrierCtx('dhl_parcel_de', state, clock);
}
