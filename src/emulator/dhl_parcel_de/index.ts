/**
 * The dhl_parcel_de emulator: DHL Parcel Germany's authentication, Shipping v2 (orders and
 * manifests), Returns, Pickup v3 and Tracking APIs at
 * their real paths, mounted by server.ts under `/dhl_parcel_de`. Routes live in one module per
 * API; this file hands them to the shared skeleton with DHL's error bodies for every failure and
 * for injected faults (the tracking API's in XML).
 */
import type { EmulatedCarrierModule, EmulatorContext } from '../carrier.js';
import { cutReplies, emulatedCarrier } from '../skeleton.js';
import { registerAuth } from './auth.js';
import { createCtx, DHL_PARCEL_DE_OPERATIONS } from './context.js';
import { DhlFailure, errors } from './errors.js';
import { registerManifestRoutes } from './manifest.js';
import { registerPickupRoutes } from './pickup.js';
import { registerRateRoutes } from './rate.js';
import { registerReturnRoutes } from './returns.js';
import { registerShipRoutes } from './ship.js';
import { CarrierDhlParcelDeState } from './state.js';
import { registerTrackRoutes } from './track.js';

/** The first bytes of each operation's answer, cut off: what a `malformed` fault returns. */
const MALFORMED_START: Record<string, string> = {
  oauth: '{"access_token":"',
  ship: '{"status":{"title":"OK","statusCode":200},"items":[{"shipmentNo":"',
  cancel: '{"status":{"title":"OK","statusCode":200},"items":[{"shipmentNo":"',
  manifest: '{"status":{"title":"Multi-Status","statusCode":207},"items":[{"shipmentNo":"',
  pickup: '{"confirmation":{"type":"ORDERPICKUP","value":{"orderID":"',
  pickup_cancel: '{"confirmedCancellations":[{"orderID":"',
  track: '<?xml version="1.0" encoding="UTF-8"?><data name="piece-shipment-list" code="0"><data name="piece-',
};

export function createCarrierDhlParcelDe(emulator: EmulatorContext): EmulatedCarrierModule<CarrierDhlParcelDeState> {
  const state = new CarrierDhlParcelDeState(emulator.clock, emulator.sequences, emulator.credentials);
  const ctx = createCtx(state, emulator.clock);

  return emulatedCarrier({
    slug: 'dhl_parcel_de',
    operations: DHL_PARCEL_DE_OPERATIONS,
    state,
    ctx,
    routes: [
      registerAuth,
      registerRateRoutes,
      registerShipRoutes,
      registerReturnRoutes,
      registerManifestRoutes,
      registerPickupRoutes,
      registerTrackRoutes,
    ],
    errors: {
      known: (err) =>
        err instanceof DhlFailure ? { status: err.status, body: err.body, contentType: err.contentType } : undefined,
      unreadable: () => ({ status: 400, body: errors.badRequest() }),
      internal: () => ({ status: 500, body: errors.internal() }),
      notFound: () => ({ status: 404, body: errors.notFound() }),
    },
    bookings: () =>
      state.booked.map((s) => ({
        tracking_number: s.shipmentNo,
        references: s.refNo ? [s.refNo] : [],
        booked_at: s.bookedAt.toISOString(),
        cancelled: s.cancelledAt !== undefined,
      })),
    faults: {
      // The gateway answers every API's faults in its JSON problem shape.
      contentType: 'application/json',
      http_500: () => errors.internal(),
      http_429: () => errors.tooMany(),
      auth: (operation) => (operation === 'oauth' ? errors.invalidClient() : errors.unauthorized()),
      malformed: cutReplies(MALFORMED_START),
      malformedType: 'application/json',
    },
  });
}
