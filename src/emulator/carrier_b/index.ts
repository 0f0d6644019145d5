/**
 * The carrier_b emulator: UPS's REST APIs (src/carriers/carrier_b/README.md) at their real paths, mounted by
 * server.ts under `/carrier_b` (`/security/v1/oauth/token`, `/api/...`). Routes live in one module
 * per API; this file hands them to the shared skeleton (skeleton.ts) with UPS's error bodies for
 * every failure (UpsFailure, unparsable bodies, unknown paths) and for injected faults.
 */
import type { EmulatedCarrierModule, EmulatorContext } from '../carrier.js';
import { cutReplies, emulatedCarrier } from '../skeleton.js';
import { registerAddressRoutes } from './address.js';
import { registerAuth } from './auth.js';
import { CARRIER_B_OPERATIONS, createCtx } from './context.js';
import { errorBody, errors, UpsFailure } from './errors.js';
import { registerLocationRoutes } from './locations.js';
import { registerPickupRoutes } from './pickup.js';
import { registerRateRoutes } from './rate.js';
import { registerShipRoutes } from './ship.js';
import { CarrierBState } from './state.js';
import { registerTrackReferenceRoutes } from './track-reference.js';
import { registerTrackRoutes } from './track.js';

/** The first member of each operation's reply, cut off: what a `malformed` fault returns. */
const MALFORMED_START: Record<string, string> = {
  oauth: '{"token_type":"Bearer","access_token":"',
  rate: '{"RateResponse":{"RatedShipment":[{"Service":{"Code":"',
  ship: '{"ShipmentResponse":{"ShipmentResults":{"ShipmentIdentificationNumber":"',
  cancel: '{"VoidShipmentResponse":{"SummaryResult":{"Status":{"Code":"',
  track: '{"trackResponse":{"shipment":[{"inquiryNumber":"',
  track_reference: '{"trackResponse":{"shipment":[{"inquiryNumber":"',
  label_recovery: '{"LabelRecoveryResponse":{"ShipmentIdentificationNumber":"',
  pickup_availability: '{"PickupRateResponse":{"RateResult":{"CurrencyCode":"',
  pickup: '{"PickupCreationResponse":{"PRN":"',
  pickup_cancel: '{"PickupCancelResponse":{"Response":{"ResponseStatus":{"Code":"',
  locations: '{"PickupGetServiceCenterFacilitiesResponse":{"ServiceCenterLocation":{"DropOffFacilities":[{"Name":"',
};

export function createCarrierB(emulator: EmulatorContext): EmulatedCarrierModule<CarrierBState> {
  const state = new CarrierBState(emulator.clock, emulator.sequences, emulator.credentials);
  const ctx = createCtx(state, emulator.clock);

  return emulatedCarrier({
    slug: 'carrier_b',
    operations: CARRIER_B_OPERATIONS,
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
      known: (err) => (err instanceof UpsFailure ? { status: err.status, body: errorBody(err.errors) } : undefined),
      unreadable: () => ({ status: 400, body: errorBody([errors.body()]) }),
      internal: () => ({ status: 500, body: errorBody([errors.internal()]) }),
      notFound: () => ({ status: 404, body: errorBody([errors.noRoute()]) }),
    },
    bookings: () =>
      state.booked.map((s) => ({
        tracking_number: s.id,
        references: s.references,
        booked_at: s.bookedAt.toISOString(),
        cancelled: s.voidedAt !== undefined,
      })),
    faults: {
      contentType: 'application/json',
      http_500: () => errorBody([errors.internal()]),
      http_429: () => errorBody([errors.tooManyRequests()]),
      auth: (operation) => errorBody([operation === 'oauth' ? errors.badCredentials() : errors.invalidToken()]),
      malformed: cutReplies(MALFORMED_START),
    },
  });
}
