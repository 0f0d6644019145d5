/**
 * The carrier_c emulator: the DHL Express MyDHL API (src/carriers/carrier_c/README.md) at its real paths, mounted
 * by server.ts under `/carrier_c`. Routes live in one module per API; this file hands them to the
 * shared skeleton (skeleton.ts) with DHL's problem bodies for every failure (DhlFailure, unparsable
 * bodies, unknown paths) and for injected faults.
 */
import type { EmulatedCarrierModule, EmulatorContext } from '../carrier.js';
import { cutReplies, emulatedCarrier, type ErrorReply } from '../skeleton.js';
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

const problem = (p: DhlProblem, instance: string): ErrorReply => ({
  status: p.status,
  body: problemBody(p, instance),
  contentType: PROBLEM_TYPE,
});
/** Injected faults name the operation's path as the problem's instance. */
const faultInstance = (operation: string): string => `/carrier_c${PATHS[operation] ?? ''}`;

export function createCarrierC(emulator: EmulatorContext): EmulatedCarrierModule<CarrierCState> {
  const state = new CarrierCState(emulator.clock, emulator.sequences, emulator.credentials);
  const ctx = createCtx(state, emulator.clock);

  return emulatedCarrier({
    slug: 'carrier_c',
    operations: CARRIER_C_OPERATIONS,
    state,
    ctx,
    routes: [
      registerAuth,
      registerRateRoutes,
      registerShipRoutes,
      registerTrackRoutes,
      registerPickupRoutes,
      registerLocationRoutes,
      registerAddressRoutes,
    ],
    errors: {
      known: (err, request) => (err instanceof DhlFailure ? problem(err.problem, request.url) : undefined),
      // Unparsable JSON, wrong content type, oversized body: DHL rejects the message as a whole.
      unreadable: (request) =>
        problem(
          {
            status: 400,
            title: 'Bad request',
            detail: 'Invalid JSON request message. Please check the request message and retry.',
          },
          request.url,
        ),
      internal: (request) =>
        problem({ status: 500, title: 'Internal Server Error', detail: 'Internal Server Error' }, request.url),
      notFound: (request) =>
        problem(
          {
            status: 404,
            title: 'Not found',
            detail: `No resource at ${request.method} ${request.url.replace(/^\/carrier_c/, '')}`,
          },
          request.url,
        ),
    },
    bookings: () =>
      state.booked.map((s) => ({
        tracking_number: s.waybill,
        references: s.references.map((r) => r.value),
        booked_at: s.bookedAt.toISOString(),
        cancelled: false,
      })),
    faults: {
      contentType: PROBLEM_TYPE,
      http_500: (operation) =>
        problemBody(
          { status: 500, title: 'Internal Server Error', detail: 'Internal Server Error' },
          faultInstance(operation),
        ),
      http_429: (operation) =>
        problemBody(
          { status: 429, title: 'Too Many Requests', detail: 'Rate limit exceeded. Please retry later.' },
          faultInstance(operation),
        ),
      auth: (operation) =>
        problemBody({ status: 401, title: 'Unauthorized', detail: 'Invalid Credentials' }, faultInstance(operation)),
      malformed: cutReplies(MALFORMED_START),
    },
  });
}
