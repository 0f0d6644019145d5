/**
 * The carrier_b emulator: UPS's REST APIs (carriers/README.md) at their real paths, mounted by
 * server.ts under `/carrier_b` (`/security/v1/oauth/token`, `/api/...`). Routes live in one module
 * per API; this file wires them, renders UPS error bodies for every failure (UpsFailure,
 * unparsable bodies, unknown paths) and answers injected faults in UPS's own words.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { EmulatedCarrier, EmulatorContext, FaultResponse } from '../carrier.js';
import { statusCodeOf } from '../json.js';
import { registerAuth } from './auth.js';
import { CARRIER_B_OPERATIONS, createCtx } from './context.js';
import { errorBody, errors, UpsFailure } from './errors.js';
import { registerLocationRoutes } from './locations.js';
import { registerPickupRoutes } from './pickup.js';
import { registerRateRoutes } from './rate.js';
import { registerShipRoutes } from './ship.js';
import { CarrierBState } from './state.js';
import { registerTrackRoutes } from './track.js';

/** The first member of each operation's reply, cut off: what a `malformed` fault returns. */
const MALFORMED_START: Record<string, string> = {
  oauth: '{"token_type":"Bearer","access_token":"',
  rate: '{"RateResponse":{"RatedShipment":[{"Service":{"Code":"',
  ship: '{"ShipmentResponse":{"ShipmentResults":{"ShipmentIdentificationNumber":"',
  cancel: '{"VoidShipmentResponse":{"SummaryResult":{"Status":{"Code":"',
  track: '{"trackResponse":{"shipment":[{"inquiryNumber":"',
  pickup_availability: '{"PickupRateResponse":{"RateResult":{"CurrencyCode":"',
  pickup: '{"PickupCreationResponse":{"PRN":"',
  pickup_cancel: '{"PickupCancelResponse":{"Response":{"ResponseStatus":{"Code":"',
  locations: '{"PickupGetServiceCenterFacilitiesResponse":{"ServiceCenterLocation":{"DropOffFacilities":[{"Name":"',
};

export function createCarrierB(emulator: EmulatorContext): { carrier: EmulatedCarrier; state: CarrierBState } {
  const state = new CarrierBState(emulator.clock);
  const ctx = createCtx(state, emulator.clock);

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.setErrorHandler((err, request, reply) => {
      if (err instanceof UpsFailure) return reply.code(err.status).send(errorBody(err.errors));
      const status = statusCodeOf(err) ?? 500;
      if (status >= 400 && status < 500) return reply.code(400).send(errorBody([errors.body()]));
      request.log.error({ err }, 'carrier_b emulator failure');
      return reply.code(500).send(errorBody([errors.internal()]));
    });
    app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody([errors.noRoute()])));
    registerAuth(app, ctx);
    registerRateRoutes(app, ctx);
    registerShipRoutes(app, ctx);
    registerTrackRoutes(app, ctx);
    registerPickupRoutes(app, ctx);
    registerLocationRoutes(app, ctx);
  };

  const carrier: EmulatedCarrier = {
    slug: 'carrier_b',
    operations: CARRIER_B_OPERATIONS,
    plugin,
    faultResponse(kind, operation, retryAfterSeconds): FaultResponse {
      const json = (status: number, list = [errors.internal()], headers?: Record<string, string>): FaultResponse => ({
        status,
        contentType: 'application/json',
        body: JSON.stringify(errorBody(list)),
        ...(headers ? { headers } : {}),
      });
      switch (kind) {
        case 'http_500':
          return json(500);
        case 'http_429':
          return json(429, [errors.tooManyRequests()], { 'retry-after': String(retryAfterSeconds) });
        case 'auth':
          return json(401, [operation === 'oauth' ? errors.badCredentials() : errors.invalidToken()]);
        case 'malformed':
          return { status: 200, contentType: 'application/json', body: MALFORMED_START[operation] ?? '{' };
      }
    },
  };
  return { carrier, state };
}
