/**
 * dhl_parcel_de's only file with I/O: the Shipping API v2 through the shared client with a
 * password-grant token (auth.ts), and the Tracking API through it with HTTP Basic (the API app; the
 * portal user rides inside the request document). Everything it sends and reads is built and
 * parsed by the pure modules beside it; rates need no call at all (the price list, rate.ts).
 */
import { ApiError } from '../../domain/errors.js';
import type { CarrierAdapter, CarrierDeps } from '../carrier.js';
import { createHttpClient, formCodec, jsonCodec } from '../shared/http-client.js';
import { parseJson } from '../shared/calls.js';
import { billingNumberOf, buildTokenRequest, credentialsOf, parseValidateCredentialsResponse } from './auth.js';
import { buildCancelRequest, parseCancelResponse } from './cancel.js';
import { PUBLISHED_PRICES } from './codes-prices.js';
import { declaration } from './declaration.js';
import { ENDPOINTS } from './endpoints.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { buildRateRequest, parseRateResponse } from './rate.js';
import { buildShipRequest, parseShipResponse } from './ship.js';
import { buildTrackRequest, parseTrackManyResponse, parseTrackResponse } from './track.js';

export function createAdapter(deps: CarrierDeps): CarrierAdapter {
  const { clock } = deps;
  const base = { carrier: 'dhl_parcel_de' as const, parseErrorResponse, unexpectedBody };
  const shipping = createHttpClient(deps, {
    ...base,
    auth: { kind: 'oauth', token: ENDPOINTS.token, tokenRequest: buildTokenRequest },
    codec: jsonCodec(),
    headers: { accept: 'application/json' },
  });
  const tracking = createHttpClient(deps, {
    ...base,
    auth: { kind: 'basic', credentials: (call) => ({ username: credentialsOf(call.auth).clientId, password: credentialsOf(call.auth).clientSecret }) },
    codec: formCodec,
    headers: { accept: 'application/xml' },
  });
  // validate_credentials asks for a token now, never one held from before: every answer is read here.
  const login = createHttpClient(deps, { ...base, auth: { kind: 'none' }, codec: formCodec, ok: () => true });

  const track = async (call: Parameters<NonNullable<CarrierAdapter['track']>>[0], numbers: string[]) =>
    tracking.send(call, { endpoint: ENDPOINTS.track, query: buildTrackRequest(numbers, credentialsOf(call.auth)) });

  return {
    declaration,
    async rate(_call, req) {
      return parseRateResponse(PUBLISHED_PRICES, buildRateRequest(req));
    },
    async ship(call, req) {
      const { query, body } = buildShipRequest(req, billingNumberOf(call.auth), clock.now());
      return parseShipResponse(await shipping.send(call, { endpoint: ENDPOINTS.ship, query: Object.entries(query), body }), req.service);
    },
    async track(call, trackingNumber) {
      return parseTrackResponse(await track(call, [trackingNumber]), trackingNumber);
    },
    async trackMany(call, trackingNumbers) {
      return parseTrackManyResponse(await track(call, trackingNumbers), trackingNumbers);
    },
    async cancel(call, shipment) {
      return parseCancelResponse(await shipping.send(call, { endpoint: ENDPOINTS.cancel, query: buildCancelRequest(shipment) }));
    },
    async validateCredentials(call) {
      let c;
      try {
        c = credentialsOf(call.auth);
      } catch (err) {
        if (err instanceof ApiError) return { valid: false, message: err.message };
        throw err;
      }
      const form = { grant_type: 'password', username: c.username, password: c.password, client_id: c.clientId, client_secret: c.clientSecret };
      const res = await login.request(call, { endpoint: ENDPOINTS.token, body: form });
      if (res.status === 200 && parseValidateCredentialsResponse(parseJson(res.body, () => unexpectedBody('token response (not JSON)')))) {
        return { valid: true, message: 'dhl_parcel_de issued a token for the credentials' };
      }
      const err = parseErrorResponse(res.status, res.body, { auth: res.status === 400 || res.status === 401 || res.status === 403 });
      if (err.code === 'carrier_authentication') return { valid: false, message: err.message };
      throw err;
    },
  };
}
