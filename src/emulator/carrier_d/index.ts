/**
 * The carrier_d emulator: the USPS REST APIs v3 (src/carriers/carrier_d/README.md) at their real paths, mounted
 * by server.ts under `/carrier_d`. Routes live in one module per API; this file hands them to the
 * shared skeleton (skeleton.ts) with USPS's ErrorMessage body for every failure, injected faults
 * included.
 */
import type { EmulatedCarrierModule, EmulatorContext } from '../carrier.js';
import { cutReplies, emulatedCarrier } from '../skeleton.js';
import { registerAddressRoutes } from './address.js';
import { registerAuth } from './auth.js';
import { CARRIER_D_OPERATIONS, createCtx } from './context.js';
import { apiVersionOf, errorBody, errors, oauthBody, UspsFailure } from './errors.js';
import { registerLocationRoutes } from './locations.js';
import { registerPickupRoutes } from './pickup.js';
import { registerRateRoutes } from './rate.js';
import { registerManifestRoutes } from './manifest.js';
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

const apiOf = (operation: string): string => API_OF[operation] ?? '/v3';

export function createCarrierD(emulator: EmulatorContext): EmulatedCarrierModule<CarrierDState> {
  const state = new CarrierDState(emulator.clock, emulator.sequences, emulator.credentials);
  const ctx = createCtx(state, emulator.clock);

  return emulatedCarrier({
    slug: 'carrier_d',
    operations: CARRIER_D_OPERATIONS,
    state,
    ctx,
    routes: [
      registerAuth,
      registerRateRoutes,
      registerShipRoutes,
      registerTrackRoutes,
      registerPickupRoutes,
      registerLocationRoutes,
      registerManifestRoutes,
      registerAddressRoutes,
    ],
    errors: {
      known: (err, request) =>
        err instanceof UspsFailure
          ? {
              status: err.status,
              body: err.oauth ? oauthBody(err.items) : errorBody(err.status, apiVersionOf(request.url), err.items),
            }
          : undefined,
      unreadable: (request) => ({
        status: 400,
        body: errorBody(400, apiVersionOf(request.url), [
          errors.invalid('body', 'The request body could not be read.'),
        ]),
      }),
      internal: (request) => ({ status: 500, body: errorBody(500, apiVersionOf(request.url), [errors.internal()]) }),
      notFound: (request) => ({ status: 404, body: errorBody(404, apiVersionOf(request.url), [errors.unknownPath()]) }),
    },
    faults: {
      contentType: 'application/json',
      http_500: (operation) => errorBody(500, apiOf(operation), [errors.internal()]),
      http_429: (operation) => errorBody(429, apiOf(operation), [errors.tooManyRequests()]),
      auth: (operation) =>
        operation === 'oauth'
          ? oauthBody([errors.invalidClient()])
          : errorBody(401, apiOf(operation), [errors.tokenInvalid()]),
      malformed: cutReplies(MALFORMED_START),
    },
  });
}
