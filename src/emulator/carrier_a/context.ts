/**
 * What carrier_a's route modules share: state, clock, the operation tag faults look for, and the
 * FedEx reply envelope `{ transactionId, customerTransactionId?, output }` (every vendor/*.json 200).
 */
import type { FastifyRequest } from 'fastify';
import { carrierCtx, type CarrierCtx, type Drawing } from '../carrier.js';
import type { ShiftableClock } from '../clock.js';
import type { CarrierAState } from './state.js';

export const CARRIER_A_OPERATIONS = [
  'oauth',
  'rate',
  'ship',
  'cancel',
  'track',
  'track_reference',
  'pickup_availability',
  'pickup',
  'pickup_cancel',
  'locations',
  'address',
] as const;
export type CarrierAOperation = (typeof CARRIER_A_OPERATIONS)[number];

export interface CarrierACtx extends CarrierCtx<CarrierAState, CarrierAOperation> {
  /** How its labels and invoices are drawn (the emulator's, handed in). */
  drawing: Drawing;
  /** The success envelope, echoing the caller's x-customer-transaction-id like FedEx does. */
  envelope<T>(request: FastifyRequest, output: T): { transactionId: string; customerTransactionId?: string; output: T };
}

export function customerTransactionId(request: FastifyRequest): string | undefined {
  const value = request.headers['x-customer-transaction-id'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function createCtx(state: CarrierAState, clock: ShiftableClock, drawing: Drawing): CarrierACtx {
  return {
    ...carrierCtx('carrier_a', state, clock),
    drawing,
    envelope(request, output) {
      const ctid = customerTransactionId(request);
      return { transactionId: state.nextTransactionId(), ...(ctid ? { customerTransactionId: ctid } : {}), output };
    },
  };
}
