/**
 * The carrier_c emulator: the DHL Express MyDHL API (carriers/README.md) at its real paths, mounted
 * by server.ts under `/carrier_c`. Routes live in one module per API; this file wires them, renders
 * DHL's problem bodies for every failure (DhlFailure, unparsable bodies, unknown paths) and answers
 * injected faults in DHL's own words.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { EmulatedCarrier, EmulatorContext, FaultResponse } from '../carrier.js';
import { statusCodeOf } from '../json.js';
import { registerAddressRoutes } from './address.js';
import { registerAuth } from './auth.js';
import { CARRIER_C_OPERATIONS, createCtx } from './context.js';
import { DhlFailure, problemBody, type DhlProblem } from './errors.js';
import { registerLocationRoutes } from './locations.js';
import { registerPickupRoutes } from './pickup.js';
import { registerRateRoutes } from './rate.js';
import { registerShipRoutes } from './ship.js';
import { CarrierCState } from './state.js';
import { registerTrackRoutes } from './track.js';

/** The first member of each operation's reply, cut off: what a `malformed` fault returns. */
const MALFORMED_START: Record<string, string> = {
  rate: '{"products":[{"productName":"EXPRESS WORL',
  ship: '{"url":"https://express.api.dhl.com/mydhlapi/shipments","shipmentTrackingNumber":"45',
  track: '{"shipments":[{"shipmentTrackingNumber":"',
  pickup: '{"dispatchConfirmationNumbers":["CVG',
  pickup_cancel: '{"dispatchConfirmationNumber":"',
  locations: '{"status":{"statusCode":1,"statusMessage":"OK"},"servicePoints":[{"facil',
  address_validate: '{"warnings":[],"address":[{"countryCode":"',
};

/** Paths of each operation, for the `instance` of injected faults. */
const PATHS: Record<string, string> = {
  rate: '/rates',
  ship: '/shipments',
  track: '/tracking',
  pickup: '/pickups',
  pickup_cancel: '/pickups',
  locations: '/servicepoints',
  address_validate: '/address-validate',
};

const PROBLEM_TYPE = 'application/problem+json';

export function createCarrierC(emulator: EmulatorContext): { carrier: EmulatedCarrier; state: CarrierCState } {
  const state = new CarrierCState(emulator.clock);
  const ctx = createCtx(state, emulator.clock);

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.setErrorHandler((err, request, reply) => {
      if (err instanceof DhlFailure) return reply.code(err.problem.status).type(PROBLEM_TYPE).send(problemBody(err.problem, request.url));
      const status = statusCodeOf(err) ?? 500;
      // Unparsable JSON, wrong content type, oversized body: DHL rejects the message as a whole.
      if (status >= 400 && status < 500) {
        return reply.code(400).type(PROBLEM_TYPE).send(problemBody({ status: 400, title: 'Bad request', detail: 'Invalid JSON request message. Please check the request message and retry.' }, request.url));
      }
      request.log.error({ err }, 'carrier_c emulator failure');
      return reply.code(500).type(PROBLEM_TYPE).send(problemBody({ status: 500, title: 'Internal Server Error', detail: 'Internal Server Error' }, request.url));
    });
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).type(PROBLEM_TYPE).send(problemBody({ status: 404, title: 'Not found', detail: `No resource at ${request.method} ${request.url.replace(/^\/carrier_c/, '')}` }, request.url)),
    );
    registerAuth(app);
    registerRateRoutes(app, ctx);
    registerShipRoutes(app, ctx);
    registerTrackRoutes(app, ctx);
    registerPickupRoutes(app, ctx);
    registerLocationRoutes(app, ctx);
    registerAddressRoutes(app, ctx);
  };

  const carrier: EmulatedCarrier = {
    slug: 'carrier_c',
    operations: CARRIER_C_OPERATIONS,
    plugin,
    faultResponse(kind, operation, retryAfterSeconds): FaultResponse {
      const problem = (p: DhlProblem, headers?: Record<string, string>): FaultResponse => ({
        status: p.status,
        contentType: PROBLEM_TYPE,
        body: JSON.stringify(problemBody(p, `/carrier_c${PATHS[operation] ?? ''}`)),
        ...(headers ? { headers } : {}),
      });
      switch (kind) {
        case 'http_500':
          return problem({ status: 500, title: 'Internal Server Error', detail: 'Internal Server Error' });
        case 'http_429':
          return problem({ status: 429, title: 'Too Many Requests', detail: 'Rate limit exceeded. Please retry later.' }, { 'retry-after': String(retryAfterSeconds) });
        case 'auth':
          return problem({ status: 401, title: 'Unauthorized', detail: 'Invalid Credentials' });
        case 'malformed':
          return { status: 200, contentType: 'application/json', body: MALFORMED_START[operation] ?? '{' };
      }
    },
  };
  return { carrier, state };
}
