/**
 * carrier_b's only file with I/O: OAuth2 client-credentials tokens and the UPS REST calls
 * (carriers/README.md: /api/rating, /api/shipments, /api/track/v1, /api/pickupcreation,
 * /api/pickup, /security/v1/oauth/token). Everything it sends and reads is built and parsed by
 * the pure modules beside it.
 */
import { randomUUID } from 'node:crypto';
import type { CarrierAdapter, CarrierCall, CarrierDeps } from '../carrier.js';
import { ApiError } from '../../domain/errors.js';
import type { PickupAvailabilityRequest, PickupSlot } from '../../domain/types.js';
import { accountNumber, parseJson, pathSegment } from '../shared/calls.js';
import { readTokenResponse, tokenKey, withBearer, type FetchedToken } from '../shared/oauth.js';
import { buildAddressRequest, parseAddressResponse } from './address.js';
import { buildCancelRequest, parseCancelResponse } from './cancel.js';
import { labelChoice } from './codes.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { declaration } from './declaration.js';
import { LOCATIONS_PATH, buildLocationsRequest, parseLocationsResponse } from './locations.js';
import {
  PICKUP_CANCEL_PATH,
  PICKUP_CREATE_PATH,
  PICKUP_RATE_PATH,
  availabilityDates,
  buildPickupAvailabilityRequest,
  buildPickupRequest,
  parsePickupCancelResponse,
  parsePickupAvailabilityResponse,
  parsePickupResponse,
} from './pickup.js';
import { buildRateRequest, parseRateResponse } from './rate.js';
import { API_VERSION } from './mapping.js';
import { buildShipRequest, parseShipResponse } from './ship.js';
import { buildTrackRequest, parseTrackResponse } from './track.js';

type Method = 'GET' | 'POST' | 'DELETE';

interface Endpoint {
  operation: string;
  method: Method;
  path: string;
  /** Safe to repeat: reads and quotes. Bookings, voids and pickups are not. */
  idempotent: boolean;
  /** A 404 means "no such shipment" (tracking, void). */
  lookup?: boolean;
  body?: unknown;
  headers?: Record<string, string>;
}

const TOKEN_PATH = '/security/v1/oauth/token';
/** Pickup availability asks one rating call per date; this many at a time. */
const AVAILABILITY_CONCURRENCY = 3;

/** The token endpoint's answer; fixtures/authentication_LoginResponse.json: expires_in is a string ("14399"). */
export function parseTokenResponse(json: unknown): FetchedToken {
  return readTokenResponse(json, unexpectedBody);
}

