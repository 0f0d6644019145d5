/**
 * The carrier_a emulator: FedEx's REST APIs (src/carriers/carrier_a/README.md) at their real paths, mounted by
 * server.ts under `/carrier_a`. Routes live in one module per API; this file hands them to the
 * shared skeleton (skeleton.ts) with FedEx's error bodies for every failure (FedexFailure,
 * unparsable bodies, unknown paths) and for injected faults.
 */
import type { FastifyRequest } from 'fastify';
import type { EmulatedCarrierModule, EmulatorContext } from '../carrier.js';
import { emulatedCarrier } from '../skeleton.js';
import { registerAddressRoutes } from './address.js';
import { registerAuth } from './auth.js';
import { CARRIER_A_OPERATIONS, createCtx, customerTransactionId } from './context.js';
import { errorBody, errors, FedexFailure, type FedexError } from './errors.js';
import { registerLocationRoutes } from './locations.js';
import { registerPickupRoutes } from './pickup.js';
import { registerRateRoutes } from './rate.js';
import { registerShipRoutes } from './ship.js';
import { CarrierAState } from './state.js';
import { registerTrackReferenceRoutes } from './track-reference.js';
import { registerTrackRoutes } from './track.js';

/** The first member of each operation's reply, cut off: what a `malformed` fault returns. */
const MALFORMED_START: Record<string, string> = {
  oauth: '{"access_token":"',
  rate: '{"output":{"rateReplyDetails":[{"serviceType":"',
  ship: '{"output":{"transactionShipments":[{"masterTrackingNumber":"',
  cancel: '{"output":{"cancelledShipment":tr',
  track: '{"output":{"completeTrackResults":[{"trackingNumber":"',
  track_reference: '{"output":{"completeTrackResults":[{"trackingNumber":"',
  pickup_availability: '{"output":{"options":[{"carrier":"',
  pickup: '{"output":{"pickupConfirmationCode":"',
  pickup_cancel: '{"output":{"pickupConfirmationCode":"',
  locations: '{"output":{"totalResults":',
};

export function createCarrierA(emulator: EmulatorContext): EmulatedCarrierModule<CarrierAState> {
  const state = new CarrierAState(emulator.clock, emulator.sequences, emulator.credentials);
  const ctx = createCtx(state, emulator.clock, emulator.drawing);
  // Every error body takes the next transaction id; only replies to a request echo its customer id.
  const reply = (status: number, list: FedexError[], request?: FastifyRequest) => ({
    status,
    body: errorBody(state.nextTransactionId(), request && customerTransactionId(request), list),
  });

  return emulatedCarrier({
    slug: 'carrier_a',
    operations: CARRIER_A_OPERATIONS,
    state,
    ctx,
    routes: [
      registerAuth,
      registerRateRoutes,
      registerShipRoutes,
      registerTrackRoutes,
      registerTrackReferenceRoutes,
      registerPickupRoutes,
      registerLocationRoutes,
      registerAddressRoutes,
    ],
    errors: {
      known: (err, request) => (err instanceof FedexFailure ? reply(err.status, err.errors, request) : undefined),
      // Unparsable JSON, wrong content type, oversized body: FedEx rejects the input as a whole.
      unreadable: (request) => reply(400, [errors.invalidInput('body')], request),
      internal: (request) => reply(500, [errors.internal()], request),
      notFound: (request) => reply(404, [errors.notFound()], request),
    },
    bookings: () =>
      state.booked.map((s) => ({
        tracking_number: s.masterTrackingNumber,
        references: s.references.map((r) => r.value),
        booked_at: s.bookedAt.toISOString(),
        cancelled: s.cancelledAt !== undefined,
      })),
    faults: {
      contentType: 'application/json',
      http_500: () => reply(500, [errors.internal()]).body,
      http_429: () => reply(429, [errors.tooManyRequests()]).body,
      auth: (operation) => reply(401, [operation === 'oauth' ? errors.badCredentials() : errors.tokenExpired()]).body,
      malformed: (operation) =>
        operation === 'oauth'
          ? (MALFORMED_START.oauth ?? '{')
          : `{"transactionId":"${state.nextTransactionId()}",${(MALFORMED_START[operation] ?? '{').slice(1)}`,
    },
  });
}
