/**
 * The carrier_d emulator: the USPS REST APIs v3 (carriers/README.md) at their real paths, mounted
 * by server.ts under `/carrier_d`. Routes live in one module per API; this file wires them and
 * renders USPS's ErrorMessage body for every failure, injected faults included.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { EmulatedCarrier, EmulatorContext, FaultResponse } from '../carrier.js';
import { statusCodeOf } from '../json.js';
import { registerAuth } from './auth.js';
import { CARRIER_D_OPERATIONS, createCtx } from './context.js';
import { apiVersionOf, errorBody, errors, oauthBody, UspsFailure } from './errors.js';
import { registerLocationRoutes } from './locations.js';
import { registerPickupRoutes } from './pickup.js';
import { registerRateRoutes } from './rate.js';
import { registerScanFormRoutes } from './scan-form.js';
import { registerShipRoutes } from './ship.js';
import { CarrierDState } from './state.js';
import { registerTrackRoutes } from './track.js';

/** The first member of each operation's answer, cut off: what a `malformed` fault returns. */
const MALFORMED_START: Record<string, string> = {
  oauth: '{"token_type":"Bearer","access_token":"',
  payment_authorization: '{"paymentAuthorizationToken":"',
  rate: '{"rateOptions":[{"totalBasePrice":',
  ship: '{"labelMetadata":{"trackingNumber":"',
  cancel: '{"trackingNumber":"',
  track: '{"trackingNumber":"',
  pickup: '{"confirmationNumber":"',
  pickup_cancel: '{"confirmationNumber":"',
  locations: '[{"dropShipmentKey":"',
  manifest: '{"SCANFormMetadata":{"form":"',
};

/** The path each operation lives under, for the apiVersion of injected faults. */
const API_OF: Record<string, string> = {
  oauth: '/oauth2/v3',
  payment_authorization: '/payments/v3',
  rate: '/prices/v3',
  ship: '/labels/v3',
  cancel: '/labels/v3',
  track: '/tracking/v3',
  pickup: '/pickup/v3',
  pickup_cancel: '/pickup/v3',
  locations: '/locations/v3',
  manifest: '/scan-forms/v3',
};

export function createCarrierD(emulator: EmulatorContext): { carrier: EmulatedCarrier; state: CarrierDState } {
  const state = new CarrierDState(emulator.clock);
  const ctx = createCtx(state, emulator.clock);

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.setErrorHandler((err, request, reply) => {
      const api = apiVersionOf(request.url);
      if (err instanceof UspsFailure) return reply.code(err.status).send(err.oauth ? oauthBody(err.items) : errorBody(err.status, api, err.items));
      const status = statusCodeOf(err) ?? 500;
      if (status >= 400 && status < 500) return reply.code(400).send(errorBody(400, api, [errors.invalid('body', 'The request body could not be read.')]));
      request.log.error({ err }, 'carrier_d emulator failure');
      return reply.code(500).send(errorBody(500, api, [errors.internal()]));
    });
    app.setNotFoundHandler((request, reply) => reply.code(404).send(errorBody(404, apiVersionOf(request.url), [errors.unknownPath()])));
    registerAuth(app, ctx);
    registerRateRoutes(app, ctx);
    registerShipRoutes(app, ctx);
    registerTrackRoutes(app, ctx);
    registerPickupRoutes(app, ctx);
    registerLocationRoutes(app, ctx);
    registerScanFormRoutes(app, ctx);
  };

  const carrier: EmulatedCarrier = {
    slug: 'carrier_d',
    operations: CARRIER_D_OPERATIONS,
    plugin,
    faultResponse(kind, operation, retryAfterSeconds): FaultResponse {
      const api = API_OF[operation] ?? '/v3';
      const json = (status: number, body: unknown, headers?: Record<string, string>): FaultResponse => ({
        status,
        contentType: 'application/json',
        body: JSON.stringify(body),
        ...(headers ? { headers } : {}),
      });
      switch (kind) {
        case 'http_500':
          return json(500, errorBody(500, api, [errors.internal()]));
        case 'http_429':
          return json(429, errorBody(429, api, [errors.tooManyRequests()]), { 'retry-after': String(retryAfterSeconds) });
        case 'auth':
          return operation === 'oauth' ? json(401, oauthBody([errors.invalidClient()])) : json(401, errorBody(401, api, [errors.tokenInvalid()]));
        case 'malformed':
          return { status: 200, contentType: 'application/json', body: MALFORMED_START[operation] ?? '{' };
      }
    },
  };
  return { carrier, state };
}
