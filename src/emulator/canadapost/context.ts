/** What canadapost's route modules share: state, clock, and the operation tag faults look for. */
import { carrierCtx, type CarrierCtx } from '../carrier.js';
import type { ShiftableClock } from '../clock.js';
import type { CarrierCanadapostState } from './state.js';

export const CANADAPOST_OPERATIONS = [
  'rate',
  'services',
  'ship',
  'artifact',
  'void',
  'refund',
  'track',
  'return',
  'pickup_availability',
  'pickup',
  'pickup_cancel',
  'postoffice',
  'manifest',
  'shipments',
] as const;
export type CanadapostOperation = (typeof CANADAPOST_OPERATIONS)[number];

export type CanadapostCtx = CarrierCtx<CarrierCanadapostState, CanadapostOperation>;

export function createCtx(state: CarrierCanadapostState, clock: ShiftableClock): CanadapostCtx {
  return carrierCtx('canadapost', state, clock);
}
