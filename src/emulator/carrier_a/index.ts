/**
 * The carrier_a emulator: FedEx's REST APIs (carriers/README.md) at their real paths, mounted by
 * server.ts under `/carrier_a`. Routes live in one module per API; this file wires them, renders
 * FedEx error bodies for every failure (FedexFailure, unparsable bodies, unknown paths) and
 * answers injected faults in FedEx's own words.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { EmulatedCarrier, EmulatorContext, FaultResponse } from '../carrier.js';
import { statusCodeOf } from '../json.js';
import { registerAuth } from './auth.js';
import { CARRIER_A_OPERATIONS, createCtx, customerTransactionId } from './context.js';
import { errorBody, errors, FedexFailure } from './errors.js';
import { registerLocationRoutes } from './locations.js';
import { registerPickupRoutes } from './pickup.js';
import { registerRateRoutes } from './rate.js';
import { registerShipRoutes } from './ship.js';
import { CarrierAState } from './state.js';
import { registerTrackRoutes } from './track.js';

/** The first member of each operation's reply, cut off: what a `malformed` fault returns. */
const MALFORMED_START: Record<string, string> = {
  oauth: '{"access_token":"',
  rate: '{"output":{"rateReplyDetails":[{"serviceType":"',
  ship: '{"output":{"transactionShipments":[{"masterTrackingNumber":"',
  cancel: '{"output":{"cancelledShipment":tr',
  track: '{"output":{"completeTrackResults":[{"trackingNumber":"',
  pickup_availability: '{"output":{"options":[{"carrier":"',
  pickup: '{"output":{"pickupConfirmationCode":"',
  pickup_cancel: '{"output":{"pickupConfirmationCode":"',
  locations: '{"output":{"totalResults":',
};

export function createCarrierA(emulator: EmulatorContext): { carrier: EmulatedCarrier; state: CarrierAState } {
  const state = new CarrierAState(emulator.clock);
  const ctx = createCtx(state, emulator.clock);

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.setErrorHandler((err, request, reply) => {
      const ctid = customerTransactionId(request);
      if (err instanceof FedexFailure) return reply.code(err.status).send(errorBody(state.nextTransactionId(), ctid, err.errors));
      const status = statusCodeOf(err) ?? 500;
      // Unparsable JSON, wrong content type, oversized body: FedEx rejects the input as a whole.
      if (status >= 400 && status < 500) {
        return reply.code(400).send(errorBody(state.nextTransactionId(), ctid, [errors.invalidInput('body')]));
      }
      request.log.error({ err }, 'carrier_a emulator failure');
      return reply.code(500).send(errorBody(state.nextTransactionId(), ctid, [errors.internal()]));
    });
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send(errorBody(state.nextTransactionId(), customerTransactionId(request), [errors.notFound()])),
    );
    registerAuth(app, ctx);
    registerRateRoutes(app, ctx);
    registerShipRoutes(app, ctx);
    registerTrackRoutes(app, ctx);
    registerPickupRoutes(app, ctx);
    registerLocationRoutes(app, ctx);
  };

  const carrier: EmulatedCarrier = {
    slug: 'carrier_a',
    operations: CARRIER_A_OPERATIONS,
    plugin,
    faultResponse(kind, operation, retryAfterSeconds): FaultResponse {
      const json = (status: number, list = [errors.internal()], headers?: Record<string, string>): FaultResponse => ({
        status,
        contentType: 'application/json',
        body: JSON.stringify(errorBody(state.nextTransactionId(), undefined, list)),
        ...(headers ? { headers } : {}),
      });
      switch (kind) {
        case 'http_500':
          return json(500);
        case 'http_429':
          return json(429, [errors.tooManyRequests()], { 'retry-after': String(retryAfterSeconds) });
        case 'auth':
          return json(401, [operation === 'oauth' ? errors.badCredentials() : errors.tokenExpired()]);
        case 'malformed':
          return {
            status: 200,
            contentType: 'application/json',
            body: operation === 'oauth' ? MALFORMED_START.oauth ?? '{' : `{"transactionId":"${state.nextTransactionId()}",${(MALFORMED_START[operation] ?? '{').slice(1)}`,
          };
      }
    },
  };
  return { carrier, state };
}
