/**
 * The australiapost emulator: Australia Post's Shipping and Tracking API at its real paths under
 * `/shipping/v1`, mounted by server.ts under `/australiapost`. Routes live in one module per part of
 * the API; this file hands them to the shared skeleton (skeleton.ts) with Australia Post's
 * `{ errors: [...] }` bodies for every failure and for injected faults.
 */
import type { EmulatedCarrierModule, EmulatorContext } from '../carrier.js';
import { cutReplies, emulatedCarrier, type ErrorReply } from '../skeleton.js';
import { registerAccountRoutes } from './account.js';
import { registerAuth } from './auth.js';
import { AUSTRALIAPOST_OPERATIONS, createCtx } from './context.js';
import { AusPostFailure, errorsBody, gatewayBody } from './errors.js';
import { registerManifestRoutes } from './manifest.js';
import { registerRateRoutes } from './rate.js';
import { registerShipRoutes } from './ship.js';
import { CarrierAustraliaPostState } from './state.js';
import { registerTrackRoutes } from './track.js';

/** The first member of each operation's reply, cut off: what a `malformed` fault returns. */
const MALFORMED_START: Record<string, string> = {
  rate: '{"items":[{"weight":2,"prices":[{"product_id":"T2',
  ship: '{"shipments":[{"shipment_id":"9lesEAOv',
  label: '{"labels":[{"request_id":"c2991876-',
  cancel: '{"errors":[{"co',
  track: '{"tracking_results":[{"tracking_id":"',
  manifest: '{"order":{"order_id":"AP00',
  account: '{"account_number":"',
};

const JSON_TYPE = 'application/json';

const reply = (status: number, body: unknown): ErrorReply => ({ status, body, contentType: JSON_TYPE });
const internal = (): Record<string, unknown> =>
  errorsBody([
    { code: '500', name: 'INTERNAL_SERVER_ERROR', message: 'An internal error has occurred. Please try again later.' },
  ]);

export function createCarrierAustraliaPost(
  emulator: EmulatorContext,
): EmulatedCarrierModule<CarrierAustraliaPostState> {
  const state = new CarrierAustraliaPostState(emulator.clock, emulator.sequences, emulator.credentials);
  const ctx = createCtx(state, emulator.clock);

  return emulatedCarrier({
    slug: 'australiapost',
    operations: AUSTRALIAPOST_OPERATIONS,
    state,
    ctx,
    routes: [
      registerAuth,
      registerAccountRoutes,
      registerRateRoutes,
      registerShipRoutes,
      registerTrackRoutes,
      registerManifestRoutes,
    ],
    errors: {
      known: (err) => {
        if (!(err instanceof AusPostFailure)) return undefined;
        // Refused credentials are the gateway's, in its own members.
        if (err.status === 401) return reply(401, gatewayBody('API_001', 'Unauthorised', err.message));
        return reply(err.status, errorsBody(err.errors));
      },
      unreadable: () =>
        reply(
          400,
          errorsBody([
            { code: '40001', name: 'JSON_PARSE_ERROR', message: 'The input request could not be parsed as JSON.' },
          ]),
        ),
      internal: () => reply(500, internal()),
      notFound: (request) =>
        reply(
          404,
          errorsBody([
            {
              code: '404',
              name: 'RESOURCE_NOT_FOUND',
              message: `No resource at ${request.method} ${request.url.replace(/^\/australiapost/, '')}.`,
            },
          ]),
        ),
    },
    bookings: () =>
      state.booked.flatMap((s) =>
        s.items[0]
          ? [
              {
                tracking_number: s.items[0].articleId,
                references: [s.reference, ...s.references].filter(Boolean),
                booked_at: s.bookedAt.toISOString(),
                cancelled: !state.shipments.has(s.shipmentId),
              },
            ]
          : [],
      ),
    faults: {
      contentType: JSON_TYPE,
      http_500: () => internal(),
      http_429: () =>
        gatewayBody('API_002', 'Too many requests', 'Too many requests. Please slow down and try again later.'),
      auth: () =>
        gatewayBody(
          'API_001',
          'Unauthorised',
          'The request was not authorised. Please check the API key and password.',
        ),
      malformed: cutReplies(MALFORMED_START),
    },
  });
}
