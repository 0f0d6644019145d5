/**
 * carrier_a's only file with I/O: the FedEx REST calls of endpoints.ts through the shared
 * client (OAuth, JSON). Everything it sends and reads is built and parsed by the pure modules beside it.
 */
import type { CarrierAdapter, CarrierCall, CarrierDeps } from '../carrier.js';
import { accountNumber } from '../shared/calls.js';
import type { Endpoint } from '../shared/endpoint.js';
import { createHttpClient, jsonCodec } from '../shared/http-client.js';
import { buildTokenRequest } from './auth.js';
import { ENDPOINTS } from './endpoints.js';
import { buildAddressRequest, parseAddressResponse } from './address.js';
import { buildCancelRequest, parseCancelResponse } from './cancel.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { declaration } from './declaration.js';
import { buildLocationsRequest, parseLocationsResponse } from './locations.js';
import { buildLookupRequest, parseLookupResponse } from './lookup.js';
import {
  buildPickupAvailabilityRequest,
  buildPickupCancelRequest,
  buildPickupRequest,
  parsePickupAvailabilityResponse,
  parsePickupCancelResponse,
  parsePickupResponse,
} from './pickup.js';
import { buildRateRequest, parseRateResponse } from './rate.js';
import { buildShipRequest, parseShipResponse } from './ship.js';
import { buildTrackRequest, parseTrackManyResponse, parseTrackResponse } from './track.js';

export function createAdapter(deps: CarrierDeps): CarrierAdapter {
  const { clock } = deps;
  const client = createHttpClient(deps, {
    carrier: 'carrier_a',
    auth: { kind: 'oauth', token: ENDPOINTS.token, tokenRequest: buildTokenRequest },
    codec: jsonCodec(),
    headers: { 'x-locale': 'en_US' },
    parseErrorResponse,
    unexpectedBody,
  });
  /** One authenticated JSON call (a refused token is renewed once). */
  const send = (call: CarrierCall, endpoint: Endpoint, body: unknown) => client.send(call, { endpoint, body });

  const hub = (call: CarrierCall) => (call.auth.hub_id ? { smartPostHubId: call.auth.hub_id } : {});

  return {
    declaration,
    async rate(call, req) {
      const body = await send(call, ENDPOINTS.rate, buildRateRequest(req, accountNumber(call), clock.now(), hub(call)));
      return parseRateResponse(body, {
        preferList: req.special_services?.includes('list_rates') ?? false,
        ...(req.currency ? { currency: req.currency } : {}),
      });
    },
    async ship(call, req) {
      return parseShipResponse(await send(call, ENDPOINTS.ship, buildShipRequest(req, accountNumber(call), hub(call))));
    },
    async track(call, trackingNumber) {
      return parseTrackResponse(await send(call, ENDPOINTS.track, buildTrackRequest(trackingNumber)), trackingNumber);
    },
    async trackMany(call, trackingNumbers) {
      return parseTrackManyResponse(
        await send(call, ENDPOINTS.track, buildTrackRequest(trackingNumbers)),
        trackingNumbers,
      );
    },
    async lookupReference(call, req, bookedAt) {
      return parseLookupResponse(
        await send(call, ENDPOINTS.lookupReference, buildLookupRequest(req, accountNumber(call), bookedAt)),
      );
    },
    async cancel(call, shipment) {
      return parseCancelResponse(
        await send(call, ENDPOINTS.cancel, buildCancelRequest(shipment.tracking_number, accountNumber(call))),
      );
    },
    async pickupAvailability(call, req) {
      const body = await send(
        call,
        ENDPOINTS.pickupAvailability,
        buildPickupAvailabilityRequest(req, accountNumber(call)),
      );
      return parsePickupAvailabilityResponse(body, { start_date: req.start_date, end_date: req.end_date });
    },
    async pickup(call, req) {
      return parsePickupResponse(await send(call, ENDPOINTS.pickup, buildPickupRequest(req, accountNumber(call))), req);
    },
    async cancelPickup(call, req) {
      const pickup = {
        confirmation_number: req.confirmation_number,
        pickup_date: req.date ?? clock.now().toISOString().slice(0, 10),
        ...(req.location_code ? { location_code: req.location_code } : {}),
      };
      return parsePickupCancelResponse(
        await send(call, ENDPOINTS.pickupCancel, buildPickupCancelRequest(pickup, accountNumber(call))),
      );
    },
    async locations(call, req) {
      return parseLocationsResponse(await send(call, ENDPOINTS.locations, buildLocationsRequest(req)));
    },
    async validateAddress(call, address) {
      return parseAddressResponse(
        await send(call, ENDPOINTS.address, buildAddressRequest(address, clock.now())),
        address,
      );
    },
  };
}
