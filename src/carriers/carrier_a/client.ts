/**
 * carrier_a's only file with I/O: OAuth2 client-credentials tokens and the FedEx REST calls
 * (carriers/README.md: rate/v1, ship/v1, track/v1, pickup/v1, location/v1, oauth/token). Everything
 * it sends and reads is built and parsed by the pure modules beside it.
 */
import type { CarrierAdapter, CarrierCall, CarrierDeps } from '../carrier.js';
import { ApiError } from '../../domain/errors.js';
import { accountNumber, parseJson } from '../shared/calls.js';
import { readTokenResponse, tokenKey, withBearer, type FetchedToken } from '../shared/oauth.js';
import { buildAddressRequest, parseAddressResponse } from './address.js';
import { buildCancelRequest, parseCancelResponse } from './cancel.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { declaration } from './declaration.js';
import { buildLocationsRequest, parseLocationsResponse } from './locations.js';
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

type Method = 'POST' | 'PUT';

interface Endpoint {
  operation: string;
  method: Method;
  path: string;
  /** Safe to repeat: reads and quotes. Bookings, cancellations and pickups are not. */
  idempotent: boolean;
}

const ENDPOINTS = {
  rate: { operation: 'rate', method: 'POST', path: '/rate/v1/rates/quotes', idempotent: true },
  ship: { operation: 'ship', method: 'POST', path: '/ship/v1/shipments', idempotent: false },
  cancel: { operation: 'cancel', method: 'PUT', path: '/ship/v1/shipments/cancel', idempotent: false },
  track: { operation: 'track', method: 'POST', path: '/track/v1/trackingnumbers', idempotent: true },
  pickupAvailability: { operation: 'pickup_availability', method: 'POST', path: '/pickup/v1/pickups/availabilities', idempotent: true },
  pickup: { operation: 'pickup', method: 'POST', path: '/pickup/v1/pickups', idempotent: false },
  pickupCancel: { operation: 'pickup_cancel', method: 'PUT', path: '/pickup/v1/pickups/cancel', idempotent: false },
  locations: { operation: 'locations', method: 'POST', path: '/location/v1/locations', idempotent: true },
  address: { operation: 'address', method: 'POST', path: '/address/v1/addresses/resolve', idempotent: true },
} satisfies Record<string, Endpoint>;

export function createCarrierAAdapter(deps: CarrierDeps): CarrierAdapter {
  const { transport, tokens, clock } = deps;

  function credentials(call: CarrierCall) {
    const clientId = call.auth.client_id;
    const clientSecret = call.auth.client_secret;
    if (!clientId || !clientSecret) {
      throw new ApiError('carrier_authentication', 'carrier_a needs client_id and client_secret in the shipping account auth to use its REST API', 'auth.client_id');
    }
    const base = deps.baseUrl('carrier_a', call.test);
    const key = tokenKey('carrier_a', base, clientId, clientSecret);
    return { base, clientId, clientSecret, key };
  }

  function fetchToken(call: CarrierCall, c: ReturnType<typeof credentials>): () => Promise<FetchedToken> {
    return async () => {
      const res = await transport.request({
        carrier: 'carrier_a',
        operation: 'oauth',
        method: 'POST',
        url: `${c.base}/oauth/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }).toString(),
        idempotent: true,
        debug: call.debug,
        log: call.log,
      });
      if (res.status !== 200) throw parseErrorResponse(res.status, res.body, { auth: true });
      return readTokenResponse(parseJson(res.body, () => unexpectedBody('token response (not JSON)')), unexpectedBody);
    };
  }

  /** One authenticated JSON call (a refused token is renewed once). */
  async function send(call: CarrierCall, endpoint: Endpoint, payload: unknown): Promise<unknown> {
    const c = credentials(call);
    const attempt = async (bearer: string) =>
      transport.request({
        carrier: 'carrier_a',
        operation: endpoint.operation,
        method: endpoint.method,
        url: `${c.base}${endpoint.path}`,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'x-locale': 'en_US' },
        body: JSON.stringify(payload),
        idempotent: endpoint.idempotent,
        debug: call.debug,
        log: call.log,
        signal: call.signal,
      });
    const res = await withBearer(tokens, c.key, fetchToken(call, c), attempt);
    if (res.status < 200 || res.status >= 300) throw parseErrorResponse(res.status, res.body);
    return parseJson(res.body, () => unexpectedBody(`${endpoint.operation} response (not JSON)`));
  }

  const hub = (call: CarrierCall) => (call.auth.hub_id ? { smartPostHubId: call.auth.hub_id } : {});

  return {
    declaration,
    async rate(call, req) {
      const body = await send(call, ENDPOINTS.rate, buildRateRequest(req, accountNumber(call), clock.now(), hub(call)));
      return parseRateResponse(body, { preferList: req.special_services?.includes('list_rates') ?? false, ...(req.currency ? { currency: req.currency } : {}) });
    },
    async ship(call, req) {
      return parseShipResponse(await send(call, ENDPOINTS.ship, buildShipRequest(req, accountNumber(call), hub(call))));
    },
    async track(call, trackingNumber) {
      return parseTrackResponse(await send(call, ENDPOINTS.track, buildTrackRequest(trackingNumber)), trackingNumber);
    },
    async trackMany(call, trackingNumbers) {
      return parseTrackManyResponse(await send(call, ENDPOINTS.track, buildTrackRequest(trackingNumbers)), trackingNumbers);
    },
    async cancel(call, shipment) {
      return parseCancelResponse(await send(call, ENDPOINTS.cancel, buildCancelRequest(shipment.tracking_number, accountNumber(call))));
    },
    async pickupAvailability(call, req) {
      const body = await send(call, ENDPOINTS.pickupAvailability, buildPickupAvailabilityRequest(req, accountNumber(call)));
      return parsePickupAvailabilityResponse(body, { start_date: req.start_date, end_date: req.end_date });
    },
    async pickup(call, req) {
      return parsePickupResponse(await send(call, ENDPOINTS.pickup, buildPickupRequest(req, accountNumber(call))), req);
    },
    async cancelPickup(call, req) {
      const pickup = { confirmation_number: req.confirmation_number, pickup_date: req.date ?? clock.now().toISOString().slice(0, 10), ...(req.location_code ? { location_code: req.location_code } : {}) };
      return parsePickupCancelResponse(await send(call, ENDPOINTS.pickupCancel, buildPickupCancelRequest(pickup, accountNumber(call))));
    },
    async locations(call, req) {
      return parseLocationsResponse(await send(call, ENDPOINTS.locations, buildLocationsRequest(req)));
    },
    async validateAddress(call, address) {
      return parseAddressResponse(await send(call, ENDPOINTS.address, buildAddressRequest(address, clock.now())), address);
    },
  };
}