export function createCarrierBAdapter(deps: CarrierDeps): CarrierAdapter {
  const { transport, tokens, clock } = deps;

  /**
   * OAuth client id and secret: client_id/client_secret when present, else the legacy userid and
   * password (carriers/README.md), so accounts registered with the access-license trio still work.
   */
  function credentials(call: CarrierCall) {
    const clientId = call.auth.client_id ?? call.auth.userid;
    const clientSecret = call.auth.client_secret ?? call.auth.password;
    if (!clientId || !clientSecret) {
      throw new ApiError('carrier_authentication', 'carrier_b needs client_id and client_secret (or userid and password) in the shipping account auth', 'auth.client_id');
    }
    const base = deps.baseUrl('carrier_b', call.test);
    const merchant = accountNumber(call);
    const key = tokenKey('carrier_b', base, clientId, clientSecret, merchant);
    return { base, clientId, clientSecret, merchant, key };
  }

  function fetchToken(call: CarrierCall, c: ReturnType<typeof credentials>): () => Promise<FetchedToken> {
    return async () => {
      const res = await transport.request({
        carrier: 'carrier_b',
        operation: 'oauth',
        method: 'POST',
        url: `${c.base}${TOKEN_PATH}`,
        headers: {
          authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          'x-merchant-id': c.merchant,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
        idempotent: true,
        debug: call.debug,
        log: call.log,
      });
      if (res.status !== 200) throw parseErrorResponse(res.status, res.body, { auth: true });
      return parseTokenResponse(parseJson(res.body, () => unexpectedBody('token response (not JSON)')));
    };
  }

  /** One authenticated JSON call (a refused token is renewed once); transId names it in errors. */
  async function send(call: CarrierCall, endpoint: Endpoint): Promise<{ body: unknown; transId: string }> {
    const c = credentials(call);
    // Tracking.yaml: transId "An identifier unique to the request. Length 32".
    const transId = randomUUID().replace(/-/g, '');
    const attempt = async (bearer: string) =>
      transport.request({
        carrier: 'carrier_b',
        operation: endpoint.operation,
        method: endpoint.method,
        url: `${c.base}/api${endpoint.path}`,
        headers: {
          authorization: `Bearer ${bearer}`,
          transId,
          transactionSrc: 'waybill',
          ...(endpoint.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...endpoint.headers,
        },
        ...(endpoint.body === undefined ? {} : { body: JSON.stringify(endpoint.body) }),
        idempotent: endpoint.idempotent,
        debug: call.debug,
        log: call.log,
        signal: call.signal,
      });
    const res = await withBearer(tokens, c.key, fetchToken(call, c), attempt);
    const ctx = { transactionId: transId, lookup: endpoint.lookup ?? false };
    if (res.status < 200 || res.status >= 300) throw parseErrorResponse(res.status, res.body, ctx);
    return { body: parseJson(res.body, () => unexpectedBody(`${endpoint.operation} response (not JSON)`)), transId };
  }

  async function availability(call: CarrierCall, req: PickupAvailabilityRequest): Promise<PickupSlot[]> {
    const dates = availabilityDates(req.start_date, req.end_date);
    const account = accountNumber(call);
    const slots: (PickupSlot | undefined)[] = new Array(dates.length);
    let next = 0;
    let refusal: ApiError | undefined;
    const worker = async () => {
      for (let i = next++; i < dates.length; i = next++) {
        const date = dates[i] ?? req.start_date;
        try {
          const { body } = await send(call, { operation: 'pickup_availability', method: 'POST', path: PICKUP_RATE_PATH, idempotent: true, body: buildPickupAvailabilityRequest(req, date, account) });
          slots[i] = parsePickupAvailabilityResponse(body, date, req);
        } catch (err) {
          // A date UPS refuses (weekend, holiday, past) is not available; anything else fails the call.
          if (!(err instanceof ApiError) || err.code !== 'carrier_exception') throw err;
          refusal ??= err;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AVAILABILITY_CONCURRENCY, dates.length) }, worker));
    const available = slots.filter((s): s is PickupSlot => s !== undefined);
    // Every date refused is more likely a bad request (address, account) than a full calendar.
    if (available.length === 0 && refusal) throw refusal;
    return available;
  }

  return {
    declaration,
    async rate(call, req) {
      const { requestOption, body } = buildRateRequest(req, accountNumber(call), clock.now());
      const res = await send(call, { operation: 'rate', method: 'POST', path: `/rating/${API_VERSION}/${requestOption}`, idempotent: true, body });
      return parseRateResponse(res.body, { preferList: req.special_services?.includes('list_rates') ?? false });
    },
    async ship(call, req) {
      const body = buildShipRequest(req, accountNumber(call), clock.now());
      const res = await send(call, { operation: 'ship', method: 'POST', path: `/shipments/${API_VERSION}/ship`, idempotent: false, body });
      const label = labelChoice(req.label_type, req.label_size);
      return parseShipResponse(res.body, { deliver: label.deliver, ...(req.service ? { service: req.service } : {}) });
    },
    async track(call, trackingNumber) {
      const query = new URLSearchParams(buildTrackRequest()).toString();
      const res = await send(call, { operation: 'track', method: 'GET', path: `/track/v1/details/${pathSegment(trackingNumber, 'tracking_number')}?${query}`, idempotent: true, lookup: true });
      return parseTrackResponse(res.body, trackingNumber, res.transId);
    },
    async cancel(call, shipment) {
      const res = await send(call, { operation: 'cancel', method: 'DELETE', path: buildCancelRequest(shipment.carrier_shipment_id ?? shipment.tracking_number), idempotent: false, lookup: true });
      return parseCancelResponse(res.body, res.transId);
    },
    pickupAvailability: availability,
    async pickup(call, req) {
      const res = await send(call, { operation: 'pickup', method: 'POST', path: PICKUP_CREATE_PATH, idempotent: false, body: buildPickupRequest(req, accountNumber(call)) });
      return parsePickupResponse(res.body, req);
    },
    async cancelPickup(call, req) {
      const res = await send(call, { operation: 'pickup_cancel', method: 'DELETE', path: PICKUP_CANCEL_PATH, idempotent: false, headers: { Prn: req.confirmation_number } });
      return parsePickupCancelResponse(res.body);
    },
    async locations(call, req) {
      const res = await send(call, { operation: 'locations', method: 'POST', path: LOCATIONS_PATH, idempotent: true, body: buildLocationsRequest(req) });
      return parseLocationsResponse(res.body);
    },
    async validateAddress(call, address) {
      const { path, body } = buildAddressRequest(address);
      return parseAddressResponse((await send(call, { operation: 'address', method: 'POST', path, idempotent: true, body })).body, address);
    },
  };
}
